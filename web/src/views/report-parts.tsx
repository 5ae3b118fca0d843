/**
 * The report's body (report.tsx fetches it): which days counted, energy and macros against the goals, every
 * nutrient against its target with how many foods its average is from, and the three furthest below target
 * with the foods richest in each per 100 kcal (first what this person eats, then common catalogue foods).
 */
import type { Schemas } from "../api-data";
import { nutrientName } from "../nutrient-names";
import { round, shownDifference } from "../round";
import { grams, kcal, shortDay } from "../ui";
import { unitText } from "./nutrient-bar";

/** A nutrient's amount in its unit: kcal whole, others to 0.1. */
export const amountText = (v: number | null, unit: string) =>
  v === null ? "–" : `${unit === "kcal" ? kcal(v) : unit === "g" ? grams(v) : round(v, 1)} ${unitText(unit)}`;

/** Average − goal of the numbers shown beside it (GET /report's `difference` is of the exact ones): "−14.6 g". */
const differenceText = (d: number, unit: string) => `${d > 0 ? "+" : d < 0 ? "−" : ""}${amountText(Math.abs(d), unit)}`;

/** The report as GET /report answers it, and one of its nutrients. */
export type Report = Schemas["Report"];
export type ReportItem = Report["items"][number];

const GOAL_NAME: Record<string, [string, string]> = {
  energy_kcal: ["Energy", "kcal"],
  protein_g: ["Protein", "g"],
  fat_g: ["Fat", "g"],
  carbohydrate_g: ["Carbs", "g"],
};
const STATUS: Record<ReportItem["status"], string> = {
  below: "below target",
  within: "on target",
  above: "over the upper limit",
  no_data: "not known",
};

function leftOut(r: Report): string {
  const l = r.days_left_out;
  const parts = [
    l.today_not_over > 0 && "today, until it is over or marked complete",
    l.marked_incomplete > 0 && `${l.marked_incomplete} marked incomplete`,
    l.not_marked_complete > 0 && `${l.not_marked_complete} not marked complete`,
  ].filter((x): x is string => typeof x === "string");
  return parts.length ? ` Left out: ${parts.join(", ")}.` : "";
}

export function ReportBody({ report: r }: { report: Report }) {
  return (
    <>
      <p>
        Average per day over {r.days_counted} complete {r.days_counted === 1 ? "day" : "days"} ({r.from_foods}{" "}
        {r.from_foods === 1 ? "entry" : "entries"}), {shortDay(r.from)} to {shortDay(r.to)}.{leftOut(r)}
      </p>
      <table class="report-goals">
        <caption>Energy and macros against your goals (average per day)</caption>
        <thead>
          <tr>
            <th scope="col">Nutrient</th>
            <th scope="col">Average</th>
            <th scope="col">Goal</th>
            <th scope="col">Difference</th>
          </tr>
        </thead>
        <tbody>
          {r.goals.map((g) => {
            const [name, unit] = GOAL_NAME[g.key] ?? [g.key, ""];
            return (
              <tr key={g.key}>
                <th scope="row">{name}</th>
                <td>{amountText(g.average, unit)}</td>
                <td>{amountText(g.goal, unit)}</td>
                <td>
                  {g.average === null || g.goal === null
                    ? "–"
                    : differenceText(shownDifference(g.average, g.goal, unit === "kcal" ? 0 : 1), unit)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>

      {r.furthest_below.length > 0 && (
        <section aria-labelledby="lowest-title" class="lowest">
          <h2 id="lowest-title">Furthest below target</h2>
          {r.furthest_below.map((b) => (
            <div key={b.key} class="lowest-item">
              <h3>
                {nutrientName(b.key, b.name)}: {Math.round(b.percent_of_minimum)} % of {amountText(b.minimum, b.unit)} (
                {amountText(b.average, b.unit)} a day)
              </h3>
              {b.richest.length === 0 ? (
                <p class="muted">No food to suggest.</p>
              ) : (
                <ul class="richest">
                  {b.richest.map((f) => (
                    <li key={`${f.from}-${f.food_id}`}>
                      <span class="name">{f.name}</span>{" "}
                      <span class="muted">
                        {amountText(f.per_100kcal, b.unit)} per 100 kcal
                        {f.from === "yours" ? " · you eat this" : " · common food"}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          ))}
        </section>
      )}

      <div class="table-scroll" tabIndex={0} role="group" aria-label="Nutrients against your targets, table">
        <table class="report-items">
          <caption>Nutrients against your targets (average per day)</caption>
          <thead>
            <tr>
              <th scope="col">Nutrient</th>
              <th scope="col">Average</th>
              <th scope="col">Target</th>
              <th scope="col">Upper limit</th>
              <th scope="col">% of target</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {r.items.map((i) => (
              <tr key={i.key} class={i.status === "above" ? "over" : i.status === "below" ? "below" : undefined}>
                <th scope="row">{nutrientName(i.key, i.name)}</th>
                <td>
                  {i.average === null ? "not known" : amountText(i.average, i.unit)}
                  {i.key === "water_g" && r.water ? (
                    <span class="muted from">
                      {grams(r.water.food_g)} g in food + {grams(r.water.drinks_g)} g drunk
                    </span>
                  ) : (
                    i.average !== null &&
                    i.from_foods.known < i.from_foods.of && (
                      <span class="muted from">
                        {" "}
                        from {i.from_foods.known} of {i.from_foods.of} foods
                      </span>
                    )
                  )}
                </td>
                <td>{amountText(i.minimum, i.unit)}</td>
                <td>
                  {amountText(i.maximum, i.unit)}
                  {i.maximum !== null && i.maximum_applies_to === "supplements" && (
                    <span class="muted from"> supplements only</span>
                  )}
                </td>
                <td>{i.percent_of_minimum === null ? "–" : `${Math.round(i.percent_of_minimum)} %`}</td>
                <td>{STATUS[i.status]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
