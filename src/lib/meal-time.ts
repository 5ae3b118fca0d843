/**
 * When an entry logged on another day than today was eaten: the meal's usual local time, the person's own (the
 * median of their recent entries of that meal) or, with too few of those, a common one. Entries logged one after
 * another into a meal keep that order: each goes a second after the meal's latest entry when that is at or past the
 * usual time. Pure: the server (POST /meals, saved meals) and the web app (offline) place entries the same way.
 */
import { localClock, localTimeToInstant } from "./time";

export type MealKind = "breakfast" | "lunch" | "dinner" | "snack";

/** Common local times (h, min), used until the person has MIN_OWN entries of that meal. */
export const USUAL_TIME: Record<MealKind, [number, number]> = {
  breakfast: [8, 0],
  lunch: [12, 30],
  snack: [15, 30],
  dinner: [19, 0],
};
/** Fewer entries than this say little about a habit. */
export const MIN_OWN = 3;
/** How far back "recent" reaches. */
export const OWN_DAYS = 60;

/** The median local time (minutes after midnight) of `times`, or null with fewer than MIN_OWN. */
export function medianMinutes(times: readonly string[], tz: string): number | null {
  if (times.length < MIN_OWN) return null;
  const mins = times
    .map((t) => {
      const [h, m] = localClock(new Date(t), tz);
      return h * 60 + m;
    })
    .sort((a, b) => a - b);
  return mins[Math.floor((mins.length - 1) / 2)]!;
}

/**
 * The instant for a new entry of `kind` on `date` (not today): the usual time from `own` (the person's recent
 * eaten_at of that meal), or a second after `latest` (the day's latest entry of that meal) when that is later.
 */
export function placeOnDay(
  kind: MealKind,
  date: string,
  tz: string,
  own: readonly string[],
  latest: string | null,
): Date {
  const m = medianMinutes(own, tz);
  const [h, min] = m === null ? USUAL_TIME[kind] : [Math.floor(m / 60), m % 60];
  return after(localTimeToInstant(date, h, min, tz), latest);
}

/** `at`, or a second after `latest` when that is at or past it: a meal's entries keep the order they came in. */
export function after(at: Date, latest: string | null): Date {
  if (latest === null) return at;
  const l = Date.parse(latest);
  return l >= at.getTime() ? new Date(Math.floor(l / 1000) * 1000 + 1000) : at;
}
