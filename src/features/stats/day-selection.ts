/**
 * Which logged days the expenditure estimate may trust. A partly logged day (breakfast, then
 * nothing) is not a day of low intake: counted, it lowers the mean intake and so the estimate by as
 * much (bench:expenditure: 8-week error 166 → 99 kcal/day with partial days finished).
 *
 * - A day marked complete (PUT /days/:date/complete, `Day complete` in the app, as Cronometer has) is
 *   used; a day marked incomplete is left out.
 * - Where the window has days marked complete, only those are used: the person says which days are whole.
 * - Where nothing is marked, a day is left out when its kcal is under LOW_SHARE of the median of the
 *   window's logged days, or when it has one entry where the person's days usually have three or more
 *   and its kcal is under ONE_ENTRY_SHARE of that median.
 */
export interface DayData {
  date: string;
  /** The day's logged kcal; null: nothing logged that day. */
  kcal: number | null;
  /** The day's weigh-in in kg; null: none. */
  kg: number | null;
  /** How many entries the day has (a partly logged day often has one). */
  meals?: number;
  /** Marked complete (true) or incomplete (false) by the person; null or absent: not marked. */
  complete?: boolean | null;
}

export const LOW_SHARE = 0.5;
export const ONE_ENTRY_SHARE = 0.7;

export type LeftOutReason = "marked_incomplete" | "not_marked_complete" | "implausibly_low" | "one_entry";

export interface Selection {
  /** Logged days the estimate uses. */
  used: DayData[];
  /** How many logged days were left out, per reason. */
  left_out: Record<LeftOutReason, number>;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length === 0 ? 0 : s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

export function selectDays(days: readonly DayData[]): Selection {
  const left_out: Record<LeftOutReason, number> = {
    marked_incomplete: 0,
    not_marked_complete: 0,
    implausibly_low: 0,
    one_entry: 0,
  };
  const logged = days.filter((d) => d.kcal !== null);
  const marked = logged.some((d) => d.complete === true);
  const used: DayData[] = [];
  const unmarked: DayData[] = [];
  for (const d of logged) {
    if (d.complete === false) left_out.marked_incomplete++;
    else if (d.complete === true) used.push(d);
    else if (marked) left_out.not_marked_complete++;
    else unmarked.push(d);
  }
  if (marked) return { used, left_out };
  const kcalMedian = median(unmarked.map((d) => d.kcal!));
  const entriesMedian = median(unmarked.map((d) => d.meals ?? 3));
  for (const d of unmarked) {
    if (d.kcal! < LOW_SHARE * kcalMedian) left_out.implausibly_low++;
    else if (d.meals === 1 && entriesMedian >= 3 && d.kcal! < ONE_ENTRY_SHARE * kcalMedian) left_out.one_entry++;
    else used.push(d);
  }
  return { used, left_out };
}
