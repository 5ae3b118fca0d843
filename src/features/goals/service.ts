/**
 * Goals (API.md §Goals): energy and the three macros, each a number or null (no goal), for every
 * day or per weekday, in plans that apply from a date on. Setting goals never rewrites the days
 * before the new plan starts, so past adherence is judged against the goals of the time.
 */
import { runSync } from "../../db/store";
import type { Db } from "../../db/client";
import { inTx } from "../../db/tx";
import { addDays, localDate } from "../../lib/time";
import type { ChangeLog } from "../../db/change-log";
import { checkGoalsInput } from "./validate";
import { GOAL_KEYS, goalsDocument, type Goals, type GoalKey, type Plan } from "./plans";

export { GOAL_KEYS, type Goals, type GoalKey };
export { goalsOn, goalsOver, type Plan } from "./plans";
export { checkGoalsInput } from "./validate";
export { GoalsDocument, GoalsSchema, PutGoalsBody } from "./model";

export interface GoalsCtx {
  db: Db;
  log: ChangeLog;
  userId: number;
  timezone: string;
  now: Date;
}

type Row = { starts_on: string; goals: string };

/** Every plan of the user, oldest first (a handful: one per change of goals). */
export function plansOf(db: Db, userId: number): Plan[] {
  const rows = db.$client
    .query<Row, [number]>("SELECT starts_on, goals FROM goal_plans WHERE user_id = ? ORDER BY starts_on")
    .all(userId);
  return rows.map((r) => {
    const g = JSON.parse(r.goals) as { every_day: Goals; weekdays: Plan["weekdays"] };
    return { startsOn: r.starts_on, everyDay: g.every_day, weekdays: g.weekdays ?? {} };
  });
}

export function getGoals(db: Db, userId: number) {
  return goalsDocument(plansOf(db, userId));
}

/** Writes one plan (already checked); plans starting on or after its date are replaced. Call inside a transaction. */
export function writePlan(ctx: GoalsCtx, plan: Plan): void {
  const c = ctx.db.$client;
  c.query("DELETE FROM goal_plans WHERE user_id = ? AND starts_on >= ?").run(ctx.userId, plan.startsOn);
  c.query("INSERT INTO goal_plans (user_id, starts_on, goals, updated_at) VALUES (?, ?, ?, ?)").run(
    ctx.userId,
    plan.startsOn,
    JSON.stringify({ every_day: plan.everyDay, weekdays: plan.weekdays }),
    ctx.now.toISOString(),
  );
}

/**
 * PUT /goals (and a goals upsert from sync): a new plan from `from` on (null: since always, replacing
 * every plan). Without `from` it starts today, except the first plan ever, which applies since
 * always (there were no goals to keep).
 */
export function putGoals({ ctx, input }: { ctx: GoalsCtx; input: unknown }) {
  const today = localDate(ctx.now, ctx.timezone);
  const given = (input !== null && typeof input === "object" ? input : {}) as Record<string, unknown>;
  const first = given.from === undefined && plansOf(ctx.db, ctx.userId).length === 0;
  // `from: null` (as GET shows a plan since always) is taken back as such, so a document read can be sent back
  const plan = checkGoalsInput(
    first ? { ...given, from: null } : input,
    { today, latest: addDays(today, 366) },
    "",
    true,
  );
  return inTx(ctx.db, () => {
    writePlan(ctx, plan);
    return logGoals(ctx);
  });
}

/**
 * The schedule of an export file (import): `schedule` when present, else the file's four goals
 * since always (files from before plans). Checked; throws validation_failed naming `goals.…`.
 */
export function checkSchedule(doc: Record<string, unknown>, today: string): Plan[] {
  const dates = { today, latest: addDays(today, 366) };
  if (!Array.isArray(doc.schedule)) return [checkGoalsInput({ ...doc, from: null }, dates, "goals.", true)];
  return doc.schedule.map((p: unknown, i: number) => checkGoalsInput(p, dates, `goals.schedule.${i}.`, true));
}

/** Import: the user's schedule becomes `plans`; false when it already was. Call inside a transaction. */
export function replaceSchedule(ctx: GoalsCtx, plans: Plan[]): boolean {
  const sorted = [...plans].sort((a, b) => a.startsOn.localeCompare(b.startsOn)); // each write drops the plans after it
  if (JSON.stringify(plansOf(ctx.db, ctx.userId)) === JSON.stringify(sorted)) return false;
  ctx.db.$client.query("DELETE FROM goal_plans WHERE user_id = ?").run(ctx.userId);
  for (const p of sorted) writePlan(ctx, p);
  logGoals(ctx);
  return true;
}

/** A goals delete from sync: no goals from today on (earlier days keep theirs). */
export function clearGoals(ctx: GoalsCtx) {
  return putGoals({ ctx, input: {} });
}

/** Records the goals document in the change log after a write; returns it. */
export function logGoals(ctx: GoalsCtx) {
  const doc = getGoals(ctx.db, ctx.userId);
  runSync(ctx.log.record(ctx.userId, "goals", "goals", "upsert", doc, ctx.now), ctx.db);
  return doc;
}
