/**
 * Day marks (API.md §Days): whether a day's log is complete, as the person says (`Day complete`, as
 * Cronometer has). One per user and local date; a date without one is not marked. The expenditure
 * estimate uses marked days (stats/day-selection.ts).
 */
import type { Ctx } from "../../context";
import { tx, type Q } from "../../db/q";
import { AppError } from "../../lib/errors";
import { pathDate } from "../../lib/problems";
import { localDate } from "../../lib/time";
import { checkRange } from "../../schema/date-range";
import { checkWeightDate } from "../weights/validate";
import type { DayBody, DayMark, ExportedDayT } from "./model";
import type { DayMarkRow } from "./repo";
import { deleteDayMark, writeDayMark } from "./logged-writes-repo";
import type { Alone } from "../../db/change-log";

type DayMarkT = typeof DayMark.static;

const view = (r: DayMarkRow): DayMarkT => ({
  date: r.date,
  complete: r.complete === 1,
  created_at: r.created_at,
  updated_at: r.updated_at,
});

const one = (ctx: Ctx, date: string) => ctx.deps.dayMarks.of(ctx.userId, date);

const notFound = (date: string) => new AppError("not_found", `no day mark of yours on ${date}`);

/** PUT /days/{date} (and a day upsert from sync or import): a date from 1970 to tomorrow. */
export function* putDay({
  ctx,
  date,
  input,
  alone = false,
}: {
  ctx: Ctx;
  date: unknown;
  input: typeof DayBody.static;
} & Alone): Q<{ day: DayMarkT; created: boolean }> {
  const day = checkWeightDate(date, localDate(ctx.now, ctx.timezone));
  const complete = input.complete ? 1 : 0;
  return yield* tx(() => writeDayMark(ctx, day, complete, alone)); // db/pg: 2 round trips (logged-writes-repo.ts)
}

export function* getDay({ ctx, date }: { ctx: Ctx; date: unknown }): Q<DayMarkT> {
  const d = pathDate(date, notFound);
  const r = yield* one(ctx, d);
  if (!r) throw notFound(d);
  return view(r);
}

/** DELETE /days/{date}: the day is no longer marked either way. */
export function* deleteDay({ ctx, date, alone = false }: { ctx: Ctx; date: unknown } & Alone): Q<void> {
  const d = pathDate(date, notFound);
  if (!(yield* tx(() => deleteDayMark(ctx, d, alone)))) throw notFound(d);
}

/** The marks from..to (both included), oldest first. */
export function* marksOver(ctx: Ctx, from: string, to: string): Q<Map<string, boolean>> {
  const found = yield* ctx.deps.dayMarks.over(ctx.userId, from, to);
  return new Map(found.map((r) => [r.date, r.complete === 1]));
}

/** Every mark of the user, for the export. */
export function* exportDays(ctx: Ctx): Q<ExportedDayT[]> {
  const found = yield* ctx.deps.dayMarks.all(ctx.userId);
  return found.map((r) => ({ date: r.date, complete: r.complete === 1 }));
}

/** GET /days?from=&to= (at most 366 days, default the 90 to today). */
export function* listDays({ ctx, input }: { ctx: Ctx; input: { from?: string; to?: string } }) {
  const { from, to } = checkRange(input, localDate(ctx.now, ctx.timezone), 366, 90);
  const found = yield* ctx.deps.dayMarks.over(ctx.userId, from, to);
  return { from, to, items: found.map(view) };
}
