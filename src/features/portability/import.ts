/**
 * POST /import (docs/API.md §Data portability). Everything is validated first, with the same rules
 * as REST and sync (the meal validator's quantity, date and note rules, the custom-food validator,
 * and the food directory for which foods this user may log): a tampered, truncated or invalid file
 * changes nothing. Then it is written in transactions of a few milliseconds each, handing the event loop
 * back between them (lib/pace.ts), so a 30 MB import no longer stops the server for everyone.
 * Importing twice changes nothing: meals keep their UUIDs, and a custom food that matches one the
 * user already has is reused; so if the process dies half-way, importing the file again finishes it.
 */
import type { Ctx } from "../../context";
import { tx, type Q } from "../../db/q";
import { AppError, type ErrorDetail } from "../../lib/errors";
import { checkDate, Problems } from "../../lib/problems";
import { parseRfc3339, toRfc3339 } from "../../lib/time";
import { checkSchema } from "../../schema/validation";
import {
  contentKey,
  createFood,
  deleteFood,
  foodsByContent,
  isCustomId,
  portionIdsByName,
} from "../custom-foods/service";
import { checkFoodInput, type FoodInput } from "../custom-foods/validate";
import { isImportedId } from "../imported/repo";
import { checkSchedule, replaceSchedule, type Plan } from "../goals/service";
import {
  checkProfile,
  checkTargetRanges,
  checkTargets,
  parseProfile,
  parseTargets,
  saveSettings,
} from "../targets/service";
import type { ProfileT, TargetSettingsT } from "../targets/model";
import { checkDiary, importDays, importRecipes, importWeights } from "./diary";
import { checkSavedMeals, importSavedMeals, type CheckedSaved } from "./saved";
import { checkActivity, importActivity, type CheckedActivity } from "./activity";
import { localDate } from "../../lib/time";
import { regionCode } from "../foods/region";
import { setRegion } from "../auth/repo";
import { mealOwner, restoreMeal } from "../meals/service";
import { checkImportedDays } from "../meals/day-cap";
import type { MealNutrients } from "../meals/nutrition";
import { checkEatenAt, checkQuantity } from "../meals/validate";
import { pacedWrites } from "../../db/paced-writes";
import { cancellablePacer, pacedJsonSha256 } from "../../lib/pace";
import {
  EXPORT_FORMAT,
  EXPORT_VERSION,
  ExportedMeal,
  type ExportedMealT,
  type ImportSummary as ImportSummarySchema,
} from "./model";

/** A JSON import's answer: the ImportSummary schema's counts (a tracker import adds the rest of it). */
export type ImportSummary = Pick<
  typeof ImportSummarySchema.static,
  | "meals"
  | "custom_foods"
  | "recipes"
  | "weights"
  | "days"
  | "saved_meals"
  | "exercises"
  | "daily_values"
  | "activity_settings"
  | "goals"
  | "target_profile"
  | "targets"
>;

/** The one validation_failed for an export's problems: the first named in the message, the first 50 listed. */
export function invalid(details: ErrorDetail[]): AppError {
  const shown = details.slice(0, 50);
  return new AppError(
    "validation_failed",
    `the export is not valid: ${shown[0]!.field} ${shown[0]!.message}${details.length > 1 ? ` (and ${details.length - 1} more problems)` : ""}`,
    shown,
  );
}

type FileFood = { oldId: number; input: FoodInput; deleted: boolean; recipe?: true };

/**
 * Problems of one exported meal (added to `p`, the meal's own: `p.at("meals", i)`): its own fields,
 * then whether this user may log its food and portion.
 */
function* checkMeal(ctx: Ctx, raw: unknown, fileFoods: Map<number, FileFood>, p: Problems): Q<ExportedMealT | null> {
  let m: ExportedMealT;
  try {
    m = checkSchema(ExportedMeal, raw);
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    for (const { field, message, ...extra } of e.details ?? []) p.add(field ?? "", message, extra);
    return null;
  }
  checkQuantity(p, "quantity", m.quantity, m.portion !== null, m.portion?.grams);
  checkDate(p, "date", m.date);
  checkEatenAt(p, "eaten_at", m.eaten_at);
  if (m.created_at !== undefined) checkEatenAt(p, "created_at", m.created_at);
  if (m.food_id === null) {
    // a quick add: its stored kcal and macros, no food, no portion, no grams
    if (m.portion !== null) p.add("portion", "must be null for a quick add (food_id null)");
    if (m.grams !== 0) p.add("grams", "must be 0 for a quick add (food_id null)");
    if (m.nutrients.energy_kcal === null) p.add("nutrients.energy_kcal", "is required for a quick add (food_id null)");
    return m;
  }
  if (!(m.grams > 0)) p.add("grams", "must be more than 0");

  const inFile = fileFoods.get(m.food_id);
  if (inFile) {
    if (m.portion && !inFile.input.portions?.some((x) => x.name === m.portion!.name)) {
      p.add("portion", `is not one of custom food ${m.food_id}'s portions in this export`);
    }
    return m;
  }
  const food = yield* ctx.deps.foods.loggable(ctx.user.id, m.food_id);
  if (food) {
    if (m.portion && !food.portion(m.portion.id))
      p.add("portion", `portion ${m.portion.id} is not a portion of food ${m.food_id}`);
  } else if (!isImportedId(m.food_id)) {
    // Imported Open Food Facts products are public data another server may not have: such a meal
    // keeps its stored values. Any other food must be one this user may log.
    const where = isCustomId(m.food_id) ? "your custom foods or this export's custom_foods" : "the catalogue";
    p.add("food_id", `no food with id ${m.food_id} in ${where}`, { code: "food_not_found" });
  }
  return m;
}

/** POST /import */
export async function importJson({
  ctx,
  input,
  signal,
}: {
  ctx: Ctx;
  input: unknown;
  /** Aborted when the client hangs up: the import stops where it is. */
  signal?: AbortSignal;
}): Promise<ImportSummary> {
  const pause = cancellablePacer(signal);
  const doc = input as Record<string, unknown> | null;
  if (!doc || typeof doc !== "object" || Array.isArray(doc) || doc.format !== EXPORT_FORMAT) {
    throw invalid([
      { field: "format", message: `must be "${EXPORT_FORMAT}": send the JSON from GET /export?format=json` },
    ]);
  }
  if (doc.version !== EXPORT_VERSION)
    throw invalid([
      { field: "version", message: `must be ${EXPORT_VERSION}; this server reads version ${EXPORT_VERSION} exports` },
    ]);
  if (doc.checksum !== undefined) {
    const { checksum, ...content } = doc;
    if (checksum !== `sha256:${await pacedJsonSha256(content, pause)}`) {
      throw invalid([
        { field: "checksum", message: "does not match the content: the file was changed or damaged after export" },
      ]);
    }
  }
  return writeExport(ctx, await checkedExport(ctx, doc, pause, { goals: true }), pause);
}

/** checkExport for a writer that takes all or nothing: its problems are one 400. */
export async function checkedExport(...args: Parameters<typeof checkExport>): Promise<CheckedExport> {
  const { checked, problems } = await checkExport(...args);
  if (!checked) throw invalid(problems.details);
  return checked;
}

/** An export whose every part passed its checks: what writeExport writes. */
export interface CheckedExport {
  fileFoods: Map<number, FileFood>;
  diary: Awaited<ReturnType<typeof checkDiary>>;
  meals: ExportedMealT[];
  saved: CheckedSaved[];
  activity: CheckedActivity;
  /** The goal schedule to put in place; null leaves the account's goals alone. */
  wanted: Plan[] | null;
  /** The file's profile and target settings (a file from before them has neither: left alone). */
  settings: { profile?: ProfileT; targets?: TargetSettingsT; region?: string };
}

/**
 * What checkExport found: the export ready to write, or its problems; a list item's problems are
 * also under `problems.rows` (list → index → the item's own fields), so a caller can leave refused
 * rows out (the tracker import) without reading field names.
 */
export type ExportCheck = { checked: CheckedExport; problems: null } | { checked: null; problems: Problems };

/**
 * Checks the document's custom foods, recipes, meals, weights and (with `goals`) goal schedule with
 * the REST rules, and returns every problem: nothing is written here. A document that is not an
 * export's shape (no meals list) and a meal id another account owns still throw.
 */
export async function checkExport(
  ctx: Ctx,
  doc: Record<string, unknown>,
  pause: () => Promise<void>,
  /** everyOverCap: name every meal over a day's cap, not only the first (a tracker import skips each). */
  options: { goals: boolean; everyOverCap?: boolean },
): Promise<ExportCheck> {
  const foodsIn = doc.custom_foods;
  const mealsIn = doc.meals;
  if (!Array.isArray(foodsIn)) throw invalid([{ field: "custom_foods", message: "must be an array" }]);
  if (!Array.isArray(mealsIn)) throw invalid([{ field: "meals", message: "must be an array" }]);

  // validate everything before writing anything
  const p = new Problems();
  const fileFoods = new Map<number, FileFood>();
  for (const [i, f] of (foodsIn as unknown[]).entries()) {
    await pause();
    const o = (f !== null && typeof f === "object" ? f : {}) as Record<string, unknown>;
    if (!Number.isSafeInteger(o.id) || !isCustomId(o.id as number))
      p.add(`custom_foods.${i}.id`, "must be a custom food id (an integer from 1000000)");
    try {
      const food = { oldId: o.id as number, input: checkFoodInput(o, true), deleted: o.deleted === true };
      if (Number.isSafeInteger(o.id)) fileFoods.set(food.oldId, food);
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      for (const d of e.details ?? []) p.add(`custom_foods.${i}.${d.field}`, d.message);
    }
  }
  // recipes (foods too: meals may log them) and weights
  const diary = await checkDiary(doc, localDate(ctx.now, ctx.timezone), p, pause);
  for (const r of diary.recipes)
    fileFoods.set(r.id, {
      oldId: r.id,
      input: { portions: [{ name: "serving", grams: 1 }, ...r.portions] },
      deleted: false,
      recipe: true,
    });
  const meals: (ExportedMealT | null)[] = [];
  for (let i = 0; i < mealsIn.length; i++) {
    const m = await ctx.store.run(checkMeal(ctx, mealsIn[i], fileFoods, p.at("meals", i)));
    meals.push(m);
    // a meal id another account owns stops the import before anything is written
    const owner = m && typeof m.id === "string" ? await ctx.store.run(mealOwner(ctx, m.id)) : null;
    if (owner !== null && owner !== ctx.user.id)
      throw new AppError(
        "id_conflict",
        `meal ${m!.id} in the export belongs to another account on this server; nothing was imported`,
      );
    await pause();
  }
  await checkImportedDays(ctx, (work) => ctx.store.run(work), meals, p, pause, options.everyOverCap ?? false);
  const saved = await checkSavedMeals(ctx, doc, fileFoods, p, pause);
  const activity = await checkActivity(ctx, doc, p, pause);
  let wanted: Plan[] | null = null;
  if (options.goals) {
    const goalsIn = (doc.goals !== null && typeof doc.goals === "object" ? doc.goals : {}) as Record<string, unknown>;
    try {
      wanted = checkSchedule(goalsIn, localDate(ctx.now, ctx.timezone));
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      p.details.push(...(e.details ?? []));
    }
  }
  const settings: CheckedExport["settings"] = {};
  // the account's region (profile.region; a file from before it has none: left alone)
  const region = (doc.profile as { region?: unknown } | undefined)?.region;
  if (options.goals && region !== undefined) {
    const code = regionCode(region);
    if (code) settings.region = code;
    else p.add("profile.region", "must be an ISO 3166-1 alpha-2 country code such as GB, US, AU or IN");
  }
  if (options.goals) {
    const today = localDate(ctx.now, ctx.timezone);
    const checks = [
      [
        "target_profile",
        () =>
          (settings.profile = checkProfile(
            parseProfile(doc.target_profile, "target_profile."),
            today,
            "target_profile.",
          )),
      ],
      ["targets", () => (settings.targets = checkTargets(parseTargets(doc.targets, "targets."), "targets."))],
    ] as const;
    for (const [key, check] of checks) {
      if (doc[key] === undefined) continue;
      try {
        check();
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        p.details.push(...(e.details ?? []));
      }
    }
    // ranges against the profile and goals the file brings, else those already here
    if (settings.targets)
      try {
        const given = { profile: settings.profile, plans: wanted };
        await ctx.store.run(checkTargetRanges(ctx, settings.targets, "targets.", given));
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        p.details.push(...(e.details ?? []));
      }
  }
  if (p.details.length || (options.goals && !wanted)) return { checked: null, problems: p };
  return {
    checked: { fileFoods, diary, meals: meals as ExportedMealT[], saved, activity, wanted, settings },
    problems: null,
  };
}

/**
 * Writes a checked export in short transactions (lib/pace.ts); what was already there is left alone.
 * `pause` throws when the client has gone: what was written stays, and importing again completes it.
 */
export async function writeExport(
  ctx: Ctx,
  checked: CheckedExport,
  pause: () => Promise<void>,
): Promise<ImportSummary> {
  const { fileFoods, diary, meals, saved, activity, wanted, settings } = checked;
  const summary: ImportSummary = {
    meals: { added: 0, unchanged: 0 },
    custom_foods: { added: 0, unchanged: 0 },
    recipes: { added: 0, unchanged: 0 },
    weights: { added: 0, unchanged: 0 },
    days: { added: 0, unchanged: 0 },
    saved_meals: { added: 0, unchanged: 0 },
    goals: "unchanged",
  };
  const foodMap = new Map<number, { id: number; portions: Map<string, number> }>();
  const run = <T>(work: Q<T>) => ctx.store.run(work);
  const existing = await run(foodsByContent(ctx));
  // custom foods first (recipes wait for the file's recipes they contain, which wait for these)
  const plain = [...fileFoods.values()].filter((f) => !f.recipe);
  await pacedWrites(
    plain,
    run,
    function* (f) {
      const key = contentKey(f.input);
      // a stored food of the same content is this one (importing the file again adds nothing), each stored food for
      // one file food at most, as recipes are taken: two identical foods in a file stay two (the round trip)
      const same = f.deleted ? undefined : existing.get(key)?.shift();
      const id = same ?? (yield* createFood({ ctx, input: { ...f.input } as Record<string, unknown> })).id;
      foodMap.set(f.oldId, { id, portions: yield* portionIdsByName(ctx, id) });
      if (f.deleted)
        yield* deleteFood({ ctx, id }); // logged meals keep their snapshot, as on the source
      else if (same !== undefined) summary.custom_foods.unchanged++;
      else summary.custom_foods.added++;
    },
    pause,
  );
  summary.recipes = await importRecipes(ctx.store, ctx, diary.recipes, foodMap, existing, pause);
  await pacedWrites(
    meals,
    run,
    function* (m) {
      summary.meals[yield* restoreMeal(ctx, restored(m, foodMap))]++;
    },
    pause,
  );
  await pause();
  if (wanted && (await run(tx(() => replaceSchedule(ctx, wanted))))) summary.goals = "updated";
  if (settings.profile) {
    const profile = settings.profile;
    summary.target_profile = (await run(saveSettings(ctx, { profile }, true))) ? "updated" : "unchanged";
  }
  if (settings.region) await run(setRegion(ctx.userId, settings.region));
  if (settings.targets) {
    const targets = settings.targets;
    summary.targets = (await run(saveSettings(ctx, { targets }, true))) ? "updated" : "unchanged";
  }
  summary.weights = await importWeights(ctx.store, ctx, diary.weights, pause);
  summary.days = await importDays(ctx.store, ctx, diary.days, pause);
  summary.saved_meals = await importSavedMeals(ctx.store, ctx, saved, foodMap, pause);
  Object.assign(summary, await importActivity(ctx, activity, pause));
  return summary;
}

/** An exported meal as restoreMeal takes it, with its custom food and portion mapped to this server's ids. */
function restored(m: ExportedMealT, foodMap: Map<number, { id: number; portions: Map<string, number> }>) {
  const mapped = m.food_id === null ? undefined : foodMap.get(m.food_id);
  const portionId = m.portion ? (mapped ? (mapped.portions.get(m.portion.name) ?? null) : m.portion.id) : null;
  return {
    id: m.id.toLowerCase(),
    foodId: mapped?.id ?? m.food_id,
    foodName: m.food_name,
    mealType: m.meal_type,
    quantity: m.quantity,
    portion: m.portion && portionId !== null ? { id: portionId, name: m.portion.name, grams: m.portion.grams } : null,
    grams: m.grams,
    date: m.date,
    eatenAt: toRfc3339(parseRfc3339(m.eaten_at)!),
    note: m.note,
    measure: m.measure,
    nutrients: m.nutrients as MealNutrients,
    per100g: m.per_100g,
    createdAt: m.created_at !== undefined ? toRfc3339(parseRfc3339(m.created_at)!) : undefined,
  };
}
