/**
 * Body weight: log a weigh-in in the account's unit (one per date; another replaces it), a chart of
 * the weigh-ins and the trend (the server's own formula, features/weights/trend.ts, run here so it
 * works offline), and a table of the weigh-ins, each with Delete. Local first, as meals are.
 */
import { useState } from "preact/hooks";
import { trendAt } from "../../../src/features/weights/trend";
import { useSubmit } from "../action";
import { axisText, cellText, unitName, type WeightUnit, weightText } from "../weight-units";
import { EMPTY_WEIGHT, kgOfTyped, WeightFields } from "./weight-entry";
import { BodyRegion } from "./weight-body";
import type { WeighIn } from "../store";
import { addDays, dateIn, ErrorText, shortDay, useApp, useData } from "../ui";

const SHOWN_DAYS = 90;

export function WeightView() {
  const app = useApp();
  const unit = app.user.weight_unit ?? "kg";
  const today = dateIn(app.user.timezone);
  const [value, setValue] = useState(EMPTY_WEIGHT);
  const [date, setDate] = useState(today);
  const [error, setError] = useState<string | null>(null);
  const all = useData(async () => (await app.db.getAll("weights")).sort((a, b) => a.date.localeCompare(b.date)), []);

  // one tap, one weigh-in (a double tap sent it twice)
  const [save, busy] = useSubmit(async () => {
    const typed = kgOfTyped(value, unit);
    if ("error" in typed) return setError(typed.error);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || date < "1970-01-01" || date > addDays(today, 1)) {
      setError("Pick a date from 1970 to tomorrow.");
      return;
    }
    setError(null);
    // the form is cleared before the write, so a value typed meanwhile is not wiped by it
    setValue(EMPTY_WEIGHT);
    setDate(today); // the next weigh-in is most likely today's
    await app.local.saveWeight(date, typed.kg, null);
    app.toast({ text: `Weight saved for ${shortDay(date)}` });
  });

  async function remove(w: WeighIn) {
    await app.local.deleteWeight(w);
    app.toast({
      text: `Weigh-in of ${shortDay(w.date)} deleted`,
      action: { label: "Undo", run: () => void app.local.saveWeight(w.date, w.kg, w.note) },
    });
  }

  return (
    <main>
      <h1>Weight</h1>
      <form onSubmit={save} noValidate aria-labelledby="weight-form-title">
        <h2 id="weight-form-title" class="sr">
          Log a weigh-in
        </h2>
        <div class="row">
          <WeightFields unit={unit} value={value} onValue={setValue} />
          <label>
            Date
            <input
              type="date"
              value={date}
              max={addDays(today, 1)}
              min="1970-01-01"
              onInput={(e) => setDate((e.target as HTMLInputElement).value)}
            />
          </label>
        </div>
        <ErrorText error={error} />
        <button type="submit" class="primary" disabled={busy}>
          Save weight
        </button>
      </form>
      <BodyRegion today={today} />
      {all && <History weights={all} unit={unit} today={today} onDelete={remove} />}
    </main>
  );
}

function History({
  weights,
  unit,
  today,
  onDelete,
}: {
  weights: WeighIn[];
  unit: WeightUnit;
  today: string;
  onDelete: (w: WeighIn) => void;
}) {
  if (!weights.length) return <p class="muted">No weigh-ins yet. The trend line starts with the first one.</p>;
  // from the first weigh-in (at least two weeks back), at most the last 90 days
  const first = weights[0]!.date;
  const earliest = addDays(today, -SHOWN_DAYS + 1);
  // biome-ignore lint/complexity/useMathMinMax: dates as ISO strings, compared as text
  const from = first > earliest ? (first < addDays(today, -13) ? first : addDays(today, -13)) : earliest;
  const shown = weights.filter((w) => w.date >= from && w.date <= today);
  const dates: string[] = [];
  for (let d = from; d <= today; d = addDays(d, 1)) dates.push(d);
  const trend = trendAt(weights, dates);
  const latest = weights.at(-1)!;
  const latestTrend = trend.get(today);
  const atWeighIns = trendAt(
    weights,
    weights.map((w) => w.date),
  );
  return (
    <>
      <p class="big">
        Latest {weightText(latest.kg, unit)} ({shortDay(latest.date)})
        {latestTrend !== undefined && ` · trend ${weightText(latestTrend, unit)}`}
      </p>
      <Chart
        shown={shown}
        trend={dates.flatMap((d) => (trend.has(d) ? [[d, trend.get(d)!] as const] : []))}
        from={from}
        days={dates.length}
        unit={unit}
      />
      <table class="weights">
        <caption>Weigh-ins, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Weight ({unitName(unit)})</th>
            <th scope="col">Trend ({unitName(unit)})</th>
            <th scope="col">
              <span class="sr">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {[...weights].reverse().map((w) => {
            const t = atWeighIns.get(w.date);
            return (
              <tr key={w.date}>
                <th scope="row">{shortDay(w.date)}</th>
                <td>{cellText(w.kg, unit)}</td>
                <td>{t === undefined ? "–" : cellText(t, unit)}</td>
                <td>
                  <button
                    type="button"
                    aria-label={`Delete the weigh-in of ${shortDay(w.date)}`}
                    onClick={() => onDelete(w)}
                  >
                    Delete
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </>
  );
}

/** Room left of the plot for the y-axis labels ("180.5", in the chart's units; "11 st 4" wants more). */
const GUTTER = { kg: 44, lb: 44, st: 56 };

/** Up to the last 90 days: a dot per weigh-in, the trend as a line, three weights on the y-axis. */
function Chart({
  shown,
  trend,
  from,
  days,
  unit,
}: {
  shown: WeighIn[];
  trend: (readonly [string, number])[];
  from: string;
  days: number;
  unit: WeightUnit;
}) {
  const W = 350;
  const H = 180;
  const values = [...shown.map((w) => w.kg), ...trend.map(([, t]) => t)];
  if (!values.length) return null;
  const lo = Math.min(...values) - 0.5;
  const hi = Math.max(...values) + 0.5;
  // the y-axis labels have a gutter of their own, right-aligned to it, so no label lies over a dot
  const L = GUTTER[unit];
  const day = (d: string) => Math.round((Date.parse(`${d}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
  const x = (d: string) => L + 6 + (day(d) / (days - 1)) * (W - L - 14);
  const y = (kg: number) => 10 + ((hi - kg) / (hi - lo)) * (H - 34);
  const path = trend.map(([d, t], i) => `${i ? "L" : "M"}${x(d).toFixed(1)},${y(t).toFixed(1)}`).join("");
  // three weights, each said once: with one weigh-in, or in whole pounds, they can round to one label ("11 st 3" thrice)
  const ticks = [hi - 0.5, (hi + lo) / 2, lo + 0.5].filter(
    (v, i, all) => all.findIndex((w) => axisText(w, unit) === axisText(v, unit)) === i,
  );
  return (
    <figure class="chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label="Weight trend" aria-describedby="weight-chart-note">
        {ticks.map((v) => (
          <g key={v} class="tick">
            <line class="grid" x1={L} x2={W - 4} y1={y(v)} y2={y(v)} />
            <text class="y-label" x={L - 4} y={y(v) + 4} text-anchor="end">
              {axisText(v, unit)}
            </text>
          </g>
        ))}
        <path class="trend" d={path} />
        {shown.map((w) => (
          <circle key={w.date} class="weigh-in" cx={x(w.date)} cy={y(w.kg)} r="3" />
        ))}
        <text x={L} y={H - 6}>
          {shortDay(from)}
        </text>
        <text x={W - 4} y={H - 6} text-anchor="end">
          today
        </text>
      </svg>
      <figcaption class="legend" id="weight-chart-note">
        {shortDay(from)} to today: <span class="swatch dot" aria-hidden="true" /> {shown.length}{" "}
        {shown.length === 1 ? "weigh-in" : "weigh-ins"} <span class="swatch line" aria-hidden="true" /> trend (
        {unitName(unit)}); the table below has the numbers.
      </figcaption>
    </figure>
  );
}
