/**
 * A day's name, one way everywhere: `Today`, else the weekday and date ("Monday 30 November"). Where the line is
 * short (a phone's sticky day header, beside ‹, › and Log food) it shows "Mon 30 Nov" on one line, and the long name
 * stays its accessible name.
 */
import { dayTitle, shortDay } from "../ui";

export function DayName({ date, today }: { date: string; today: string }) {
  const long = dayTitle(date, today);
  if (date === today) return <>{long}</>;
  return (
    <>
      <span class="day-long">{long}</span>
      <span class="day-short" aria-hidden="true">
        {shortDay(date)}
      </span>
    </>
  );
}
