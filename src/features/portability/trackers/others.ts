/**
 * Files of a tracker's export that are neither food nor weigh-ins: exercise logs (MyFitnessPal's
 * Exercise-Summary, Cronometer's exercises), counted so the answer says what is left behind until
 * Morsel keeps exercise; and day notes (Cronometer's notes), which become the notes of that day's meals.
 */
import { column, dateCell, type NotImported, type Row, type TableHead, type TrackerRead } from "./entries";

const has = (t: TableHead, ...names: string[]) => column(t, ...names) >= 0;
const isExercise = (t: TableHead) =>
  t.header.some((h) => /exercise|activity/.test(h)) &&
  t.header.some((h) => /calories|minutes|duration/.test(h)) &&
  !has(t, "food name", "name");
const isNotes = (t: TableHead) =>
  has(t, "day", "date") && has(t, "note", "notes") && !t.header.some((h) => /calories|energy/.test(h));

/** The row reader of an exercise or notes file; null for any other file. */
export function otherRows(t: TableHead, into: TrackerRead): ((row: Row) => void) | null {
  if (isExercise(t)) {
    const rows: NotImported = { kind: "exercise", rows: 0, file: t.file };
    into.notImported.push(rows);
    return () => {
      rows.rows++;
    };
  }
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
