/**
 * A daily value's writes with their change-log records, said so that PostgreSQL runs each in two round trips
 * (issue 61): the account's lock asked with the read the write needs, then the write and its record in one
 * statement (ChangeLog.recordWith), with COMMIT behind it when the request writes nothing else (`alone`,
 * db/q.ts Leaf `final`). The value as stored is made from what was read, not read back.
 */
import type { Ctx } from "../../context";
import { loggedRun } from "../../db/change-log";
import { ownAccount, row, type Q } from "../../db/q";
import type { DailyValueRow } from "./repo";

const UPSERT =
  "INSERT INTO daily_values (user_id, date, metric, value, source, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (user_id, metric, date) DO UPDATE SET value = excluded.value, source = excluded.source, updated_at = excluded.updated_at";

/**
 * Sets a date's metric and logs it, unless the same value and source are stored (then nothing is written):
 * the row as stored, and what was there before (null: none). `view` is the record's shape (the service's).
 */
export function* writeDailyValue<V>(
  ctx: Ctx,
  v: { date: string; metric: string; value: number; source: string; id: string },
  view: (r: DailyValueRow) => V,
  alone: boolean,
): Q<{ stored: DailyValueRow; was: DailyValueRow | null }> {
  yield* ownAccount(ctx.userId); // asked with the read (db/pg/account-locks.ts)
  const was = yield* row<DailyValueRow>(
    "SELECT date, metric, value, source, created_at, updated_at FROM daily_values WHERE user_id = ? AND metric = ? AND date = ?",
    ctx.userId,
    v.metric,
    v.date,
  );
  if (was && was.value === v.value && was.source === v.source) return { stored: was, was };
  const stamp = ctx.now.toISOString();
  const stored = {
    date: v.date,
    metric: v.metric,
    value: v.value,
    source: v.source,
    created_at: was?.created_at ?? stamp,
    updated_at: stamp,
  };
  const write = loggedRun(UPSERT, ctx.userId, v.date, v.metric, v.value, v.source, stamp, stamp);
  yield* ctx.log.recordWith(write, ctx.userId, "daily_value", v.id, "upsert", view(stored), ctx.now, { final: alone });
  return { stored, was };
}

/** Deletes a date's metric and logs it, with no read first: false when there was none (nothing logged). */
export function* deleteDailyValueRow(ctx: Ctx, date: string, metric: string, id: string, alone: boolean): Q<boolean> {
  yield* ownAccount(ctx.userId);
  const write = loggedRun(
    "DELETE FROM daily_values WHERE user_id = ? AND metric = ? AND date = ?",
    ctx.userId,
    metric,
    date,
  );
  return (
    (yield* ctx.log.recordWith(write, ctx.userId, "daily_value", id, "delete", null, ctx.now, { final: alone })) !==
    null
  );
}
