/**
 * Exercise, daily values and activity settings in the JSON export (`exercises`, `daily_values`,
 * `activity_settings`; optional: an older file has none) and in the CSV export (table=exercises, daily_values).
 * Import checks every record with its entity's one validator before anything is written, then writes through
 * the services, so a file imported twice changes nothing.
 */
import type { Ctx } from "../../context";
import { AppError } from "../../lib/errors";
import type { Problems } from "../../lib/problems";
import { pacedWrites } from "../../db/paced-writes";
import { localDate } from "../../lib/time";
import { checkSchema } from "../../schema/validation";
import type { CreateExerciseT, ExerciseT } from "../exercises/model";
import { Exercise } from "../exercises/model";
import { createExercise, exportExercises, takenByOther } from "../exercises/service";
import { checkExercise, parseExercise } from "../exercises/validate";
import { DailyValue, type DailyValueT } from "../daily-values/model";
import { checkDailyValue, exportDailyValues, setDailyValue } from "../daily-values/service";
import { checkWeightDate } from "../weights/validate";
import { ActivitySettings, type ActivitySettingsBodyT } from "../activity-settings/model";
import { activitySettingsOf, checkActivitySettings, putActivitySettings } from "../activity-settings/service";
import type { Q } from "../../db/q";
import { csvCell } from "./csv-cell";

export const ExportedExercises = Exercise;
export const ExportedDailyValue = DailyValue;
export const ExportedActivitySettings = ActivitySettings;

/** The three sections as the export writes them, after saved_meals. */
export async function exportActivityText(ctx: Ctx): Promise<string> {
  const exercises = await ctx.store.run(exportExercises(ctx));
  const values = await ctx.store.run(exportDailyValues(ctx));
  const settings = await ctx.store.run(activitySettingsOf(ctx));
  return `,"exercises":${JSON.stringify(exercises)},"daily_values":${JSON.stringify(values)},"activity_settings":${JSON.stringify(settings)}`;
}

export interface CheckedActivity {
  exercises: { input: CreateExerciseT; kcal_from: ExerciseT["kcal_from"]; met: number | null }[];
  values: DailyValueT[];
  settings: ActivitySettingsBodyT | null;
}

const list = (doc: Record<string, unknown>, key: string, p: Problems): unknown[] => {
  const v = doc[key] ?? [];
  if (!Array.isArray(v)) p.add(key, "must be an array");
  return Array.isArray(v) ? v : [];
};

/** Problems go into `p` (every one, nothing written); another account's exercise id stops the import. */
export async function checkActivity(
  ctx: Ctx,
  doc: Record<string, unknown>,
  p: Problems,
  pause: () => Promise<void>,
): Promise<CheckedActivity> {
  const today = localDate(ctx.now, ctx.timezone);
  const out: CheckedActivity = { exercises: [], values: [], settings: null };
  const attempt = (f: () => void) => {
    try {
      f();
    } catch (e) {
      if (!(e instanceof AppError) || e.code !== "validation_failed") throw e;
      p.details.push(...(e.details ?? []));
    }
  };
  for (const [i, raw] of list(doc, "exercises", p).entries()) {
    await pause();
    const at = `exercises.${i}.`;
    attempt(() => {
      const e = checkSchema(Exercise, raw, at);
      const input = parseExercise(e, true, at);
      checkExercise(input, true, today, at);
      out.exercises.push({ input, kcal_from: e.kcal_from, met: e.met });
    });
    const id = (raw as { id?: unknown } | null)?.id;
    if (typeof id === "string" && (await ctx.store.run(takenByOther(ctx, id))))
      throw new AppError(
        "id_conflict",
        `exercise ${id} in the export belongs to another account on this server; nothing was imported`,
      );
  }
  for (const [i, raw] of list(doc, "daily_values", p).entries()) {
    await pause();
    const at = `daily_values.${i}.`;
    attempt(() => {
      const v = checkSchema(DailyValue, raw, at);
      checkWeightDate(v.date, today, `${at}date`);
      checkDailyValue(v.metric, { value: v.value }, at);
      out.values.push(v);
    });
  }
  if (doc.activity_settings !== undefined && doc.activity_settings !== null)
    attempt(() => {
      const { updated_at: _, ...rest } = checkSchema(ActivitySettings, doc.activity_settings, "activity_settings.");
      out.settings = checkActivitySettings(rest, "activity_settings.");
    });
  return out;
}

/** Writes the checked records; what this account already has (the same id, date and metric, value) stays. */
export async function importActivity(
  ctx: Ctx,
  checked: CheckedActivity,
  pause: () => Promise<void>,
): Promise<{ exercises: Count; daily_values: Count; activity_settings: "updated" | "unchanged" }> {
  const run = <T>(work: Q<T>) => ctx.store.run(work);
  const exercises = { added: 0, unchanged: 0 };
  await pacedWrites(
    checked.exercises,
    run,
    function* (e) {
      const { created } = yield* createExercise({
        ctx: ctx,
        input: e.input,
        restored: { kcal_from: e.kcal_from, met: e.met },
      });
      exercises[created ? "added" : "unchanged"]++;
    },
    pause,
  );
  const values = { added: 0, unchanged: 0 };
  await pacedWrites(
    checked.values,
    run,
    function* (v) {
      const { changed } = yield* setDailyValue({
        ctx: ctx,
        date: v.date,
        metric: v.metric,
        input: { value: v.value, source: v.source },
      });
      values[changed ? "added" : "unchanged"]++;
    },
    pause,
  );
  let settings: "updated" | "unchanged" = "unchanged";
  if (checked.settings) {
    const have = await run(activitySettingsOf(ctx));
    const want = checked.settings;
    if ((Object.keys(want) as (keyof typeof want)[]).some((k) => want[k] !== have[k])) {
      await run(putActivitySettings({ ctx: ctx, input: want }));
      settings = "updated";
    }
  }
  return { exercises, daily_values: values, activity_settings: settings };
}
type Count = { added: number; unchanged: number };

/** CSV: one row per exercise. */
export async function exportExercisesCsv(ctx: Ctx): Promise<string> {
  const rows = await ctx.store.run(exportExercises(ctx));
  const cols = [
    "date",
    "start_time",
    "activity",
    "name",
    "minutes",
    "distance_km",
    "kcal",
    "kcal_from",
    "sets",
    "reps",
    "source",
    "note",
  ] as const;
  const lines = [cols.join(",")];
  for (const e of rows) lines.push(cols.map((c) => csvCell(e[c])).join(","));
  return `${lines.join("\r\n")}\r\n`;
}

/** CSV: one row per date and metric, in the stored unit. */
export async function exportDailyValuesCsv(ctx: Ctx): Promise<string> {
  const rows = await ctx.store.run(exportDailyValues(ctx));
  const lines = ["date,metric,value,unit,source"];
  for (const v of rows) lines.push([v.date, v.metric, v.value, v.unit, v.source].map(csvCell).join(","));
  return `${lines.join("\r\n")}\r\n`;
}
