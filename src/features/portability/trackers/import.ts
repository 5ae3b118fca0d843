/**
 * POST /import?format=myfitnesspal|cronometer|loseit|wger (docs/API.md §Data portability): another
 * tracker's export read (files.ts, formats.ts), turned into meals and weigh-ins (match.ts,
 * convert.ts), then checked and written exactly as a Morsel export is (../import.ts); its exercise
 * rows become exercises through the exercise service (exercises.ts). With
 * `preview` nothing is written: the answer says what would be. A row the checks refuse is
 * reported with its file and line and left out; the rest imports. Re-importing changes nothing:
 * meals have ids derived from their entries, and a day that already has a weigh-in keeps it.
 * The files are read in a worker thread (read.ts); everything after is paced on this one, and
 * stops when the client hangs up (`input.signal`).
 */
import type { Ctx, RequestCtx } from "../../../context";
import { AppError, type ErrorDetail } from "../../../lib/errors";
import { cancellablePacer } from "../../../lib/pace";
import { mealOwner } from "../../meals/service";
import { exportWeights } from "../diary";
import { checkExport, invalid, writeExport, type CheckedExport, type ImportSummary } from "../import";
import { attachNotes, convertFoods, convertWeights } from "./convert";
import { MAX_LISTED_SKIPS, type Skip, type SourceFile, type TrackerRead } from "./entries";
import { expectedFiles, TRACKER_NAMES, type TrackerFormat } from "./formats";
import { convertExercises, writeExercises } from "./exercises";
import { convertSteps, writeSteps } from "./steps";
import { localDate } from "../../../lib/time";
import { CatalogueMatcher } from "./match";
import { readInWorker } from "./read";

/** A tracker import's answer: the ImportSummary schema's counts and its tracker fields (checked against the schema on every test reply). */
export interface TrackerSummary extends ImportSummary {
  format: TrackerFormat;
  preview: boolean;
  first_date: string | null;
  last_date: string | null;
  matched: number;
  quick_adds: number;
  skipped: Skip[];
  skipped_count: number;
  ignored_files: string[];
  /** Distinct food names past the search budget (CatalogueMatcher), imported as quick adds unsearched. */
  names_not_searched: number;
  /** The file's weigh-ins as read (the first MAX_LISTED_WEIGH_INS by date), so a person can check the unit. */
  weigh_ins: { date: string; value: number; unit: "kg" | "lb"; kg: number; unit_stated: boolean }[];
  weigh_ins_count: number;
  /** Rows Morsel has nowhere to put yet (body fat; strength rows; day notes on a day without meals), per file. */
  not_imported: { kind: "exercise" | "body_fat" | "day_note" | "strength"; rows: number; file: string }[];
}

/** Weigh-ins listed in the answer: enough to see at a glance whether 176.2 is pounds or kilograms. */
export const MAX_LISTED_WEIGH_INS = 100;

export interface TrackerImport {
  format: TrackerFormat;
  files: SourceFile[];
  preview: boolean;
  /** The unit of weigh-ins whose file does not say (MyFitnessPal, Lose It!, wger): default the account's. */
  weightUnit: "kg" | "lb";
  /** The server's key for the meals' ids (convert.ts `idFor`): another account cannot work them out. */
  idKey: string;
  /** Aborted when the client hangs up: the import stops. */
  signal?: AbortSignal;
  /** Import what can be read and report the rest; by default a file with any bad line is refused whole. */
  skipInvalid?: boolean;
}

export async function importTracker({
  ctx,
  foods,
  input,
}: {
  ctx: Ctx;
  foods: RequestCtx;
  input: TrackerImport;
}): Promise<TrackerSummary> {
  const pause = cancellablePacer(input.signal);
  const skipped: Skip[] = [];
  const read = await readInWorker(input, input.signal);
  skipped.push(...read.skipped);
  const exercises = convertExercises(read.exercises, input.format, localDate(ctx.now, ctx.user.timezone));
  skipped.push(...exercises.skipped);
  const steps = convertSteps(read.steps, localDate(ctx.now, ctx.user.timezone));
  skipped.push(...steps.skipped);
  const strength = read.notImported.some((n) => n.kind === "strength");
  // a file of strength rows only imports nothing, but is no error: the answer lists them in not_imported
  if (!read.foods.length && !read.weights.length && !exercises.inputs.length && !steps.days.size && !strength)
    throw nothingToImport(input.format, skipped, read);
  const orphanNotes = attachNotes(read.foods, read.notes);

  const matcher = new CatalogueMatcher(foods, (id) => ctx.store.run(ctx.deps.foods.loggable(ctx.user.id, id)), pause);
  let meals = await convertFoods(read.foods, {
    format: input.format,
    userId: ctx.user.id,
    idKey: input.idKey,
    timezone: ctx.timezone,
    matcher,
    pause,
  });
  // a day that already has a weigh-in keeps it: the tracker's is older news
  const have = new Set((await ctx.store.run(exportWeights(ctx))).map((w) => w.date));
  const allWeights = convertWeights(read.weights);
  let weights = allWeights.filter((w) => !have.has(w.weight.date));
  const kept = allWeights.length - weights.length;

  let checked: CheckedExport | null = null;
  for (let attempt = 0; !checked; attempt++) {
    const doc = {
      custom_foods: [],
      recipes: [],
      meals: meals.map((m) => m.meal),
      weights: weights.map((w) => w.weight),
    };
    const check = await checkExport(ctx, doc, pause, { goals: false, everyOverCap: true });
    if (check.checked) {
      checked = check.checked;
      break;
    }
    // a refused row is reported where it came from and left out; anything else stops the import
    const { problems } = check;
    if (attempt > 0 || problems.outsideRows().length) throw invalid(problems.details);
    const refused = { meals: new Set<number>(), weights: new Set<number>() };
    // in the order the checks found them (weigh-ins are checked first); one skip a row, at its first problem
    for (const [list, items] of problems.rows) {
      const rows = list === "meals" ? meals : weights;
      for (const [i, [first]] of items) {
        const { file, line } = rows[i]!.origin;
        skipped.push({ file, line, column: null, message: `${first!.field} ${first!.message}` });
        refused[list === "meals" ? "meals" : "weights"].add(i);
      }
    }
    meals = meals.filter((_, i) => !refused.meals.has(i));
    weights = weights.filter((_, i) => !refused.weights.has(i));
  }

  // a broken file is refused whole unless the caller asked for the rest: every bad line is named
  if (skipped.length && !input.skipInvalid) throw badLines(skipped);
  const summary = input.preview ? await previewOf(ctx, checked, pause) : await writeExport(ctx, checked, pause);
  summary.weights.unchanged += kept;
  summary.exercises = await writeExercises(ctx.store, ctx, exercises.inputs, pause, input.preview);
  summary.daily_values = await writeSteps(ctx.store, ctx, steps.days, input.format, pause, input.preview);
  const dates = [
    ...meals.map((m) => m.meal.date),
    ...weights.map((w) => w.weight.date),
    ...exercises.inputs.map((e) => e.date!),
    ...steps.days.keys(),
  ].sort();
  return {
    ...summary,
    format: input.format,
    preview: input.preview,
    first_date: dates[0] ?? null,
    last_date: dates.at(-1) ?? null,
    matched: meals.filter((m) => m.matched).length,
    quick_adds: meals.filter((m) => !m.matched).length,
    names_not_searched: matcher.unsearched,
    weigh_ins: allWeights.slice(0, MAX_LISTED_WEIGH_INS).map(({ read: w }) => ({
      date: w.date,
      value: w.value,
      unit: w.unit,
      kg: w.kg,
      unit_stated: w.stated,
    })),
    weigh_ins_count: allWeights.length,
    not_imported: [
      ...read.notImported.map((n) => ({ kind: n.kind, rows: n.rows, file: n.file })),
      ...(orphanNotes ? [{ kind: "day_note" as const, rows: orphanNotes, file: "" }] : []),
    ],
    skipped: skipped.slice(0, MAX_LISTED_SKIPS),
    skipped_count: skipped.length,
    ignored_files: read.ignored,
  };
}

const where = (s: Skip) => (s.line === null ? s.file : `${s.file}:${s.line}${s.column === null ? "" : `:${s.column}`}`);
/** The first `n` skips as an error's details, each named `file:line[:column]`. */
const skipDetails = (skipped: Skip[], n: number): ErrorDetail[] =>
  skipped.slice(0, n).map((s) => ({ field: where(s), message: s.message }));

/** The answer for a file with lines that cannot be read, when the caller did not ask to skip them. */
function badLines(skipped: Skip[]): AppError {
  const n = skipped.length;
  return new AppError(
    "validation_failed",
    `${n} line${n === 1 ? "" : "s"} of the file could not be read (the first: ${where(skipped[0]!)} ${skipped[0]!.message}); nothing was imported. Correct ${n === 1 ? "it" : "them"}, or import again with skip_invalid=true to import the rest`,
    skipDetails(skipped, MAX_LISTED_SKIPS),
  );
}

function nothingToImport(format: TrackerFormat, skipped: Skip[], read: TrackerRead): AppError {
  const details = skipDetails(skipped, 50);
  for (const name of read.ignored.slice(0, 20)) {
    const head = read.heads[name];
    // a header that looks like data (a date first) is a missing header row: say so, naming line 1
    const looksLikeData = head?.some((c) => /^\d{1,4}[-/]\d{1,2}[-/]\d{1,4}/.test(c.trim()));
    if (head && looksLikeData)
      details.push({
        field: `${name}:1`,
        message: `line 1 should be the header row of a ${TRACKER_NAMES[format]} export (the column names), but it holds data: "${head.join(",").slice(0, 80)}"`,
      });
    else details.push({ field: name, message: `is not one of the files of a ${TRACKER_NAMES[format]} export` });
  }
  return new AppError(
    "validation_failed",
    `found nothing to import as ${TRACKER_NAMES[format]}: send ${expectedFiles(format)}`,
    details,
  );
}

/** What writeExport would report, without writing: a meal already here (same id) is unchanged. */
async function previewOf(ctx: Ctx, checked: CheckedExport, pause: () => Promise<void>): Promise<ImportSummary> {
  let unchanged = 0;
  for (const m of checked.meals) {
    if ((await ctx.store.run(mealOwner(ctx, m.id))) === ctx.user.id) unchanged++;
    await pause();
  }
  return {
    meals: { added: checked.meals.length - unchanged, unchanged },
    custom_foods: { added: 0, unchanged: 0 },
    recipes: { added: 0, unchanged: 0 },
    weights: { added: checked.diary.weights.length, unchanged: 0 },
    days: { added: checked.diary.days.length, unchanged: 0 },
    saved_meals: { added: 0, unchanged: 0 },
    goals: "unchanged",
  };
}
