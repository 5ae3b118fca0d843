/**
 * The Week view over a month, 90 days or a custom range: energy and macros per day against each day's goals, and
 * weight against intake on one time axis; each chart with a table of its numbers beside it (screen readers read
 * the table; the chart is one picture with a name). From the local store, so it works offline; the figures are
 * those of GET /stats/days (empty days are zero and drawn as no bar; averages leave today out until it is over or
 * marked complete, as GET /stats/weekly does).
 */
import { cellText, unitName, type WeightUnit } from "../weight-units";
import { goalsFor, netCarbsOn, type GoalsRecord } from "../goals";
import { getMeta } from "../store";
import { trendAt } from "../../../src/features/weights/trend";
import { addDays, dateIn, grams, kcal, shortDay, useApp, useData } from "../ui";
import { sum } from "./totals";
import { daysBetween, RangePicker, rangeHash, shifted, type Range } from "./range";
import { EnergyChart, MacroChart, WeightIntakeChart, type TrendDay } from "./trend-charts";

export type { TrendDay };

/** Every day of the range, oldest first, from the local store. */
export async function loadRange(app: ReturnType<typeof useApp>, range: Range, today: string): Promise<TrendDay[]> {
  const span = IDBKeyRange.bound(range.from, range.to);
  const [meals, record, weights, marks] = await Promise.all([
    app.db.getAllFromIndex("meals", "date", span),
    getMeta<{ goals: GoalsRecord | null }>(app.db, "goals"),
    app.db.getAll("weights"),
    app.db.getAll("days", span),
  ]);
  const dates = Array.from({ length: daysBetween(range.from, range.to) }, (_, i) => addDays(range.from, i));
  const trend = trendAt(
    weights.sort((a, b) => a.date.localeCompare(b.date)),
    dates,
  );
  const kgOn = new Map(weights.map((w) => [w.date, w.kg]));
  const complete = new Set(marks.filter((m) => m.complete).map((m) => m.date));
  return dates.map((date) => {
    const own = meals.filter((m) => m.date === date);
    const totals = sum(own);
    const known = Object.fromEntries(
      Object.keys(totals).map((k) => [
        k,
        own.filter((m) => m.nutrients[k] !== null && m.nutrients[k] !== undefined).length,
      ]),
    );
    const netCarbs = netCarbsOn(record?.goals ?? null, date);
    if (netCarbs) totals.carbohydrate_g = totals.carbohydrate_g! - totals.fiber_g!; // as GET /report counts them
    return {
      date,
      count: own.length,
      totals,
      known,
      netCarbs,
      goals: goalsFor(record?.goals ?? null, date),
      kg: kgOn.get(date) ?? null,
      trendKg: trend.get(date) ?? null,
      counted: own.length > 0 && (date < today || (date === today && complete.has(date))),
    };
  });
}

const title = (r: Range) =>
  r.kind === "month"
    ? `30 days to ${shortDay(r.to)}`
    : r.kind === "90"
      ? `90 days to ${shortDay(r.to)}`
      : `${shortDay(r.from)} to ${shortDay(r.to)}`;

export function TrendsView({ range }: { range: Range }) {
  const app = useApp();
  const today = dateIn(app.user.timezone);
  const unit = app.user.weight_unit ?? "kg";
  const days = useData(() => loadRange(app, range, today), [range.from, range.to]);
  return (
    <main class="trends">
      <header class="day-head">
        <button type="button" class="icon" aria-label="Earlier" onClick={() => app.go(rangeHash(shifted(range, -1)))}>
          ‹
        </button>
        <h1>{title(range)}</h1>
        <button type="button" class="icon" aria-label="Later" onClick={() => app.go(rangeHash(shifted(range, 1)))}>
          ›
        </button>
      </header>
      <RangePicker range={range} />
      {!days ? <p aria-busy="true">Reading your days…</p> : <Trends days={days} unit={unit} today={today} />}
    </main>
  );
}

function Trends({ days, unit, today }: { days: TrendDay[]; unit: WeightUnit; today: string }) {
  const counted = days.filter((d) => d.counted);
  const avg = (k: string) => (counted.length ? counted.reduce((s, d) => s + d.totals[k]!, 0) / counted.length : null);
  const withGoal = counted.filter((d) => d.goals?.energy_kcal);
  const within = withGoal.filter(
    (d) => Math.abs(d.totals.energy_kcal! - d.goals!.energy_kcal!) <= 0.1 * d.goals!.energy_kcal!,
  );
  const todayLeftOut = days.some((d) => d.date === today && d.count > 0 && !d.counted);
  const weighIns = days.filter((d) => d.kg !== null);
  const link = (d: string) => (d === today ? "#/" : `#/day/${d}`);
  const carbs = days.some((d) => d.netCarbs) ? "net carbs" : "carbs";
  // the tables list the newest day first (the charts run oldest to newest, left to right)
  const newest = [...days].reverse();
  /** A day's grams of `k`: "–" when nothing is logged or none of its entries says. */
  const g = (d: TrendDay, k: string) => (d.count && d.known[k] ? grams(d.totals[k]) : "–");
  return (
    <>
      <section aria-labelledby="range-summary">
        <h2 id="range-summary">Averages</h2>
        {counted.length === 0 ? (
          <p class="muted">No day in this range is logged and over yet.</p>
        ) : (
          <p>
            Over {counted.length} logged {counted.length === 1 ? "day" : "days"}: {kcal(avg("energy_kcal"))} kcal,
            protein {grams(avg("protein_g"))} g, fat {grams(avg("fat_g"))} g, {carbs} {grams(avg("carbohydrate_g"))} g a
            day.
            {withGoal.length > 0 &&
              ` ${within.length} of ${withGoal.length} days within 10 % of that day's energy goal.`}
          </p>
        )}
        {todayLeftOut && <p class="muted">Today is left out until it is over, or until you mark it Day complete.</p>}
      </section>

      <div class="pair">
        <EnergyChart days={days} />
        <div class="table-box" tabIndex={0} role="group" aria-label="Energy per day, table">
          <table class="trend-table">
            <caption>Energy per day (kcal), newest first</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">kcal</th>
                <th scope="col">Goal</th>
              </tr>
            </thead>
            <tbody>
              {newest.map((d) => (
                <tr key={d.date} class={over(d) ? "over" : undefined}>
                  <th scope="row">
                    <a href={link(d.date)}>{shortDay(d.date)}</a>
                  </th>
                  <td>{d.count ? kcal(d.totals.energy_kcal) : "–"}</td>
                  <td>{kcal(d.goals?.energy_kcal)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>

      <div class="pair">
        <MacroChart days={days} carbs={carbs} />
        <div class="table-box" tabIndex={0} role="group" aria-label="Macros per day, table">
          <table class="trend-table">
            <caption>Protein, fat and {carbs} per day (g), each with that day's goal, and fibre; newest first</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Protein</th>
                <th scope="col">Goal</th>
                <th scope="col">Fat</th>
                <th scope="col">Goal</th>
                <th scope="col">{carbs === "carbs" ? "Carbs" : "Net carbs"}</th>
                <th scope="col">Goal</th>
                <th scope="col">Fibre</th>
              </tr>
            </thead>
            <tbody>
              {newest.map((d) => (
                <tr key={d.date}>
                  <th scope="row">{shortDay(d.date)}</th>
                  <td>{g(d, "protein_g")}</td>
                  <td>{grams(d.goals?.protein_g)}</td>
                  <td>{g(d, "fat_g")}</td>
                  <td>{grams(d.goals?.fat_g)}</td>
                  <td>{g(d, "carbohydrate_g")}</td>
                  <td>{grams(d.goals?.carbohydrate_g)}</td>
                  <td>{g(d, "fiber_g")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>

      <div class="pair">
        <WeightIntakeChart days={days} unit={unit} />
        <div class="table-box" tabIndex={0} role="group" aria-label="Weight and intake per day, table">
          <table class="trend-table">
            <caption>
              Weight ({unitName(unit)}) and intake (kcal) per day; {weighIns.length}{" "}
              {weighIns.length === 1 ? "weigh-in" : "weigh-ins"}
            </caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">kcal</th>
                <th scope="col">Weight</th>
                <th scope="col">Trend</th>
              </tr>
            </thead>
            <tbody>
              {newest.map((d) => (
                <tr key={d.date}>
                  <th scope="row">{shortDay(d.date)}</th>
                  <td>{d.count ? kcal(d.totals.energy_kcal) : "–"}</td>
                  <td>{d.kg === null ? "–" : cellText(d.kg, unit)}</td>
                  <td>{d.trendKg === null ? "–" : cellText(d.trendKg, unit)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </>
  );
}

const over = (d: TrendDay) => d.count > 0 && !!d.goals?.energy_kcal && d.totals.energy_kcal! > d.goals.energy_kcal;
