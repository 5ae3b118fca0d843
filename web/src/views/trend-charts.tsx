/**
 * The range's charts (trends.tsx puts a table of the same numbers beside each): energy per day against each
 * day's goal; protein, fat and carbs, each against its goal; and weight against intake on one time axis. Drawn
 * at about phone width (350 units), so 12 px labels stay readable on a 360 px screen. A day without meals has no
 * bar and breaks the macro lines: it is not a day of zero intake.
 */
import { axisText, unitName, type WeightUnit } from "../weight-units";
import { kcal, shortDay } from "../ui";
import type { Goals } from "../store";

/** One day of the range as trends.tsx reads it from the local store (here, so the two files import no circle). */
export interface TrendDay {
  date: string;
  count: number;
  totals: Record<string, number>;
  /** Entries that carry each nutrient: a day none of whose entries says is "–", not 0 g. */
  known: Record<string, number>;
  goals: Goals | null;
  /** That day's weigh-in and the weight trend on it, in kg (null: none, or before the first weigh-in). */
  kg: number | null;
  trendKg: number | null;
  /** Counts in averages: logged and over (today only once marked complete). */
  counted: boolean;
  /** That day's carbohydrate goal counts net carbs: its carbs are shown as carbohydrate − fibre. */
  netCarbs: boolean;
}

const W = 350;
const L = 36; // room for the left axis' labels
const TOP = 10;
const BOTTOM = 22;

/** A round number at or above `v` for an axis' top (1, 2, 2.5 or 5 × a power of ten). */
export function niceMax(v: number): number {
  if (v <= 0) return 1;
  const p = 10 ** Math.floor(Math.log10(v));
  return ([1, 2, 2.5, 5, 10].find((m) => m * p >= v) ?? 10) * p;
}

const dayMonth = (d: string) => shortDay(d).split(" ").slice(1).join(" ");

/** A step line through each day's value (null: a gap), one slot per day. */
function steps(values: (number | null)[], x0: number, slot: number, y: (v: number) => number): string {
  let d = "";
  values.forEach((v, i) => {
    if (v === null) return;
    const yy = y(v).toFixed(1);
    d += `${i === 0 || values[i - 1] === null ? "M" : "L"}${(x0 + i * slot).toFixed(1)},${yy}`;
    d += `L${(x0 + (i + 1) * slot).toFixed(1)},${yy}`;
  });
  return d;
}

/** A line through each day's middle (null: the line breaks). */
function line(values: (number | null)[], x0: number, slot: number, y: (v: number) => number): string {
  let d = "";
  values.forEach((v, i) => {
    if (v === null) return;
    d += `${i === 0 || values[i - 1] === null ? "M" : "L"}${(x0 + (i + 0.5) * slot).toFixed(1)},${y(v).toFixed(1)}`;
  });
  return d;
}

function DateAxis({ days, y, x0, x1 }: { days: TrendDay[]; y: number; x0: number; x1: number }) {
  return (
    <>
      <text x={x0} y={y}>
        {dayMonth(days[0]!.date)}
      </text>
      <text x={x1} y={y} text-anchor="end">
        {dayMonth(days.at(-1)!.date)}
      </text>
    </>
  );
}

export function EnergyChart({ days }: { days: TrendDay[] }) {
  const H = 200;
  const slot = (W - L - 6) / days.length;
  const goals = days.map((d) => d.goals?.energy_kcal ?? null);
  const top = niceMax(Math.max(1, ...days.map((d) => d.totals.energy_kcal!), ...goals.map((g) => g ?? 0)));
  const y = (v: number) => TOP + (1 - v / top) * (H - TOP - BOTTOM);
  const hasGoal = goals.some((g) => g !== null);
  return (
    <figure class="chart">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label="Energy per day against each day's goal; the table beside it has the numbers"
      >
        <line class="axis" x1={L} x2={W - 6} y1={y(0)} y2={y(0)} />
        <text x={L - 4} y={y(top) + 4} text-anchor="end">
          {kcal(top)}
        </text>
        <text x={L - 4} y={y(0) + 4} text-anchor="end">
          0
        </text>
        {days.map((d, i) => {
          if (!d.count) return null;
          const v = d.totals.energy_kcal!;
          const g = goals[i] ?? null;
          return (
            <rect
              key={d.date}
              class={g !== null && v > g ? "over" : "kcal"}
              x={L + i * slot + slot * 0.1}
              y={y(v)}
              width={Math.max(1, slot * 0.8)}
              height={Math.max(0, y(0) - y(v))}
            />
          );
        })}
        {hasGoal && <path class="goal" d={steps(goals, L, slot, y)} />}
        <DateAxis days={days} y={H - 6} x0={L} x1={W - 6} />
      </svg>
      <figcaption class="legend">
        <span class="swatch kcal" aria-hidden="true" /> kcal at or under the goal{" "}
        <span class="swatch over" aria-hidden="true" /> over it
        {hasGoal && (
          <>
            {" "}
            <span class="swatch goal" aria-hidden="true" /> goal
          </>
        )}
      </figcaption>
    </figure>
  );
}

const MACROS = [
  ["protein_g", "Protein (g)"],
  ["fat_g", "Fat (g)"],
  ["carbohydrate_g", "Carbs (g)"],
] as const;

export function MacroChart({ days, carbs }: { days: TrendDay[]; carbs: "carbs" | "net carbs" }) {
  const PANEL = 78;
  const H = PANEL * 3 + BOTTOM;
  const slot = (W - L - 6) / days.length;
  return (
    <figure class="chart">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={`Protein, fat and ${carbs} per day, each against its goal; the table beside it has the numbers`}
      >
        {MACROS.map(([key, name], p) => {
          const label = key === "carbohydrate_g" && carbs === "net carbs" ? "Net carbs (g)" : name;
          const values = days.map((d) => (d.count ? d.totals[key]! : null));
          const goals = days.map((d) => d.goals?.[key] ?? null);
          const top = niceMax(Math.max(1, ...values.map((v) => v ?? 0), ...goals.map((g) => g ?? 0)));
          const y0 = p * PANEL;
          const y = (v: number) => y0 + 16 + (1 - v / top) * (PANEL - 24);
          return (
            <g key={key}>
              <text x={L} y={y0 + 11}>
                {label}
              </text>
              <text x={L - 4} y={y(top) + 4} text-anchor="end">
                {top}
              </text>
              <line class="axis" x1={L} x2={W - 6} y1={y(0)} y2={y(0)} />
              <path class="goal" d={steps(goals, L, slot, y)} />
              <path class="macro" d={line(values, L, slot, y)} />
              {values.map((v, i) =>
                v === null ? null : (
                  <circle key={days[i]!.date} class="macro" cx={L + (i + 0.5) * slot} cy={y(v)} r="2" />
                ),
              )}
            </g>
          );
        })}
        <DateAxis days={days} y={H - 6} x0={L} x1={W - 6} />
      </svg>
      <figcaption class="legend">
        <span class="swatch line" aria-hidden="true" /> eaten <span class="swatch goal" aria-hidden="true" /> goal
      </figcaption>
    </figure>
  );
}

export function WeightIntakeChart({ days, unit }: { days: TrendDay[]; unit: WeightUnit }) {
  const H = 200;
  const R = unit === "st" ? 48 : 36; // room for the weight axis on the right ("11 st 4" is wider than "180")
  const slot = (W - L - R) / days.length;
  const top = niceMax(Math.max(1, ...days.map((d) => d.totals.energy_kcal!)));
  const y = (v: number) => TOP + (1 - v / top) * (H - TOP - BOTTOM);
  const kgs = days.flatMap((d) => [d.kg, d.trendKg]).filter((v): v is number => v !== null);
  const lo = kgs.length ? Math.floor(Math.min(...kgs) - 0.5) : 0;
  const hi = kgs.length ? Math.ceil(Math.max(...kgs) + 0.5) : 1;
  const yw = (kg: number) => TOP + ((hi - kg) / (hi - lo)) * (H - TOP - BOTTOM);
  return (
    <figure class="chart">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={`Weight (${unitName(unit)}) against intake (kcal) per day, on one time axis; the table beside it has the numbers`}
      >
        <line class="axis" x1={L} x2={W - R} y1={y(0)} y2={y(0)} />
        <text x={L - 4} y={y(top) + 4} text-anchor="end">
          {kcal(top)}
        </text>
        <text x={L - 4} y={y(0) + 4} text-anchor="end">
          0
        </text>
        {days.map((d, i) =>
          d.count ? (
            <rect
              key={d.date}
              class="intake"
              x={L + i * slot + slot * 0.1}
              y={y(d.totals.energy_kcal!)}
              width={Math.max(1, slot * 0.8)}
              height={Math.max(0, y(0) - y(d.totals.energy_kcal!))}
            />
          ) : null,
        )}
        {kgs.length > 0 && (
          <>
            <text x={W - R + 4} y={yw(hi) + 4}>
              {axisText(hi, unit)}
            </text>
            <text x={W - R + 4} y={yw(lo) + 4}>
              {axisText(lo, unit)}
            </text>
            <path
              class="weight"
              d={line(
                days.map((d) => d.trendKg),
                L,
                slot,
                yw,
              )}
            />
            {days.map((d, i) =>
              d.kg === null ? null : (
                <circle key={d.date} class="weight" cx={L + (i + 0.5) * slot} cy={yw(d.kg)} r="3" />
              ),
            )}
          </>
        )}
        <DateAxis days={days} y={H - 6} x0={L} x1={W - R} />
      </svg>
      <figcaption class="legend">
        <span class="swatch intake" aria-hidden="true" /> intake, kcal (left){" "}
        {kgs.length ? (
          <>
            <span class="swatch weight-dot" aria-hidden="true" /> weigh-ins{" "}
            <span class="swatch weight-line" aria-hidden="true" /> weight trend, {unitName(unit)} (right)
          </>
        ) : (
          "· no weigh-ins by the end of this range"
        )}
      </figcaption>
    </figure>
  );
}
