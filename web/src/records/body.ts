/** Goals, weigh-ins and day marks: one record per account or per date, written locally and queued like a meal. */
import type { Weekday } from "../../../src/features/goals/plans";
import type { GoalsRecord, MacroForm } from "../goals";
import type { Goals, WeighIn } from "../store";
import { write, type Writer } from "./queue";

/** What saveGoals takes: a goals plan (API.md §Goals). */
export interface GoalsPlan {
  goals: Goals;
  weekdays: Partial<Record<Weekday, Goals>>;
  from?: string;
  today: string;
  /** Macros given in % of energy (their grams are in `goals`) and net carbs. */
  macros?: MacroForm;
}

/**
 * A goals plan (API.md §Goals): every-day goals, weekday goals, and the date it applies from
 * (undefined: the server's default, today, or since always for a first plan). The local record
 * gets the schedule the server will make, so the day view is right before the plan syncs.
 */
export async function saveGoals(w: Writer, plan: GoalsPlan): Promise<void> {
  const cur = (await w.db.get("meta", "goals")) as { goals: GoalsRecord | null; version: number | null } | undefined;
  const old = cur?.goals ?? null;
  const schedule = old
    ? Array.isArray(old.schedule) && old.schedule.length
      ? old.schedule
      : [{ ...old, from: null, weekdays: old.weekdays ?? {} }]
    : [];
  const from = plan.from ?? (schedule.length ? plan.today : null);
  const next = { ...plan.goals, ...plan.macros, from, weekdays: plan.weekdays };
  const kept = from === null ? [] : schedule.filter((p) => p.from === null || p.from < from);
  const record: GoalsRecord = { ...next, schedule: [...kept, next] };
  const data: Record<string, unknown> = { ...plan.goals, ...plan.macros, weekdays: plan.weekdays };
  if (plan.from) data.from = plan.from;
  await write(w, { entity: "goals", id: "goals", op: "upsert", base_version: cur?.version ?? null, data }, (tx) =>
    tx.objectStore("meta").put({ goals: record, version: cur?.version ?? null }, "goals"),
  );
}

/** A weigh-in for `date` (one per date: a second one replaces it), in kg. */
export async function saveWeight(w: Writer, date: string, kg: number, note: string | null): Promise<void> {
  const cur = await w.db.get("weights", date);
  await write(
    w,
    { entity: "weight", id: date, op: "upsert", base_version: cur?.version ?? null, data: { kg, note } },
    (tx) => tx.objectStore("weights").put({ date, kg, note, version: cur?.version ?? null }),
  );
}

/** `Day complete` on (true) or off (false) for `date`: one mark per date, sent like a weigh-in. */
export async function markDay(w: Writer, date: string, complete: boolean): Promise<void> {
  const cur = await w.db.get("days", date);
  await write(
    w,
    { entity: "day", id: date, op: "upsert", base_version: cur?.version ?? null, data: { complete } },
    (tx) => tx.objectStore("days").put({ date, complete, version: cur?.version ?? null }),
  );
}

export async function deleteWeight(w: Writer, weighIn: WeighIn): Promise<void> {
  await write(
    w,
    { entity: "weight", id: weighIn.date, op: "delete", base_version: weighIn.version, data: null },
    (tx) => tx.objectStore("weights").delete(weighIn.date),
  );
}
