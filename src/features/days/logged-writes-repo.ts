/**
 * A day mark's writes with their change-log records, said so that PostgreSQL runs each in two round trips
 * (issue 61): the account's lock asked with the read the write needs, then the write and its record in one
 * statement (ChangeLog.recordWith), with COMMIT behind it when the request writes nothing else (`alone`,
 * db/q.ts Leaf `final`). The mark as stored is made from what was read, not read back.
 */
import type { Ctx } from "../../context";
import { loggedRun } from "../../db/change-log";
import { ownAccount, row, type Q } from "../../db/q";

const UPSERT =
  "INSERT INTO day_marks (user_id, date, complete, created_at, updated_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (user_id, date) DO UPDATE SET complete = excluded.complete, updated_at = excluded.updated_at";

export interface StoredMark {
  date: string;
  complete: boolean;
  created_at: string;
  updated_at: string;
}

/** Marks `day` complete (1) or not (0) and logs it: the mark as stored, and whether it is new. */
export function* writeDayMark(
  ctx: Ctx,
  day: string,
  complete: 0 | 1,
  alone: boolean,
): Q<{ day: StoredMark; created: boolean }> {
  yield* ownAccount(ctx.userId); // asked with the read (db/pg/account-locks.ts)
  const stamp = ctx.now.toISOString();
  const was = yield* row<{ created_at: string }>(
    "SELECT created_at FROM day_marks WHERE user_id = ? AND date = ?",
    ctx.userId,
    day,
  );
  const stored = { date: day, complete: complete === 1, created_at: was?.created_at ?? stamp, updated_at: stamp };
  const write = loggedRun(UPSERT, ctx.userId, day, complete, stamp, stamp);
  yield* ctx.log.recordWith(write, ctx.userId, "day", day, "upsert", stored, ctx.now, { final: alone });
  return { day: stored, created: was === null };
}

/** Deletes the mark of `day` and logs it, with no read first: false when there was none (nothing logged). */
export function* deleteDayMark(ctx: Ctx, day: string, alone: boolean): Q<boolean> {
  yield* ownAccount(ctx.userId);
  const write = loggedRun("DELETE FROM day_marks WHERE user_id = ? AND date = ?", ctx.userId, day);
  return (yield* ctx.log.recordWith(write, ctx.userId, "day", day, "delete", null, ctx.now, { final: alone })) !== null;
}
