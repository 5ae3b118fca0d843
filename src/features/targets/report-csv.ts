/** GET /report/csv: the report's table as a spreadsheet, one row per goal and per nutrient. */
import { csvCell } from "../../lib/csv";
import type { ReportT } from "./report-model";

export const REPORT_CSV_COLUMNS = [
  "key",
  "name",
  "unit",
  "average_per_day",
  "goal",
  "minimum",
  "maximum",
  "percent_of_minimum",
  "status",
  "foods_with_value",
  "foods",
  "days_counted",
  "from",
  "to",
] as const;

const GOAL_NAMES: Record<string, [string, string]> = {
  energy_kcal: ["Energy", "kcal"],
  protein_g: ["Protein", "g"],
  fat_g: ["Total fat", "g"],
  carbohydrate_g: ["Carbohydrate", "g"],
};

export function reportCsv(r: ReportT): string {
  const lines = [REPORT_CSV_COLUMNS.join(",")];
  const row = (cells: unknown[]) => lines.push(cells.map(csvCell).join(","));
  for (const g of r.goals) {
    const [name, unit] = GOAL_NAMES[g.key]!;
    row([
      g.key,
      name,
      unit,
      g.average,
      g.goal,
      null,
      null,
      null,
      "goal",
      null,
      r.from_foods,
      r.days_counted,
      r.from,
      r.to,
    ]);
  }
  for (const i of r.items)
    row([
      i.key,
      i.name,
      i.unit === "ug" ? "µg" : i.unit,
      i.average,
      null,
      i.minimum,
      i.maximum,
      i.percent_of_minimum,
      i.status,
      i.from_foods.known,
      i.from_foods.of,
      r.days_counted,
      r.from,
      r.to,
    ]);
  return `${lines.join("\r\n")}\r\n`;
}
