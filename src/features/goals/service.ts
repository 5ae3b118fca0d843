/**
 * Goals (API.md §Goals): energy and the three macros, each a number or null (no goal), for every
 * day or per weekday, in plans that apply from a date on. Setting goals never rewrites the days
 * before the new plan starts, so past adherence is judged against the goals of the time.
 */
import { and, asc, eq, gte } from "drizzle-orm";
import { all, exec, tx, type Q } from "../../db/q";
import { localDate } from "../../lib/time";
import type { ChangeLog } from "../../db/change-log";
import { checkGoalsInput, latestGoalsStart } from "./validate";
import { GOAL_KEYS, goalsDocument, type Goals, type GoalKey, type Percents, type Plan, type Weekday } from "./plans";

export { GOAL_KEYS, type Goals, type GoalKey };
export { goalsOn, goalsOver, type Plan } from "./plans";
export { checkGoalsInput } from "./validate";
export { GoalsDocument, GoalsSchema, PutGoalsBody } from "./model";

/** goal_plans.goals as stored; plans written before % goals and net carbs have neither. */
interface StoredGoals {
  every_day: Goals;
  weekdays?: Plan["weekdays"];
  percent?: { every_day: Percents; weekdays: Partial<Record<Weekday, Percents>> };
  net_carbs?: boolean;
}

export interface GoalsCtx {
  log: ChangeLog;
  userId: number;
  timezone: string;
  now: Date;
}

/** Every plan of the user, oldest first (a handful: one per change of goals). */
export function* plansOf(userId: number): Q<Plan[]> {
  const found = yield* all((db, t) =>
    db
      .select({ startsOn: t.goalPlans.startsOn, goals: t.goalPlans.goals })
      .from(t.goalPlans)
      .where(eq(t.goalPlans.userId, userId))
      .orderBy(asc(t.goalPlans.startsOn)),
  );
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

export function* getGoals(userId: number): Q<ReturnType<typeof goalsDocument>> {
  return goalsDocument(yield* plansOf(userId));
}

/** Writes one plan (already checked); plans starting on or after its date are replaced. Call inside a transaction. */
export function* writePlan(ctx: GoalsCtx, plan: Plan): Q<void> {
  yield* exec((db, t) =>
    db.delete(t.goalPlans).where(and(eq(t.goalPlans.userId, ctx.userId), gte(t.goalPlans.startsOn, plan.startsOn))),
  );
  yield* exec((db, t) =>
    db.insert(t.goalPlans).values({
      userId: ctx.userId,
      startsOn: plan.startsOn,
      goals: {
        every_day: plan.everyDay,
        weekdays: plan.weekdays,
        percent: { every_day: plan.percent?.everyDay ?? {}, weekdays: plan.percent?.weekdays ?? {} },
        net_carbs: plan.netCarbs ?? false,
      } satisfies StoredGoals,
      updatedAt: ctx.now.toISOString(),
    }),
  );
}

/**
 * PUT /goals (and a goals upsert from sync): a new plan from `from` on (null: since always, replacing
 * every plan). Without `from` it starts today, except the first plan ever, which applies since
 * always (there were no goals to keep).
 */
export function* putGoals({ ctx, input }: { ctx: GoalsCtx; input: unknown }): Q<ReturnType<typeof goalsDocument>> {
  const today = localDate(ctx.now, ctx.timezone);
  const given = (input !== null && typeof input === "object" ? input : {}) as Record<string, unknown>;
  const first = given.from === undefined && (yield* plansOf(ctx.userId)).length === 0;
  // `from: null` (as GET shows a plan since always) is taken back as such, so a document read can be sent back
  const plan = checkGoalsInput(
    first ? { ...given, from: null } : input,
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
  if (!Array.isArray(doc.schedule)) return [checkGoalsInput({ ...doc, from: null }, dates, "goals.", true)];
  return doc.schedule.map((p: unknown, i: number) => checkGoalsInput(p, dates, `goals.schedule.${i}.`, true));
}

/** Import: the user's schedule becomes `plans`; false when it already was. Call inside a transaction. */
export function* replaceSchedule(ctx: GoalsCtx, plans: Plan[]): Q<boolean> {
  const sorted = [...plans].sort((a, b) => a.startsOn.localeCompare(b.startsOn)); // each write drops the plans after it
  if (JSON.stringify(yield* plansOf(ctx.userId)) === JSON.stringify(sorted)) return false;
  yield* exec((db, t) => db.delete(t.goalPlans).where(eq(t.goalPlans.userId, ctx.userId)));
  for (const p of sorted) yield* writePlan(ctx, p);
  yield* logGoals(ctx);
  return true;
}

/** A goals delete from sync: no goals from today on (earlier days keep theirs). */
export function clearGoals(ctx: GoalsCtx): Q<ReturnType<typeof goalsDocument>> {
  return putGoals({ ctx, input: {} });
}

/** Records the goals document in the change log after a write; returns it. */
export function* logGoals(ctx: GoalsCtx): Q<ReturnType<typeof goalsDocument>> {
  const doc = yield* getGoals(ctx.userId);
  yield* ctx.log.record(ctx.userId, "goals", "goals", "upsert", doc, ctx.now);
  return doc;
}
