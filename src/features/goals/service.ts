/**
 * Goals (API.md §Goals): energy and the three macros, each a number or null (no goal), for every
 * day or per weekday, in plans that apply from a date on. Setting goals never rewrites the days
 * before the new plan starts, so past adherence is judged against the goals of the time.
 */
import type { Ctx, Deps } from "../../context";
import { tx, type Q } from "../../db/q";
import { localDate } from "../../lib/time";
import { checkGoalsInput, latestGoalsStart } from "./validate";
import { GOAL_KEYS, goalsDocument, type Goals, type GoalKey, type Percents, type Plan, type Weekday } from "./plans";

export { GOAL_KEYS, type Goals, type GoalKey };
export { goalsOn, goalsOver, type Plan } from "./plans";
export { checkGoalsInput } from "./validate";
export { GoalsDocument, GoalsSchema, PutGoalsBody } from "./model";
import { type GoalsDocument, PutGoalsBody, type PutGoalsInput } from "./model";

type GoalsDocumentT = typeof GoalsDocument.static;
import { checkSchema } from "../../schema/validation";

/** goal_plans.goals as stored; plans written before % goals and net carbs have neither. (A type, not an
 * interface: it is handed to the repository as the column's JSON record.) */
type StoredGoals = {
  every_day: Goals;
  weekdays?: Plan["weekdays"];
  percent?: { every_day: Percents; weekdays: Partial<Record<Weekday, Percents>> };
  net_carbs?: boolean;
};

/** What reading goals needs of a request's context (a start-up check or a test has no request). */
type GoalsReader = Pick<Ctx, "userId"> & { readonly deps: Pick<Deps, "goalPlans"> };

/** Every plan of the user, oldest first (a handful: one per change of goals). */
export function* plansOf(ctx: GoalsReader): Q<Plan[]> {
  const found = yield* ctx.deps.goalPlans.of(ctx.userId);
  return found.map((r) => {
    const g = r.goals as unknown as StoredGoals;
    return {
      startsOn: r.startsOn,
      everyDay: g.every_day,
      weekdays: g.weekdays ?? {},
      percent: { everyDay: g.percent?.every_day ?? {}, weekdays: g.percent?.weekdays ?? {} },
      netCarbs: g.net_carbs ?? false,
    };
  });
}

export function* getGoals(ctx: GoalsReader): Q<GoalsDocumentT> {
  return goalsDocument(yield* plansOf(ctx));
}

/** Writes one plan (already checked); plans starting on or after its date are replaced. Call inside a transaction. */
export function* writePlan(ctx: Ctx, plan: Plan): Q<void> {
  const goals: StoredGoals = {
    every_day: plan.everyDay,
    weekdays: plan.weekdays,
    percent: { every_day: plan.percent?.everyDay ?? {}, weekdays: plan.percent?.weekdays ?? {} },
    net_carbs: plan.netCarbs ?? false,
  };
  yield* ctx.deps.goalPlans.replaceFrom(ctx.userId, plan.startsOn, goals, ctx.now.toISOString());
}

/**
 * PUT /goals (and a goals upsert from sync): a new plan from `from` on (null: since always, replacing
 * every plan). Without `from` it starts today, except the first plan ever, which applies since
 * always (there were no goals to keep).
 */
export function* putGoals({ ctx, input }: { ctx: Ctx; input: PutGoalsInput }): Q<GoalsDocumentT> {
  const today = localDate(ctx.now, ctx.timezone);
  const first = input.from === undefined && (yield* plansOf(ctx)).length === 0;
  // `from: null` (as GET shows a plan since always) is taken back as such, so a document read can be sent back
  const plan = checkGoalsInput(
    first ? { ...input, from: null } : input,
    { today, latest: latestGoalsStart(today) },
    "",
    true,
  );
  return yield* tx(function* () {
    yield* writePlan(ctx, plan);
    return yield* logGoals(ctx);
  });
}

/**
 * The schedule of an export file (import): `schedule` when present, else the file's four goals
 * since always (files from before plans). Checked; throws validation_failed naming `goals.…`.
 */
export function checkSchedule(doc: Record<string, unknown>, today: string): Plan[] {
  const dates = { today, latest: latestGoalsStart(today) };
  // the file's goals are parsed here, at the import's boundary, with the route's schema
  const parse = (raw: unknown, prefix: string) =>
    checkGoalsInput(checkSchema(PutGoalsBody, raw, prefix), dates, prefix, true);
  if (!Array.isArray(doc.schedule)) return [parse({ ...doc, from: null }, "goals.")];
  return doc.schedule.map((p: unknown, i: number) => parse(p, `goals.schedule.${i}.`));
}

/** Import: the user's schedule becomes `plans`; false when it already was. Call inside a transaction. */
export function* replaceSchedule(ctx: Ctx, plans: Plan[]): Q<boolean> {
  const sorted = [...plans].sort((a, b) => a.startsOn.localeCompare(b.startsOn)); // each write drops the plans after it
  if (JSON.stringify(yield* plansOf(ctx)) === JSON.stringify(sorted)) return false;
  yield* ctx.deps.goalPlans.clear(ctx.userId);
  for (const p of sorted) yield* writePlan(ctx, p);
  yield* logGoals(ctx);
  return true;
}

/** A goals delete from sync: no goals from today on (earlier days keep theirs). */
export function clearGoals(ctx: Ctx): Q<GoalsDocumentT> {
  return putGoals({ ctx, input: {} });
}

/** Records the goals document in the change log after a write; returns it. */
export function* logGoals(ctx: Ctx): Q<GoalsDocumentT> {
  const doc = yield* getGoals(ctx);
  yield* ctx.log.record(ctx.userId, "goals", "goals", "upsert", doc, ctx.now);
  return doc;
}
