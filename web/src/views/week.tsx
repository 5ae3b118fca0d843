/**
 * Seven days of kcal against the goal, as a chart and as a table, with macro averages over the
 * logged days that are over (today is left out until it ends or is marked complete), each average saying how many days it is
 * of; from the local store (so it works offline);
 * below them the estimated expenditure (expenditure.tsx, from the server).
 */
import { getMeta, mealsOn } from "../store";
import { goalsFor, type GoalsRecord } from "../goals";
import { addDays, dateIn, grams, kcal, shortDay, useApp, useData } from "../ui";
import { sum } from "./day";
import { ExpenditureRegion } from "./expenditure";
import { parseRange, RangePicker, type Range } from "./range";
import { lazyView } from "./lazy";

/** The month, 90-day and custom ranges (charts and tables): their own chunk. */
const TrendsView = lazyView<{ range: Range }>(() => import("./trends").then((m) => m.TrendsView));

/** `range`: what the address has after the end date (range.tsx); a week without it. */
export function WeekView({ end, range }: { end: string | null; range?: string | null }) {
  const app = useApp();
  const today = dateIn(app.user.timezone);
  const last = end ?? today;
  const picked = parseRange(last, range);
  if (picked.kind !== "week") return <TrendsView key={`${picked.from}/${picked.to}`} range={picked} />;
  return <Week last={last} today={today} />;
}

function Week({ last, today }: { last: string; today: string }) {
  const app = useApp();
  const data = useData(async () => {
    const dates = Array.from({ length: 7 }, (_, i) => addDays(last, i - 6));
    const days = await Promise.all(dates.map(async (date) => ({ date, meals: await mealsOn(app.db, date) })));
    const goals = goalsFor((await getMeta<{ goals: GoalsRecord | null }>(app.db, "goals"))?.goals ?? null, last);
    const todayComplete = ((await app.db.get("days", today)) ?? null)?.complete === true;
    const rows = days.map((d) => ({ date: d.date, count: d.meals.length, totals: sum(d.meals) }));
    return { days: rows, goals, todayComplete };
  }, [last]);
  if (!data) return <main aria-busy="true" />;
  const { days, goals, todayComplete } = data;
  // today is not over: its half-eaten day would pull the average down, so it counts from tomorrow on,
  // or once it is marked `Day complete` (as GET /stats/weekly counts it)
  const logged = days.filter((d) => d.count > 0 && (d.date < today || (d.date === today && todayComplete)));
  const todayLeftOut = !todayComplete && days.some((d) => d.date === today && d.count > 0);
  const avg = (k: string) => (logged.length ? logged.reduce((s, d) => s + d.totals[k]!, 0) / logged.length : null);
  const goal = goals?.energy_kcal ?? null;
  const top = Math.max(goal ?? 0, ...days.map((d) => d.totals.energy_kcal!), 1);
  // drawn at about phone width, so its 12 px labels stay 12 px on a 360 px screen
  const W = 350;
  const H = 200;
  const bar = W / 7;
  const y = (v: number) => H - 24 - (v / top) * (H - 44);

  return (
    <main>
      <header class="day-head">
        <button
          type="button"
          class="icon"
          aria-label="Previous week"
          onClick={() => app.go(`#/week/${addDays(last, -7)}`)}
        >
          ‹
        </button>
        <h1>Week to {shortDay(last)}</h1>
        <button type="button" class="icon" aria-label="Next week" onClick={() => app.go(`#/week/${addDays(last, 7)}`)}>
          ›
        </button>
      </header>
      <RangePicker range={parseRange(last, null)} />
      <figure class="chart">
        <svg
          viewBox={`0 0 ${W} ${H}`}
          role="img"
          aria-label={`Energy per day; the table below has the numbers${goal ? `; goal ${kcal(goal)} kcal` : ""}`}
        >
          {days.map((d, i) => {
            const v = d.totals.energy_kcal!;
            const over = goal !== null && v > goal;
            return (
              <g key={d.date}>
                <rect
                  class={over ? "over" : "kcal"}
                  x={i * bar + 5}
                  y={y(v)}
                  width={bar - 10}
                  height={Math.max(0, H - 24 - y(v))}
                  rx="3"
                />
                <text x={i * bar + bar / 2} y={H - 6} text-anchor="middle">
                  {shortDay(d.date).split(" ")[0]}
                </text>
                {v > 0 && (
                  <text x={i * bar + bar / 2} y={y(v) - 4} text-anchor="middle">
                    {kcal(v)}
                  </text>
                )}
              </g>
            );
          })}
          {goal !== null && <line class="goal" x1="0" x2={W} y1={y(goal)} y2={y(goal)} />}
        </svg>
        {goal !== null && (
          <figcaption class="legend">
            <span class="swatch kcal" aria-hidden="true" /> at or under the goal{" "}
            <span class="swatch over" aria-hidden="true" /> over it <span class="swatch goal" aria-hidden="true" /> goal{" "}
            {kcal(goal)} kcal
          </figcaption>
        )}
      </figure>
      <table class="week">
        <caption>Energy and macros per day{goal === null ? "" : ` (goal ${kcal(goal)} kcal)`}</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">kcal</th>
            <th scope="col">Protein (g)</th>
            <th scope="col">Fat (g)</th>
            <th scope="col">Carbs (g)</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.date} class={goal !== null && d.totals.energy_kcal! > goal ? "over" : undefined}>
              <th scope="row">
                <a href={d.date === today ? "#/" : `#/day/${d.date}`}>{shortDay(d.date)}</a>
              </th>
              <td>{kcal(d.totals.energy_kcal)}</td>
              <td>{grams(d.totals.protein_g)}</td>
              <td>{grams(d.totals.fat_g)}</td>
              <td>{grams(d.totals.carbohydrate_g)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">
              {logged.length === 0 && todayLeftOut
                ? "Average: today counts once it is over or marked Day complete"
                : `Average of ${logged.length} ${logged.length === 1 ? "day" : "days"}`}
            </th>
            <td>{kcal(avg("energy_kcal"))}</td>
            <td>{grams(avg("protein_g"))}</td>
            <td>{grams(avg("fat_g"))}</td>
            <td>{grams(avg("carbohydrate_g"))}</td>
          </tr>
        </tfoot>
      </table>
      {todayLeftOut && (
        <p class="muted">Today is left out of the average until it is over, or until you mark it Day complete.</p>
      )}
      <ExpenditureRegion end={last} />
    </main>
  );
}
