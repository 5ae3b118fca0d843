/**
 * Files of a tracker's export that are neither food nor weigh-ins: exercise logs, read as exercise
 * with the file's kcal (MyFitnessPal's Exercise-Summary: `Date,Exercise,Type,Exercise Calories,
 * Exercise Minutes,Sets,Reps Per Set,Kilograms,Steps,Note`; Cronometer's exercises.csv: `Day,Time,Group,Exercise,
 * Minutes,Calories Burned` with burned kcal negative; Lose It!'s exercise-logs.csv: `Date,Name,Icon,Type,
 * Quantity,Units,Calories,Deleted` with Units "minutes"); and day notes (Cronometer's notes), which
 * become the notes of that day's meals.
 *
 * Two kinds of exercise row are not exercises. MyFitnessPal writes strength training as sets, reps and a load
 * with blank minutes and calories (`2026-09-09,Bench Press,Strength,,,3,8,60.0,,`): an exercise needs minutes,
 * so these are counted in `not_imported` (kind "strength"), never a bad line. Its `MFP iOS calorie adjustment`
 * rows (minutes 1, a Steps figure) are the step credit its app adds from the phone's step count: they give the
 * day's steps, never an exercise.
 */
import { METRIC_RULES } from "../../daily-values/model";
import { MAX_KCAL } from "../../exercises/kcal";
import {
  column,
  dateCell,
  numberCell,
  timeCell,
  type NotImported,
  type CsvRecord,
  type TableHead,
  type TrackerExercise,
  type TrackerRead,
} from "./entries";

const has = (t: TableHead, ...names: string[]) => column(t, ...names) >= 0;
/** Lose It!'s food log, known by its name or its Meal column (it has an Icon column as the exercise log does). */
export const isLoseItFoodLog = (t: TableHead) => /food[-_ ]?logs?[^/]*\.csv$/i.test(t.file) || has(t, "meal");
const isExercise = (t: TableHead) =>
  (t.header.some((h) => /exercise|activity/.test(h)) &&
    t.header.some((h) => /calories|minutes|duration/.test(h)) &&
    !has(t, "food name", "name")) ||
  // Lose It!'s exercise-logs.csv names its activity "Name" beside an "Icon", and has a Type
  (has(t, "date") && has(t, "name") && has(t, "icon") && has(t, "type") && has(t, "calories") && !isLoseItFoodLog(t));
const isNotes = (t: TableHead) =>
  has(t, "day", "date") && has(t, "note", "notes") && !t.header.some((h) => /calories|energy/.test(h));

const YES = /^(true|yes|1)$/i;
const MAX_STEPS = METRIC_RULES.steps.max;
/** The most kcal one exercise row may have, as for the exercise entity. */
export const MAX_EXERCISE_KCAL = MAX_KCAL;
/** MyFitnessPal's step-credit rows ("MFP iOS calorie adjustment", and its Android twin). */
const CALORIE_ADJUSTMENT = /^mfp\b.*calorie adjustment$/i;

/** The reader of an exercise table's rows. */
function exerciseRows(t: TableHead, into: TrackerRead): (row: CsvRecord) => void {
  const date = column(t, "date", "day");
  const name = column(t, "exercise", "name", "activity");
  const kcal = column(t, "exercise calories", "calories burned", "calories", "energy (kcal)");
  const minutes = column(t, "exercise minutes", "minutes", "duration (min)", "duration");
  const [quantity, units] = [column(t, "quantity"), column(t, "units")];
  const [time, sets, reps, deleted] = [
    column(t, "time"),
    column(t, "sets"),
    column(t, "reps per set", "reps"),
    column(t, "deleted"),
  ];
  const [load, steps, type] = [column(t, "kilograms", "pounds", "kg", "lbs"), column(t, "steps"), column(t, "type")];
  let strength: NotImported | null = null;
  return (row) => {
    const cell = (i: number) => (i >= 0 ? (row.cells[i] ?? "").trim() : "");
    const skip = (i: number, message: string) =>
      into.skipped.push({ file: t.file, line: row.line, column: i >= 0 ? i + 1 : null, message });
    if (YES.test(cell(deleted))) return;
    const d = dateCell(cell(date));
    if (!d) return skip(date, `date "${cell(date)}" is not a date (YYYY-MM-DD or M/D/YYYY)`);
    const label = cell(name);
    if (!label) return skip(name, "the exercise's name is empty");
    if (CALORIE_ADJUSTMENT.test(label)) {
      const n = numberCell(cell(steps));
      if (n === null) return; // an adjustment without a step count holds nothing Morsel keeps
      if (!(Number.isInteger(n) && n >= 0 && n <= MAX_STEPS))
        return skip(steps, `steps "${cell(steps)}" is not a whole number from 0 to ${MAX_STEPS}`);
      into.steps.push({ date: d, steps: n, file: t.file, line: row.line });
      return;
    }
    const whole = (i: number) => {
      const v = numberCell(cell(i));
      return v !== null && Number.isInteger(v) && v > 0 ? v : null;
    };
    let m = minutes >= 0 ? numberCell(cell(minutes)) : null;
    if (m === null && quantity >= 0 && /^min/i.test(cell(units))) m = numberCell(cell(quantity));
    const lifted = whole(sets) !== null || whole(reps) !== null || (numberCell(cell(load)) ?? 0) > 0;
    if (m === null && (lifted || /^strength/i.test(cell(type)))) {
      // strength training: no minutes to store it with; counted, not a bad line
      if (!strength) into.notImported.push((strength = { kind: "strength", rows: 0, file: t.file }));
      strength.rows++;
      return;
    }
    const k = numberCell(cell(kcal));
    if (k === null || !Number.isFinite(k) || Math.abs(k) > MAX_EXERCISE_KCAL)
      return skip(kcal, `calories "${cell(kcal)}" is not a number from 0 to ${MAX_EXERCISE_KCAL}`);
    if (m !== null && !(Number.isFinite(m) && m > 0 && m <= 1440))
      return skip(minutes >= 0 ? minutes : quantity, `minutes "${m}" is not from 1 to 1440`);
    into.exercises.push({
      date: d,
      name: label.slice(0, 100),
      minutes: m,
      kcal: Math.abs(k),
      time: timeCell(cell(time)),
      sets: whole(sets),
      reps: whole(reps),
      file: t.file,
      line: row.line,
    });
  };
}

/** A row of a food table that the tracker marks as exercise (Lose It!'s food-logs, Type "Exercise"). */
export function exerciseOfFoodRow(
  t: TableHead,
  row: CsvRecord,
  cols: { date: number; name: number; kcal: number; quantity: number; units: number },
): TrackerExercise | null {
  const cell = (i: number) => (i >= 0 ? (row.cells[i] ?? "").trim() : "");
  const d = dateCell(cell(cols.date));
  const k = numberCell(cell(cols.kcal));
  const label = cell(cols.name);
  if (!d || !label || k === null || !Number.isFinite(k) || Math.abs(k) > MAX_EXERCISE_KCAL) return null;
  const q = /^min/i.test(cell(cols.units)) ? numberCell(cell(cols.quantity)) : null;
  const minutes = q !== null && Number.isFinite(q) && q > 0 && q <= 1440 ? q : null;
  return {
    date: d,
    name: label.slice(0, 100),
    minutes,
    kcal: Math.abs(k),
    time: null,
    sets: null,
    reps: null,
    file: t.file,
    line: row.line,
  };
}

/** The row reader of an exercise or notes file; null for any other file. */
export function otherRows(t: TableHead, into: TrackerRead): ((row: CsvRecord) => void) | null {
  if (isExercise(t)) return exerciseRows(t, into);
  if (isNotes(t)) {
    const [date, group, note] = [column(t, "day", "date"), column(t, "group", "meal"), column(t, "note", "notes")];
    return (row) => {
      const d = dateCell(row.cells[date]);
      const text = (row.cells[note] ?? "").trim();
      if (!d || !text) return; // a notes file's blank line says nothing
      into.notes.push({ date: d, group: group >= 0 ? (row.cells[group] ?? "").trim() || null : null, note: text });
    };
  }
  return null;
}
