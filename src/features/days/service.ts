/**
 * Day marks (API.md §Days): whether a day's log is complete, as the person says (`Day complete`, as
 * Cronometer has). One per user and local date; a date without one is not marked. The expenditure
 * estimate uses marked days (stats/day-selection.ts).
 */
import type { Ctx } from "../../context";
import { row, rows, run, tx, type Q } from "../../db/q";
import { AppError } from "../../lib/errors";
import { pathDate } from "../../lib/problems";
import { localDate } from "../../lib/time";
import { checkRange } from "../../schema/date-range";
import { checkWeightDate } from "../weights/validate";
import type { DayBody, ExportedDayT } from "./model";

interface Row {
  date: string;
  complete: number;
  created_at: string;
  updated_at: string;
}

const view = (r: Row) => ({
  date: r.date,
  complete: r.complete === 1,
  created_at: r.created_at,
  updated_at: r.updated_at,
});

const one = (ctx: Ctx, date: string) =>
  row<Row>(
    "SELECT date, complete, created_at, updated_at FROM day_marks WHERE user_id = ? AND date = ?",
    ctx.userId,
    date,
  );

const notFound = (date: string) => new AppError("not_found", `no day mark of yours on ${date}`);

/** PUT /days/{date} (and a day upsert from sync or import): a date from 1970 to tomorrow. */
export function* putDay({
  ctx,
  date,
  input,
}: {
  ctx: Ctx;
  date: unknown;
  input: typeof DayBody.static;
}): Q<{ day: ReturnType<typeof view>; created: boolean }> {
  const day = checkWeightDate(date, localDate(ctx.now, ctx.timezone));
  const complete = input.complete ? 1 : 0;
  const stamp = ctx.now.toISOString();
  return yield* tx(function* () {
    const existed = (yield* one(ctx, day)) !== null;
    yield* run(
      "INSERT INTO day_marks (user_id, date, complete, created_at, updated_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (user_id, date) DO UPDATE SET complete = excluded.complete, updated_at = excluded.updated_at",
      ctx.userId,
      day,
      complete,
      stamp,
      stamp,
    );
    const stored = view((yield* one(ctx, day))!);
    yield* ctx.log.record(ctx.userId, "day", day, "upsert", stored, ctx.now);
    return { day: stored, created: !existed };
  });
}

export function* getDay({ ctx, date }: { ctx: Ctx; date: unknown }): Q<ReturnType<typeof view>> {
  const d = pathDate(date, notFound);
  const r = yield* one(ctx, d);
  if (!r) throw notFound(d);
  return view(r);
}

/** DELETE /days/{date}: the day is no longer marked either way. */
export function* deleteDay({ ctx, date }: { ctx: Ctx; date: unknown }): Q<void> {
  const d = pathDate(date, notFound);
  if (!(yield* one(ctx, d))) throw notFound(d);
  yield* tx(function* () {
    yield* run("DELETE FROM day_marks WHERE user_id = ? AND date = ?", ctx.userId, d);
    yield* ctx.log.record(ctx.userId, "day", d, "delete", null, ctx.now);
  });
}

/** The marks from..to (both included), oldest first. */
export function* marksOver(userId: number, from: string, to: string): Q<Map<string, boolean>> {
  const found = yield* rows<{ date: string; complete: number }>(
    "SELECT date, complete FROM day_marks WHERE user_id = ? AND date BETWEEN ? AND ? ORDER BY date",
    userId,
    from,
    to,
  );
  return new Map(found.map((r) => [r.date, r.complete === 1]));
}

/** Every mark of the user, for the export. */
export function* exportDays(ctx: Ctx): Q<ExportedDayT[]> {
  const found = yield* rows<{ date: string; complete: number }>(
    "SELECT date, complete FROM day_marks WHERE user_id = ? ORDER BY date",
    ctx.userId,
  );
  return found.map((r) => ({ date: r.date, complete: r.complete === 1 }));
}

/** GET /days?from=&to= (at most 366 days, default the 90 to today). */
export function* listDays({ ctx, input }: { ctx: Ctx; input: { from?: string; to?: string } }) {
  const { from, to } = checkRange(input, localDate(ctx.now, ctx.timezone), 366, 90);
  const found = yield* rows<Row>(
    "SELECT date, complete, created_at, updated_at FROM day_marks WHERE user_id = ? AND date BETWEEN ? AND ? ORDER BY date",
    ctx.userId,
    from,
    to,
  );
  return { from, to, items: found.map(view) };
}
