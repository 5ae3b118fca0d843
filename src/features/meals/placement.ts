/**
 * Where a meal sent without `eaten_at` goes (lib/meal-time.ts): today, now; another day, the meal's usual time (the
 * person's median over OWN_DAYS, else a common time); either way a second after the meal's latest entry when that
 * is later, so entries logged one after another (a saved meal's, a quick entry's) keep their order.
 */
import type { Ctx } from "../../context";
import type { Q } from "../../db/q";
import { after, OWN_DAYS, placeOnDay, type MealKind } from "../../lib/meal-time";
import { addDays } from "../../lib/time";

/** How close after now a later entry of today's meal may be and still count as the same batch. */
const BATCH_MS = 5 * 60_000;

/**
 * The new entry's time, and on PostgreSQL the day's meals counted in the same read (`dayCount`, null on
 * SQLite): read with the account's lock had, it is the count the create's cap checks (service.ts).
 */
export function* placeNew(
  ctx: Ctx,
  day: string,
  today: string,
  kind: MealKind,
): Q<{ at: Date; dayCount: number | null }> {
  if (day === today) {
    const { latest, count } = yield* ctx.deps.meals.latestAndCount(ctx.userId, day, kind);
    // an entry timed later in the day (dinner planned at 19:00) is not a reason to log this one after it
    const near = latest !== null && Date.parse(latest) - ctx.now.getTime() < BATCH_MS ? latest : null;
    return { at: after(ctx.now, near), dayCount: count };
  }
  const { latest, times, count } = yield* ctx.deps.meals.latestAndTimes(
    ctx.userId,
    day,
    kind,
    addDays(today, -OWN_DAYS),
  );
  return { at: placeOnDay(kind, day, ctx.timezone, times, latest), dayCount: count };
}
