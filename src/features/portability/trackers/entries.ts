/**
 * What every tracker's export comes down to: food entries (a day, a meal, a name, an amount where
 * the tracker gives one, and the energy and macros it recorded) and weigh-ins. Each format's reader
 * (mfp.ts, cronometer.ts, loseit.ts, wger.ts) turns its tables into these, and skips, with the
 * line and column, each row it could not read.
 */
import type { MealType } from "../../meals/model";
import type { MealNutrientKey } from "../../../db/nutrients";
import { KG_PER_LB } from "../../weights/trend";

export interface SourceFile {
  name: string;
  bytes: Uint8Array;
}

/** A row or file that could not be read, and why; line and column (1-based) where known. */
export interface Skip {
  file: string;
  line: number | null;
  column: number | null;
  message: string;
}

/** Skipped rows listed in an import's answer; its `skipped_count` has them all. */
export const MAX_LISTED_SKIPS = 100;

/** A CSV file's name and header row, before its rows are read. */
export interface TableHead {
  file: string;
  /** Column names, lower case, spaces squeezed. */
  header: string[];
}

/** One record of a CSV file, with its (1-based) line: the header is line 1. */
export interface CsvRecord {
  line: number;
  cells: string[];
}

export const normalHeader = (h: string) =>
  h
    .replace(/^\uFEFF/, "")
    .trim()
    .toLowerCase()
    .replace(/\s+/g, " ");

/** The index of the first column named one of `names` (normalised), or -1. */
export function column(t: TableHead, ...names: string[]): number {
  for (const n of names) {
    const i = t.header.indexOf(n);
    if (i >= 0) return i;
  }
  return -1;
}

export interface TrackerFood {
  date: string;
  meal: MealType;
  /** The food's name, or for a tracker that exports meals only, the meal's. */
  name: string;
  /** "150.00 g", "2 cups"; null when the tracker gives none. */
  amount: string | null;
  /** "HH:MM" (24 h) when the tracker recorded the time. */
  time: string | null;
  nutrients: Partial<Record<MealNutrientKey, number>> & { energy_kcal: number };
  /** The tracker's own meal name where it is not one of ours ("Pre-workout"), kept in the note. */
  group: string | null;
  /** The entry's note in the file (MyFitnessPal's Note column), or a day note attached to it. */
  note: string | null;
  file: string;
  line: number;
}

export interface TrackerWeight {
  date: string;
  kg: number;
  /** The value as the file has it, in `unit`; `stated`: the file names the unit (else weight_unit gave it). */
  value: number;
  unit: "kg" | "lb";
  stated: boolean;
  file: string;
  line: number;
}

/** An exercise row: its kcal exactly as the file has it (the sign dropped: Cronometer and Lose It! write burned kcal as negative). */
export interface TrackerExercise {
  date: string;
  name: string;
  minutes: number | null;
  kcal: number;
  /** "HH:MM" (24 h) when the tracker recorded the time. */
  time: string | null;
  sets: number | null;
  reps: number | null;
  file: string;
  line: number;
}

/** A day's step count from the file (MyFitnessPal's calorie-adjustment rows), the day's steps. */
export interface TrackerSteps {
  date: string;
  steps: number;
  file: string;
  line: number;
}

/**
 * Rows of the file that Morsel has nowhere to put yet, counted so the answer can say so: body fat, and
 * strength rows (sets, reps and a load without minutes: an exercise needs minutes).
 */
export interface NotImported {
  kind: "exercise" | "body_fat" | "strength";
  rows: number;
  file: string;
}

/** A day note of the file (Cronometer's notes), attached to that day's first meal (of `group` if it names one). */
export interface DayNote {
  date: string;
  group: string | null;
  note: string;
}

export interface TrackerRead {
  foods: TrackerFood[];
  weights: TrackerWeight[];
  skipped: Skip[];
  /** Files of the upload that were not among the ones this format reads (a ZIP's profile.csv, say). */
  ignored: string[];
  /** The first record of each ignored file: to say what line 1 held when a header is missing. */
  heads: Record<string, string[]>;
  notImported: NotImported[];
  notes: DayNote[];
  exercises: TrackerExercise[];
  steps: TrackerSteps[];
}

export const emptyRead = (): TrackerRead => ({
  foods: [],
  weights: [],
  skipped: [],
  ignored: [],
  heads: {},
  notImported: [],
  notes: [],
  exercises: [],
  steps: [],
});

/** "1,050" and "12.5" as numbers; "" and "--" as null; anything else NaN. */
export function numberCell(s: string | undefined): number | null {
  const v = (s ?? "").trim();
  if (v === "" || v === "--" || v === "-") return null;
  const plain = /^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(v) ? v.replaceAll(",", "") : v;
  return /^-?(\d+\.?\d*|\.\d+)$/.test(plain) ? Number(plain) : Number.NaN;
}

/** "2024-01-15", "2024-01-15 08:00:00+00:00" or the US "1/15/2024" as YYYY-MM-DD; null when neither. */
export function dateCell(s: string | undefined): string | null {
  const v = (s ?? "").trim();
  let y: number;
  let m: number;
  let d: number;
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[ T].*)?$/.exec(v);
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(v);
  if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (us) [y, m, d] = [Number(us[3]), Number(us[1]), Number(us[2])];
  else return null;
  const t = new Date(Date.UTC(y, m - 1, d));
  if (t.getUTCFullYear() !== y || t.getUTCMonth() !== m - 1 || t.getUTCDate() !== d) return null;
  return t.toISOString().slice(0, 10);
}

/** "07:30 PM", "8:14 AM" or "19:30" as "HH:MM"; null otherwise. */
export function timeCell(s: string | undefined): string | null {
  const m = /^(\d{1,2}):(\d{2})(?::\d{2})?\s*([AaPp][Mm])?$/.exec((s ?? "").trim());
  if (!m) return null;
  let h = Number(m[1]);
  const min = Number(m[2]);
  if (m[3]) {
    if (h < 1 || h > 12) return null;
    h = (h % 12) + (m[3].toLowerCase() === "pm" ? 12 : 0);
  }
  if (h > 23 || min > 59) return null;
  return `${String(h).padStart(2, "0")}:${String(min).padStart(2, "0")}`;
}

/** A tracker's meal name as one of ours; `group` keeps a name that is not one of them. */
export function mealOf(name: string): { meal: MealType; group: string | null } {
  const n = name.trim().toLowerCase();
  if (n.startsWith("breakfast")) return { meal: "breakfast", group: null };
  if (n.startsWith("lunch")) return { meal: "lunch", group: null };
  if (n.startsWith("dinner") || n.startsWith("supper")) return { meal: "dinner", group: null };
  if (n.startsWith("snack")) return { meal: "snack", group: null };
  return { meal: "snack", group: name.trim() || null };
}

/** Where each of our nutrients sits in a table, by the column names trackers use. */
const NUTRIENT_COLUMNS: Record<MealNutrientKey, string[]> = {
  energy_kcal: ["energy (kcal)", "calories", "calories (kcal)", "energy"],
  protein_g: ["protein (g)", "protein"],
  fat_g: ["fat (g)", "fat", "total fat (g)"],
  carbohydrate_g: ["carbohydrates (g)", "carbs (g)", "carbohydrates", "carbs"],
  fiber_g: ["fiber (g)", "fiber", "dietary fiber (g)", "fibre (g)"],
  sugars_g: ["sugars (g)", "sugar (g)", "sugar", "sugars"],
  saturated_fat_g: ["saturated (g)", "saturated fat (g)", "saturated fat"],
  sodium_mg: ["sodium (mg)", "sodium"],
};

export function nutrientColumns(t: TableHead): Partial<Record<MealNutrientKey, number>> {
  const out: Partial<Record<MealNutrientKey, number>> = {};
  for (const [key, names] of Object.entries(NUTRIENT_COLUMNS)) {
    const i = column(t, ...names);
    if (i >= 0) out[key as MealNutrientKey] = i;
  }
  return out;
}

/** The highest value a row's nutrient may have: an entry of a whole day at most. */
const MAX_VALUE: Record<MealNutrientKey, number> = {
  energy_kcal: 10_000,
  protein_g: 1000,
  fat_g: 1000,
  carbohydrate_g: 1000,
  fiber_g: 1000,
  sugars_g: 1000,
  saturated_fat_g: 1000,
  sodium_mg: 100_000,
};

/**
 * A row's nutrients, or a skip naming the first cell that is not a number in range. Energy is
 * required (a row without it says nothing about intake); an empty cell is "not recorded".
 */
export function rowNutrients(
  t: TableHead,
  cols: Partial<Record<MealNutrientKey, number>>,
  row: CsvRecord,
): TrackerFood["nutrients"] | Skip {
  const out: Partial<Record<MealNutrientKey, number>> = {};
  for (const [key, i] of Object.entries(cols) as [MealNutrientKey, number][]) {
    const v = numberCell(row.cells[i]);
    const at = { file: t.file, line: row.line, column: i + 1 };
    if (v === null) {
      if (key === "energy_kcal") return { ...at, message: `${t.header[i]} is empty: the entry's energy is needed` };
      continue;
    }
    if (!Number.isFinite(v)) return { ...at, message: `${t.header[i]} "${row.cells[i]}" is not a number` };
    if (v < 0 || v > MAX_VALUE[key])
      return { ...at, message: `${t.header[i]} ${v} is out of range (0–${MAX_VALUE[key]})` };
    out[key] = v;
  }
  return out as TrackerFood["nutrients"];
}

/** A weight in `unit` as kg, to the gram (as weigh-ins are kept). */
export const toKg = (value: number, unit: "kg" | "lb") =>
  Math.round((unit === "lb" ? value * KG_PER_LB : value) * 1000) / 1000;

/** The unit a weight column names ("Weight (lbs)", "weight (kg)"); null when it names none. */
export function unitOfHeader(h: string): "kg" | "lb" | null {
  if (/\b(lb|lbs|pounds?)\b/.test(h)) return "lb";
  if (/\b(kg|kgs|kilograms?)\b/.test(h)) return "kg";
  return null;
}
