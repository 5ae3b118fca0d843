/** GET /meals?from=&to= — meals over a date range, cursor-paginated (API.md §Meals). */
import type { Ctx } from "../../context";
import type { Q } from "../../db/q";
import { AppError } from "../../lib/errors";
import { checkRange } from "../../schema/date-range";
import { localDate } from "../../lib/time";
import type { MealT } from "./model";
import { toMeal } from "./service";

export const MAX_RANGE_DAYS = 366;
export const DEFAULT_RANGE_DAYS = 30;

interface Position {
  date: string;
  eatenAt: string;
  id: string;
}

/** Opaque to clients: "r1." + base64url of the last item's (date, eaten_at, id). */
const encode = (p: Position) => `r1.${Buffer.from(JSON.stringify([p.date, p.eatenAt, p.id])).toString("base64url")}`;

function decode(cursor: string): Position {
  const bad = () =>
    new AppError("validation_failed", "cursor is not one this server gave out; start again without it", [
      { field: "cursor", message: "is not a cursor from this server" },
    ]);
  if (!cursor.startsWith("r1.")) throw bad();
  try {
    const v = JSON.parse(Buffer.from(cursor.slice(3), "base64url").toString("utf8"));
    if (Array.isArray(v) && v.length === 3 && v.every((x) => typeof x === "string"))
      return { date: v[0]!, eatenAt: v[1]!, id: v[2]! };
  } catch {
    // falls through
  }
  throw bad();
}

export function* mealsInRange({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { from?: string; to?: string; order?: "asc" | "desc"; cursor?: string; limit?: number };
}): Q<{ from: string; to: string; order: "asc" | "desc"; items: MealT[]; next_cursor: string | null }> {
  const { from, to } = checkRange(input, localDate(ctx.now, ctx.timezone), MAX_RANGE_DAYS, DEFAULT_RANGE_DAYS);
  const order = input.order ?? "desc";
  const limit = input.limit ?? 100;
  const after = input.cursor ? decode(input.cursor) : null;
  const rows = yield* ctx.deps.meals.range(ctx.userId, from, to, order, after, limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    from,
    to,
    order,
    items: page.map(toMeal),
    next_cursor: rows.length > limit && last ? encode({ date: last.date, eatenAt: last.eatenAt, id: last.id }) : null,
  };
}
