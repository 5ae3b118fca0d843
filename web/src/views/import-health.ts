/**
 * Settings → Import for health exports (API.md §Health bridges): Apple Health's export.zip and Google
 * Fit's Takeout go to POST /import/health as the file itself (it may be hundreds of MB: the server
 * writes it to disk as it arrives and reads it as a stream), with no preview: importing again changes
 * nothing. The exercise, daily values and weigh-ins reach this device with the next sync.
 */
import { importHealthFile } from "../imports";

export const HEALTH_FORMATS = [
  [
    "apple_health",
    "Apple Health",
    "Choose export.zip (Health → your picture → Export All Health Data): workouts, steps, active energy, water, weight and body fat.",
  ],
  ["google_fit", "Google Fit", "Choose the Takeout ZIP of Fit, or its Daily activity metrics.csv: steps and weight."],
] as const;

export type HealthFormat = (typeof HEALTH_FORMATS)[number][0];
export const isHealthFormat = (format: string): format is HealthFormat => HEALTH_FORMATS.some(([f]) => f === format);

/** Sends the export and says what came in, in a sentence. */
export async function importHealth(format: HealthFormat, file: File): Promise<string> {
  const s = await importHealthFile(format, file);
  const n = (k: number, one: string, many: string) => `${k} ${k === 1 ? one : many}`;
  const parts = [
    n(s.workouts.added, "workout", "workouts"),
    `${n(s.days.added, "daily value", "daily values")} (steps, active energy, water)`,
    n(s.weights.added, "weigh-in", "weigh-ins"),
    n(s.body_fat.added, "body-fat reading", "body-fat readings"),
  ];
  const same = s.workouts.unchanged + s.days.unchanged + s.weights.unchanged + s.body_fat.unchanged;
  return (
    `Imported ${parts.join(", ")}.` +
    (same ? ` ${same} were already here.` : "") +
    (s.skipped_count ? ` ${n(s.skipped_count, "record", "records")} could not be read and were left out.` : "")
  );
}
