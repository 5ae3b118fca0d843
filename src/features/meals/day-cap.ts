/**
 * A day holds at most MAX_MEALS_PER_DAY meals per account (API.md §Meals). No real diary comes near
 * it (a busy day is 20–40 entries); without it one account's 50,000-meal day made GET /meals/daily a
 * 21 MB answer that held the server 0.2–2.3 s a call. Every write that adds a meal to a day checks it
 * the same way: POST /meals and a sync create, a PATCH or sync update that moves a meal to another
 * date, POST /meals/copy, and the JSON and tracker imports.
 *
 * The check is one count over the (user_id, date, …) index, made inside the write's transaction with
 * the account owned (db/q.ts ownAccount), so two writers of one account cannot both pass it.
 */
import { ownAccount, type Q } from "../../db/q";
import type { Awaitable } from "../../db/store";
import { AppError } from "../../lib/errors";
import type { Problems } from "../../lib/problems";
import { MAX_MEALS_PER_DAY } from "./model";
import type { Ctx } from "../../context";

/** The part of the request context the cap needs. */
type DayCtx = Pick<Ctx, "deps" | "userId">;

export { MAX_MEALS_PER_DAY };

const fullMessage = (date: string, have: number) =>
  `${date} has ${have} meals; a day holds at most ${MAX_MEALS_PER_DAY} meals`;

/** 400 validation_failed naming `field` (the date's field in the request). */
export function dayFull(field: string, date: string, have: number): AppError {
  return new AppError("validation_failed", `${field} ${fullMessage(date, have)}`, [
    { field, message: fullMessage(date, have) },
  ]);
}

/** Throws dayFull unless `date` has room for `adding` more meals. Run it inside the write's transaction. */
export function* roomOnDay(ctx: DayCtx, date: string, adding: number, field = "date"): Q<void> {
  yield* ownAccount(ctx.userId);
  const have = yield* ctx.deps.meals.countOn(ctx.userId, date);
  if (have + adding > MAX_MEALS_PER_DAY) throw dayFull(field, date, have);
}

/**
 * An import's check (portability/import.ts, before anything is written): the meals it would add to
 * each day, beside those the day already has. A meal this user already has (the same id) adds
 * nothing. Adds a problem at the first meal over the cap of each day (`meals.N.date`), or with
 * `each` at every meal over it (a tracker import that skips refused rows leaves exactly those out).
 * Counts a day's stored meals once; looks meals up by id only on a day that would otherwise pass the cap.
 */
export async function checkImportedDays(
  ctx: DayCtx,
  run: <T>(work: Q<T>) => Awaitable<T>,
  meals: readonly ({ id: string; date: string } | null)[],
  p: Problems,
  pause: () => Promise<void>,
  each = false,
): Promise<void> {
  const byDate = new Map<string, number[]>();
  meals.forEach((m, i) => {
    if (!m) return;
    const list = byDate.get(m.date);
    if (list) list.push(i);
    else byDate.set(m.date, [i]);
  });
  for (const [date, indexes] of byDate) {
    await pause();
    const have = await run(ctx.deps.meals.countOn(ctx.userId, date));
    if (have + indexes.length <= MAX_MEALS_PER_DAY) continue;
    let adding = 0;
    for (const i of indexes) {
      const stored = await run(ctx.deps.meals.get(ctx.userId, meals[i]!.id.toLowerCase()));
      if (stored) continue; // left alone by the import
      if (have + ++adding > MAX_MEALS_PER_DAY) {
        p.at("meals", i).add(
          "date",
          `would be meal ${have + adding} on ${date}; a day holds at most ${MAX_MEALS_PER_DAY} meals (it has ${have})`,
        );
        if (!each) break;
      }
      await pause();
    }
  }
}
