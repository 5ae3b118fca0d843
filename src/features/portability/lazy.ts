/**
 * Export and import, imported on the first export or import instead of at start: the readers, checkers
 * and writers of whole accounts are code no other request needs, and a server that loads them at start
 * starts later (bench:binary). import() keeps each module once loaded.
 */
import type * as Activity from "./activity";
import type * as Export from "./export";
import type * as Import from "./import";

const exporter = () => import("./export");
const activity = () => import("./activity");

export async function* exportJsonText(...a: Parameters<typeof Export.exportJsonText>) {
  yield* (await exporter()).exportJsonText(...a);
}
export async function* exportCsvText(...a: Parameters<typeof Export.exportCsvText>) {
  yield* (await exporter()).exportCsvText(...a);
}
export const exportWeightsCsv = async (...a: Parameters<typeof Export.exportWeightsCsv>) =>
  (await exporter()).exportWeightsCsv(...a);
export const exportExercisesCsv = async (...a: Parameters<typeof Activity.exportExercisesCsv>) =>
  (await activity()).exportExercisesCsv(...a);
export const exportDailyValuesCsv = async (...a: Parameters<typeof Activity.exportDailyValuesCsv>) =>
  (await activity()).exportDailyValuesCsv(...a);
export const importJson = async (...a: Parameters<typeof Import.importJson>) =>
  (await import("./import")).importJson(...a);
