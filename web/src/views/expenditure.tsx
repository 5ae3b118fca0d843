/**
 * Week → Expenditure (GET /stats/expenditure): what this person burns a day, estimated from the
 * meals they log and their weight trend, its range and its trend over the weeks, and energy goals
 * for a weekly rate of loss or gain, each set with one tap (saved like every goal change). A suggestion is a
 * daily average: with different goals on some weekdays, the week keeps its shape, scaled to average it, or becomes
 * flat, as the person chooses; protein, carbs and fat are scaled to fit, or the person is told by how much they
 * no longer add up (goal-rate.ts). The estimate is the server's; offline the region says so.
 */
import type { Schemas } from "../api-data";
import { useEffect, useState } from "preact/hooks";
import { isOffline, message } from "../api";
import { fetchExpenditure } from "../stats";
import type { GoalsRecord } from "../goals";
import { getMeta } from "../store";
import { dateIn, kcal, shortDay, useApp, useData } from "../ui";
import { GoalOptions, applyRate } from "./apply-rate";

type Expenditure = Schemas["Expenditure"];

/** Which logged days were left out of the intake, and why, in words ("" when none). */
function leftOutText(l: Expenditure["days_left_out"]): string {
  const parts = [
    l.implausibly_low + l.one_entry > 0 && `${l.implausibly_low + l.one_entry} that look partly logged`,
    l.marked_incomplete > 0 && `${l.marked_incomplete} marked incomplete`,
    l.not_marked_complete > 0 && `${l.not_marked_complete} not marked complete`,
    (l.today_not_over ?? 0) > 0 && "today, until it is over or marked complete",
  ].filter((x): x is string => typeof x === "string");
  return parts.length ? ` Left out: ${parts.join(", ")}.` : "";
}

/** The API's message as a sentence: a capital first, a full stop last. */
const sentence = (m: string) => `${m.charAt(0).toUpperCase()}${m.slice(1)}${/[.!?]$/.test(m) ? "" : "."}`;

const rateText = (rate: number, unit: string) =>
  rate === 0 ? "Keep your weight" : `${rate < 0 ? "Lose" : "Gain"} ${Math.abs(rate)} ${unit} a week`;

export function ExpenditureRegion({ end }: { end: string }) {
  const app = useApp();
  const [e, setE] = useState<Expenditure | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [keepShape, setKeepShape] = useState(true);
  const [fitMacros, setFitMacros] = useState(true);
  const record = useData(
    async () => (await getMeta<{ goals: GoalsRecord | null }>(app.db, "goals"))?.goals ?? null,
    [],
  );
  useEffect(() => {
    let live = true;
    fetchExpenditure(end).then(
      (r) => live && (setE(r), setError(null)),
      (err) =>
        live && setError(isOffline(err) ? "The estimate needs the server, which cannot be reached now." : message(err)),
    );
    return () => {
      live = false;
    };
  }, [end, app.version, app.sync.state.online]);

  async function setGoal(energy: number, label: string) {
    const cur = (await getMeta<{ goals: GoalsRecord | null }>(app.db, "goals"))?.goals ?? null;
    setNote(await applyRate(app.local, cur, energy, label, { keepShape, fitMacros }, dateIn(app.user.timezone)));
  }

  return (
    <section aria-labelledby="tdee-title" class="expenditure">
      <h2 id="tdee-title">Expenditure</h2>
      {error && <p class="muted">{error}</p>}
      {e && !e.enough_data && e.message && <p class="muted">{sentence(e.message)}</p>}
      {e?.enough_data && (
        <>
          <p class="big">
            About <strong>{kcal(e.expenditure_kcal)} kcal</strong> a day
          </p>
          <p class="muted range">
            Likely between {kcal(e.range_kcal!.low)} and {kcal(e.range_kcal!.high)} kcal: on diaries like yours, 9
            estimates in 10 have the true figure in this range. It narrows as you log and weigh in more.
          </p>
          <p class="muted">
            From {kcal(e.intake_kcal)} kcal a day on the {e.days_used} whole days you logged, and your weight{" "}
            {e.weight_change_per_week! === 0
              ? "holding steady"
              : `${e.weight_change_per_week! < 0 ? "falling" : "rising"} ${Math.abs(e.weight_change_per_week!)} ${e.weight_unit} a week`}
            .{leftOutText(e.days_left_out)}
          </p>
          <TrendLine trend={e.trend} />
          <h3>Set your energy goal</h3>
          <GoalOptions
            record={record ?? null}
            keepShape={keepShape}
            fitMacros={fitMacros}
            onShape={setKeepShape}
            onMacros={setFitMacros}
          />
          <div class="actions">
            {e.suggestions.map((s) => {
              const label = rateText(s.rate_per_week, e.weight_unit);
              return (
                <button key={s.rate_per_week} type="button" onClick={() => void setGoal(s.energy_kcal, label)}>
                  {label}: {kcal(s.energy_kcal)} kcal
                </button>
              );
            })}
          </div>
          {note && (
            <p class="notice" aria-live="polite">
              {note}
            </p>
          )}
        </>
      )}
    </section>
  );
}

/**
 * The estimate at each week end: a line where there was one, gaps where there was not enough data; a y-axis with the
 * kcal at its foot, middle and top (round hundreds, in a gutter of their own) and an x-axis with the first and last week.
 */
function TrendLine({ trend }: { trend: Expenditure["trend"] }) {
  const known = trend.filter((p) => p.expenditure_kcal !== null).map((p) => p.expenditure_kcal!);
  if (known.length < 2) return null;
  const W = 350;
  const H = 120;
  const L = 44; // the y-axis labels' gutter
  const B = H - 22; // the x-axis
  const lo = Math.floor((Math.min(...known) - 50) / 100) * 100;
  const hi = Math.ceil((Math.max(...known) + 50) / 100) * 100;
  const x = (i: number) => L + 10 + (i * (W - L - 20)) / (trend.length - 1);
  const y = (v: number) => B - 6 - ((v - lo) / (hi - lo)) * (B - 16);
  const pts = trend.map((p, i) => (p.expenditure_kcal === null ? null : `${x(i)},${y(p.expenditure_kcal)}`));
  const first = trend.find((p) => p.expenditure_kcal !== null)!;
  const last = trend.at(-1)!;
  const ticks = [lo, Math.round((lo + hi) / 200) * 100, hi].filter((v, i, a) => a.indexOf(v) === i);
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      class="trend"
      aria-label={`Estimate by week: ${kcal(first.expenditure_kcal)} kcal on ${shortDay(first.to)}, ${kcal(last.expenditure_kcal)} kcal on ${shortDay(last.to)}`}
    >
      <line class="axis" x1={L} x2={L} y1={4} y2={B} />
      <line class="axis" x1={L} x2={W - 4} y1={B} y2={B} />
      {ticks.map((v) => (
        <g key={v} class="tick">
          <line class="grid" x1={L} x2={W - 4} y1={y(v)} y2={y(v)} />
          <text class="y-label" x={L - 4} y={y(v) + 4} text-anchor="end">
            {v}
          </text>
        </g>
      ))}
      <polyline points={pts.filter(Boolean).join(" ")} />
      {trend.map((p, i) =>
        p.expenditure_kcal === null ? null : <circle key={p.to} cx={x(i)} cy={y(p.expenditure_kcal)} r="3" />,
      )}
      <text class="x-label" x={L} y={H - 4}>
        {shortDay(trend[0]!.to)}
      </text>
      <text class="x-label" x={x(trend.length - 1)} y={H - 4} text-anchor="end">
        {shortDay(last.to)}
      </text>
      <text class="unit-label" x={L - 4} y={H - 4} text-anchor="end">
        kcal
      </text>
    </svg>
  );
}
