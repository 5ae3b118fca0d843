/**
 * A tracker's exercise rows (others.ts) as exercises: the file's kcal exactly (kcal_from "imported"),
 * `source` the tracker, `source_id` the row's day, name, minutes and kcal and which repeat of the same
 * row that day in its file it is, so importing the same file again finds each one already there, and a run that
 * Lose It! lists in both food-logs.csv and exercise-logs.csv is one exercise. Written through the
 * exercise service, with its checks.
 */
import type { Ctx } from "../../../context";
import { addDays } from "../../../lib/time";
import type { CreateExerciseT } from "../../exercises/model";
import { previewExerciseBySource, upsertExerciseBySource } from "../../exercises/service";
import type { Store } from "../../../db/store";
import type { Skip, TrackerExercise } from "./entries";
import type { TrackerFormat } from "./formats";

export type ExerciseInput = CreateExerciseT & { source: string; source_id: string };

/** The rows as exercise inputs; a row the exercise rules would refuse is a skip (file and line). */
export function convertExercises(
  rows: TrackerExercise[],
  format: TrackerFormat,
  today: string,
): { inputs: ExerciseInput[]; skipped: Skip[] } {
  const repeats = new Map<string, number>();
  const inputs: ExerciseInput[] = [];
  const skipped: Skip[] = [];
  for (const e of rows) {
    const at = { file: e.file, line: e.line, column: null };
    if (e.minutes === null) {
      skipped.push({ ...at, message: "the exercise has no minutes" });
      continue;
    }
    if (e.date > addDays(today, 1) || e.date < "1970-01-01") {
      skipped.push({ ...at, message: `the exercise's date ${e.date} is in the future or before 1970` });
      continue;
    }
    const key = [e.date, e.name, e.minutes, e.kcal].join("|");
    // repeats are counted within a file: the same run in two files (Lose It!'s food-logs and exercise-logs) is one
    const nth = (repeats.get(`${e.file}|${key}`) ?? 0) + 1;
    repeats.set(`${e.file}|${key}`, nth);
    inputs.push({
      date: e.date,
      start_time: e.time,
      name: e.name,
      minutes: e.minutes,
      kcal: e.kcal,
      sets: e.sets,
      reps: e.reps,
      source: format,
      source_id: `${key}|${nth}`,
    });
  }
  return { inputs, skipped };
}

/**
 * Writes each exercise in its own short transaction, paced; counts new or changed ones and unchanged ones. A
 * preview writes nothing and counts the same way (an exercise imported before is unchanged).
 */
export async function writeExercises(
  store: Store,
  ctx: Ctx,
  inputs: ExerciseInput[],
  pause: () => Promise<void>,
  preview = false,
): Promise<{ added: number; unchanged: number }> {
  const out = { added: 0, unchanged: 0 };
  for (const input of inputs) {
    await pause();
    if (preview) out[await store.run(previewExerciseBySource({ ctx, input }))]++;
    else out[(await store.run(upsertExerciseBySource({ ctx, input }))).changed ? "added" : "unchanged"]++;
  }
  return out;
}
