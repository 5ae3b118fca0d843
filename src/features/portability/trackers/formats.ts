/**
 * The trackers people leave, and which files of their exports Morsel reads. Each file is known by
 * its columns, not its name (exports get renamed, and ZIPs nest them in folders):
 *
 * - MyFitnessPal (Settings → Export Data: a ZIP). `Nutrition-Summary-….csv`: one row per meal and
 *   day (`Date,Meal,Calories,Fat (g),…,Protein (g),…,Note`); it has no food names, so each row is a
 *   quick add named after its meal. `Measurement-Summary-….csv`: `Date,Weight` in the account's unit.
 * - Cronometer (More → Account → Export Data). `servings.csv`: one row per food
 *   (`Day,Time,Group,Food Name,Amount,Energy (kcal),…`, amount as "150.00 g"). `biometrics.csv`:
 *   `Day,Time,Group,Metric,Unit,Amount`, weight rows with their unit. Without servings, the daily
 *   nutrition file (`Date,Energy (kcal),…`) gives one entry per day.
 * - Lose It! (Settings → Export: a ZIP). `food-logs.csv`: `Date,Name,Type/Meal,Quantity,Units,
 *   Calories,Fat (g),…,Deleted` (dates as M/D/YYYY). `weights.csv`: `Date,Weight,…,Deleted`.
 * - wger (Weight → Export): `Weight,Date`. wger exports no nutrition diary as a file (its diary is
 *   only in its REST API), so its weigh-ins are what comes across.
 */
import { emptyRead, type SourceFile, type Table, type TrackerRead } from "./entries";
import {
  isFoodTable,
  isWeightTable,
  readFoodTable,
  readWeightTable,
  type FoodTableSpec,
  type WeightTableSpec,
} from "./tables";

export const TRACKER_FORMATS = ["myfitnesspal", "cronometer", "loseit", "wger"] as const;
export type TrackerFormat = (typeof TRACKER_FORMATS)[number];

export const TRACKER_NAMES: Record<TrackerFormat, string> = {
  myfitnesspal: "MyFitnessPal",
  cronometer: "Cronometer",
  loseit: "Lose It!",
  wger: "wger",
};

interface Format {
  foods: FoodTableSpec[];
  weights: WeightTableSpec[];
  /** What to ask for when the upload holds none of the files this format reads. */
  expects: string;
}

const MFP: Format = {
  foods: [{ date: ["date"], meal: ["meal"], name: [], label: "MyFitnessPal" }],
  weights: [{ date: ["date"], weight: ["weight", "weight (lbs)", "weight (kg)"] }],
  expects: "the ZIP from MyFitnessPal's Export Data, or its Nutrition-Summary and Measurement-Summary CSV files",
};

const CRONOMETER: Format = {
  foods: [
    {
      date: ["day"],
      meal: ["group"],
      name: ["food name"],
      amount: ["amount"],
      time: ["time"],
      label: "Cronometer",
    },
    // the daily nutrition file: one entry a day, read only when there are no servings
    { date: ["date"], meal: [], name: [], label: "Cronometer", requires: ["energy (kcal)"], excludes: ["meal"] },
  ],
  weights: [{ date: ["day"], weight: ["amount"], unit: ["unit"], metric: ["metric"] }],
  expects: "Cronometer's servings.csv (Food & Recipe Entries) and biometrics.csv",
};

const LOSEIT: Format = {
  foods: [
    {
      date: ["date"],
      meal: ["meal", "type"],
      name: ["name"],
      quantity: ["quantity"],
      units: ["units"],
      label: "Lose It!",
    },
  ],
  weights: [{ date: ["date"], weight: ["weight"] }],
  expects: "the ZIP from Lose It!'s export, or its food-logs.csv and weights.csv",
};

const WGER: Format = {
  foods: [],
  weights: [{ date: ["date"], weight: ["weight"] }],
  expects: "wger's weight export (Weightdata.csv: Weight,Date)",
};

const FORMATS: Record<TrackerFormat, Format> = {
  myfitnesspal: MFP,
  cronometer: CRONOMETER,
  loseit: LOSEIT,
  wger: WGER,
};

export function expectedFiles(format: TrackerFormat): string {
  return FORMATS[format].expects;
}

/**
 * The upload's tables read as `format`'s foods and weigh-ins. A table is a food table when it has
 * the columns of one of the format's food specs (the first that fits), else a weight table; any
 * other file is listed as ignored. Weigh-ins without a unit are in `weightUnit`.
 */
export function readTracker(
  format: TrackerFormat,
  tables: Table[],
  files: SourceFile[],
  weightUnit: "kg" | "lb",
): TrackerRead {
  const f = FORMATS[format];
  const out = emptyRead();
  const used = new Set<string>();
  const food = tables.map((t) => ({ t, spec: f.foods.findIndex((s) => isFoodTable(t, s)) }));
  const detailed = food.some((x) => x.spec === 0);
  for (const { t, spec } of food) {
    if (spec < 0 || (spec > 0 && detailed)) continue; // a summary beside the detail would count meals twice
    readFoodTable(t, f.foods[spec]!, out);
    used.add(t.file);
  }
  for (const t of tables) {
    if (used.has(t.file)) continue;
    const spec = f.weights.find((s) => isWeightTable(t, s));
    if (!spec) continue;
    readWeightTable(t, spec, weightUnit, out);
    used.add(t.file);
  }
  out.ignored = files.map((x) => x.name).filter((n) => !used.has(n));
  return out;
}
