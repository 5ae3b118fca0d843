/**
 * Reading a food table and a weight table, whichever tracker wrote them: each format (formats.ts)
 * says which columns hold what, and these read the rows, skipping (with line and column) each row
 * that cannot be read and leaving out rows the tracker marks deleted or as exercise.
 */
import { MAX_KG, MIN_KG } from "../../weights/model";
import {
  column,
  dateCell,
  mealOf,
  numberCell,
  nutrientColumns,
  rowNutrients,
  timeCell,
  toKg,
  unitOfHeader,
  type NotImported,
  type CsvRecord,
  type TableHead,
  type TrackerRead,
} from "./entries";
import { exerciseOfFoodRow } from "./others";

export interface FoodTableSpec {
  date: string[];
  meal: string[];
  /** Columns of the food's name; none: the tracker exports meals (or days), named `${meal} (${label})`. */
  name: string[];
  /** One column with the whole amount ("150.00 g"), or a quantity and a unit column. */
  amount?: string[];
  quantity?: string[];
  units?: string[];
  time?: string[];
  /** The tracker's name, for meals without a food name. */
  label: string;
  /** Columns that must be there, and ones that must not, to tell this table from another tracker's. */
  requires?: string[];
  excludes?: string[];
  /** What the columns alone cannot say (the file's name, say): false, not this table. */
  accepts?: (t: TableHead) => boolean;
}

const has = (t: TableHead, names: string[]) => column(t, ...names) >= 0;
/** Does this table have every column the spec needs (the name only where the spec has one)? */
export const isFoodTable = (t: TableHead, s: FoodTableSpec) =>
  has(t, s.date) &&
  (s.requires ?? []).every((c) => has(t, [c])) &&
  !(s.excludes ?? []).some((c) => has(t, [c])) &&
  (s.accepts?.(t) ?? true) &&
  (s.meal.length === 0 || s.name.length > 0 || has(t, s.meal)) &&
  (s.name.length === 0 || has(t, s.name)) &&
  nutrientColumns(t).energy_kcal !== undefined;

const TOTAL_ROW = /^(daily )?totals?$/i;
const YES = /^(true|yes|1)$/i;

/** The reader of a food table's rows (after its header), each read into `into` or skipped with its line. */
export function foodRows(t: TableHead, s: FoodTableSpec, into: TrackerRead): (row: CsvRecord) => void {
  const cols = nutrientColumns(t);
  const [date, meal, name] = [column(t, ...s.date), column(t, ...s.meal), s.name.length ? column(t, ...s.name) : -1];
  const amount = s.amount ? column(t, ...s.amount) : -1;
  const [quantity, units] = [s.quantity ? column(t, ...s.quantity) : -1, s.units ? column(t, ...s.units) : -1];
  const time = s.time ? column(t, ...s.time) : -1;
  const [deleted, type] = [column(t, "deleted"), column(t, "type")];
  const noteCol = column(t, "note", "notes", "comment");
  return (row) => {
    const cell = (i: number) => (i >= 0 ? (row.cells[i] ?? "").trim() : "");
    const skip = (i: number, message: string) =>
      into.skipped.push({ file: t.file, line: row.line, column: i >= 0 ? i + 1 : null, message });
    if (YES.test(cell(deleted))) return; // not eaten
    if (/exercise/i.test(cell(type) || cell(meal))) {
      // not food: exercise, with the row's kcal
      const e = exerciseOfFoodRow(t, row, { date, name, kcal: cols.energy_kcal ?? -1, quantity, units });
      if (e) into.exercises.push(e);
      else skip(date, "this exercise row has no date, name or calories that can be read");
      return;
    }
    const mealName = cell(meal) || cell(type);
    if (TOTAL_ROW.test(mealName) || TOTAL_ROW.test(cell(date))) return; // a sum of rows already read
    const d = dateCell(cell(date));
    if (!d) {
      skip(date, `date "${cell(date)}" is not a date (YYYY-MM-DD or M/D/YYYY)`);
      return;
    }
    const { meal: mealType, group } = mealOf(mealName);
    const foodName = name >= 0 ? cell(name) : mealName ? `${mealName} (${s.label})` : `Day total (${s.label})`;
    if (!foodName) {
      skip(name, "the food's name is empty");
      return;
    }
    const nutrients = rowNutrients(t, cols, row);
    if ("message" in nutrients) {
      into.skipped.push(nutrients);
      return;
    }
    const q = numberCell(cell(quantity));
    const amountText =
      amount >= 0 ? cell(amount) || null : quantity >= 0 && q !== null && q > 0 ? `${q} ${cell(units)}`.trim() : null;
    into.foods.push({
      date: d,
      meal: mealType,
      name: foodName.slice(0, 200),
      amount: amountText,
      time: timeCell(cell(time)),
      nutrients,
      group,
      note: cell(noteCol) || null,
      file: t.file,
      line: row.line,
    });
  };
}

export interface WeightTableSpec {
  date: string[];
  weight: string[];
  /** A column naming each row's unit (Cronometer's biometrics), with the metric column to filter on. */
  unit?: string[];
  metric?: string[];
}

export const isWeightTable = (t: TableHead, s: WeightTableSpec) =>
  has(t, s.date) && has(t, s.weight) && (!s.metric || has(t, s.metric));

/** The reader of a weight table's rows; `fallback` is the unit when neither the header nor a column says. */
export function weightRows(
  t: TableHead,
  s: WeightTableSpec,
  fallback: "kg" | "lb",
  into: TrackerRead,
): (row: CsvRecord) => void {
  const [date, weight] = [column(t, ...s.date), column(t, ...s.weight)];
  const unitCol = s.unit ? column(t, ...s.unit) : -1;
  const metric = s.metric ? column(t, ...s.metric) : -1;
  const deleted = column(t, "deleted");
  const headerUnit = unitOfHeader(t.header[weight]!);
  let bodyFat: NotImported | null = null;
  return (row) => {
    const cell = (i: number) => (i >= 0 ? (row.cells[i] ?? "").trim() : "");
    const skip = (i: number, message: string) =>
      into.skipped.push({ file: t.file, line: row.line, column: i + 1, message });
    if (metric >= 0 && cell(metric).toLowerCase() !== "weight") {
      // blood pressure, …: not weights; body fat is counted, so the answer says it is left behind
      if (/body ?fat/i.test(cell(metric))) {
        if (!bodyFat) into.notImported.push((bodyFat = { kind: "body_fat", rows: 0, file: t.file }));
        bodyFat.rows++;
      }
      return;
    }
    if (YES.test(cell(deleted))) return;
    const d = dateCell(cell(date));
    if (!d) {
      skip(date, `date "${cell(date)}" is not a date (YYYY-MM-DD or M/D/YYYY)`);
      return;
    }
    const v = numberCell(cell(weight));
    if (v === null) return; // a day with a body-fat reading only
    const rowUnit = cell(unitCol).toLowerCase();
    const unit = rowUnit.startsWith("lb") ? "lb" : rowUnit.startsWith("kg") ? "kg" : (headerUnit ?? fallback);
    const kg = Number.isFinite(v) ? toKg(v, unit) : Number.NaN;
    if (!(kg >= MIN_KG && kg <= MAX_KG)) {
      skip(weight, `weight "${cell(weight)}" ${unit} is out of range (${MIN_KG}–${MAX_KG} kg)`);
      return;
    }
    const stated = rowUnit.startsWith("lb") || rowUnit.startsWith("kg") || headerUnit !== null;
    into.weights.push({ date: d, kg, value: v, unit, stated, file: t.file, line: row.line });
  };
}
