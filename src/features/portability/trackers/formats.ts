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
 *   Calories,Fat (g),…,Deleted` (dates as M/D/YYYY), in newer exports `Date,Name,Icon,Meal,Quantity,Units,
 *   Calories,Deleted,Fat (g),…`: the food log by its name or its Meal column, never by its Icon, which
 *   exercise-logs.csv has too. `weights.csv`: `Date,Weight,…,Deleted`.
 * - wger (Weight → Export): `Weight,Date`. wger exports no nutrition diary as a file (its diary is
 *   only in its REST API), so its weigh-ins are what comes across.
 */
import { emptyRead, normalHeader, type CsvRecord, type TrackerRead } from "./entries";
import { isLoseItFoodLog, otherRows } from "./others";
import { foodRows, isFoodTable, isWeightTable, weightRows, type FoodTableSpec, type WeightTableSpec } from "./tables";

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
      // food-logs.csv may have an Icon column (Date,Name,Icon,Meal,Quantity,…) as exercise-logs.csv
      // (Date,Name,Icon,Type,Quantity,Units,Calories,Deleted) does: with an Icon, the name or Meal tells them apart
      accepts: (t) => !t.header.includes("icon") || isLoseItFoodLog(t),
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

/** Adds what `from` read to `into` (a loop, not a spread: a file may hold 100,000 rows). */
function append(into: TrackerRead, from: TrackerRead): void {
  for (const x of from.foods) into.foods.push(x);
  for (const x of from.weights) into.weights.push(x);
  for (const x of from.skipped) into.skipped.push(x);
  for (const x of from.notImported) into.notImported.push(x);
  for (const x of from.notes) into.notes.push(x);
  for (const x of from.exercises) into.exercises.push(x);
  for (const x of from.steps) into.steps.push(x);
}

/**
 * Reads an upload's CSV files as `format`'s foods and weigh-ins, a row at a time as they are parsed
 * (read-upload.ts). A file is a food table when its header has the columns of one of the format's
 * food specs (the first that fits), else a weight table; any other file is listed as ignored. A
 * file's rows count only once the file ended cleanly (`commit`): a file that breaks half-way is
 * skipped whole, as it always was. Weigh-ins without a unit are in `weightUnit`.
 */
export class TrackerReader {
  /** What each food spec's files gave, and the weight files': kept apart until `finish`. */
  private readonly foods: { read: TrackerRead; files: string[] }[];
  private readonly weights = emptyRead();
  private readonly weightFiles: string[] = [];
  /** Exercise logs (counted, not imported) and day notes. */
  private readonly others = emptyRead();
  private readonly otherFiles: string[] = [];
  private readonly heads: Record<string, string[]> = {};
  private pending: { read: TrackerRead; into: TrackerRead; file: string; files: string[] } | null = null;

  constructor(
    private readonly format: TrackerFormat,
    private readonly weightUnit: "kg" | "lb",
  ) {
    this.foods = FORMATS[format].foods.map(() => ({ read: emptyRead(), files: [] }));
  }

  /** The row reader of a file whose header is `header`; null when it is none of this format's files. */
  table(file: string, header: string[]): ((row: CsvRecord) => void) | null {
    const f = FORMATS[this.format];
    const t = { file, header: header.map(normalHeader) };
    const read = emptyRead();
    const spec = f.foods.findIndex((s) => isFoodTable(t, s));
    if (spec >= 0) {
      this.pending = { read, into: this.foods[spec]!.read, file, files: this.foods[spec]!.files };
      return foodRows(t, f.foods[spec]!, read);
    }
    const w = f.weights.find((s) => isWeightTable(t, s));
    if (w) {
      this.pending = { read, into: this.weights, file, files: this.weightFiles };
      return weightRows(t, w, this.weightUnit, read);
    }
    const other = otherRows(t, read);
    if (!other) {
      this.heads[file] = header;
      return null;
    }
    this.pending = { read, into: this.others, file, files: this.otherFiles };
    return other;
  }

  /** The file being read ended cleanly: its rows count. */
  commit(): void {
    const p = this.pending;
    if (!p) return;
    append(p.into, p.read);
    p.files.push(p.file);
    this.pending = null;
  }

  /** The file being read broke: none of its rows count. */
  drop(): void {
    this.pending = null;
  }

  /** Everything read; `files` names every file of the upload (for `ignored`). */
  finish(files: string[]): TrackerRead {
    const out = emptyRead();
    // a summary beside the detail would count meals twice: with the detail (spec 0), summaries are ignored
    const used = this.foods[0]?.files.length ? [this.foods[0]] : this.foods;
    const parts = [
      ...used,
      { read: this.weights, files: this.weightFiles },
      { read: this.others, files: this.otherFiles },
    ];
    for (const part of parts) {
      append(out, part.read);
    }
    const read = new Set(parts.flatMap((p) => p.files));
    out.ignored = files.filter((n) => !read.has(n));
    for (const n of out.ignored) if (this.heads[n]) out.heads[n] = this.heads[n];
    return out;
  }
}
