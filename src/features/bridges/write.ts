/**
 * A HealthRead (records.ts) into one account, through each feature's own service, so a bridge's
 * record is checked as a typed-in one is: workouts become exercises (source "apple_health" or
 * "google_fit", source_id the start instant: the same workout from an export and from a push is one
 * exercise, and writing it again changes nothing), each day's steps, active energy and water replace
 * that day's value (the file's or push's total for the day is the day's total), body fat replaces
 * the day's, and body mass becomes a weigh-in where the day has none (a weigh-in typed into Morsel
 * wins, as with the trackers' files). Dietary energy, when asked for, becomes one quick add on each
 * day that has no meals in Morsel: its own log of food wins. Every write is its own short
 * transaction, paced, so other requests keep being answered.
 */
import { AppError } from "../../lib/errors";
import { localClock, localDate, localTimeToInstant, toRfc3339 } from "../../lib/time";
import { mealValues } from "../foods/directory";
import type { Ctx } from "../../context";
import { exportWeights } from "../portability/diary";
import { checkedExport, writeExport } from "../portability/import";
import type { ExportedMealT } from "../portability/model";
import { idFor } from "../portability/trackers/convert";
import { MAX_KG, MIN_KG } from "../weights/model";
import { setDailyValue } from "../daily-values/service";
import { upsertExerciseBySource } from "../exercises/service";
import { mealOwner } from "../meals/service";
import type { HealthImportSummaryT } from "./model";
import { count, skip, type DailyMetric, type HealthRead } from "./records";

/** A bridge writes into the whole account (meals, weigh-ins, exercises, daily values): the request's context. */
export type HealthCtx = Ctx;

/** What was written, by kind: the counts part of the import's answer (model.ts HealthImportSummary). */
export type HealthWritten = Pick<HealthImportSummaryT, "workouts" | "days" | "weights" | "body_fat" | "dietary_energy">;
export type Tally = HealthWritten["workouts"];

/** Daily metrics and the daily-value metric each is kept as; dietary energy goes to meals. */
const KEPT: Partial<Record<DailyMetric, "steps" | "active_kcal" | "water_ml">> = {
  steps: "steps",
  active_kcal: "active_kcal",
  water_ml: "water_ml",
};
const tally = (): Tally => ({ added: 0, unchanged: 0 });
const refused = (e: unknown) => e instanceof AppError && e.code === "validation_failed";

export async function writeHealth({
  ctx,
  read,
  source,
  idKey,
  pause,
}: {
  ctx: HealthCtx;
  read: HealthRead;
  source: "apple_health" | "google_fit";
  idKey: string;
  pause: () => Promise<void>;
}): Promise<HealthWritten> {
  const out: HealthWritten = {
    workouts: tally(),
    days: tally(),
    weights: tally(),
    body_fat: tally(),
    dietary_energy: tally(),
  };
  const store = ctx.store;
  const tz = ctx.user.timezone;
  for (const w of read.workouts) {
    await pause();
    if (w.kcal === null) {
      skip(read, `workout ${w.type} ${w.start}`, "has no energy recorded: log it by hand to have its kcal computed");
      continue;
    }
    const [hh, mm] = localClock(new Date(w.start), tz);
    const input = {
      date: w.date,
      start_time: `${String(hh).padStart(2, "0")}:${String(mm).padStart(2, "0")}`,
      name: w.type.slice(0, 100),
      minutes: Math.min(Math.round(w.minutes * 10) / 10, 1440),
      distance_km: w.distance_km === null ? null : Math.min(Math.round(w.distance_km * 1000) / 1000, 1000),
      kcal: Math.min(Math.round(w.kcal * 10) / 10, 10_000),
      source,
      source_id: w.start,
    };
    try {
      const r = await store.run(upsertExerciseBySource({ ctx: ctx, input, alone: true })); // its own transaction
      out.workouts[r.changed ? "added" : "unchanged"]++;
    } catch (e) {
      if (!refused(e)) throw e;
      skip(read, `workout ${w.type} ${w.start}`, (e as AppError).message);
    }
  }
  // dates are ASCII: a plain comparison sorts them (localeCompare over 20,000 held the thread)
  for (const [date, values] of Object.entries(read.days).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    for (const [metric, kept] of Object.entries(KEPT) as [DailyMetric, "steps" | "active_kcal" | "water_ml"][]) {
      const value = values[metric];
      if (value === undefined) continue;
      await pause();
      try {
        const r = await store.run(
          setDailyValue({ ctx: ctx, date, metric: kept, input: { value, source }, alone: true }),
        );
        out.days[r.changed ? "added" : "unchanged"]++;
      } catch (e) {
        if (!refused(e)) throw e;
        skip(read, `${kept} ${date}`, (e as AppError).message);
      }
    }
  }
  for (const b of read.body) {
    if (b.fat_pct === undefined) continue;
    await pause();
    try {
      const r = await store.run(
        setDailyValue({
          ctx: ctx,
          date: b.date,
          metric: "body_fat_pct",
          input: { value: b.fat_pct, source },
          alone: true,
        }),
      );
      out.body_fat[r.changed ? "added" : "unchanged"]++;
    } catch (e) {
      if (!refused(e)) throw e;
      skip(read, `body fat ${b.date}`, (e as AppError).message);
    }
  }
  await writeWeights(ctx, read, out, pause);
  await writeDietary(ctx, read, out, { source, idKey, pause });
  return out;
}

/** Body mass as weigh-ins, where the day has none yet (one typed into Morsel, or an earlier import's, wins). */
async function writeWeights(ctx: Ctx, read: HealthRead, out: HealthWritten, pause: () => Promise<void>) {
  const today = localDate(ctx.now, ctx.user.timezone);
  const have = new Set((await ctx.store.run(exportWeights(ctx))).map((w) => w.date));
  const weights = [];
  for (const b of read.body) {
    if (b.kg === undefined) continue;
    if (have.has(b.date)) {
      out.weights.unchanged++;
      continue;
    }
    if (b.kg < MIN_KG || b.kg > MAX_KG || b.date > today) {
      skip(read, `body mass ${b.date}`, `${b.kg} kg on ${b.date} is out of range or in the future`);
      continue;
    }
    weights.push({ date: b.date, kg: b.kg, note: null });
  }
  if (!weights.length) return;
  const doc = { custom_foods: [], recipes: [], meals: [], weights };
  const written = await writeExport(ctx, await checkedExport(ctx, doc, pause, { goals: false }), pause);
  out.weights.added += written.weights.added;
  out.weights.unchanged += written.weights.unchanged;
}

/** Dietary energy as a quick add on each day without meals in Morsel. */
async function writeDietary(
  ctx: Ctx,
  read: HealthRead,
  out: HealthWritten,
  opts: { source: string; idKey: string; pause: () => Promise<void> },
) {
  const days = Object.entries(read.days).filter(([, v]) => v.dietary_kcal !== undefined && v.dietary_kcal > 0);
  if (!days.length) return;
  const meals: ExportedMealT[] = [];
  for (const [date, v] of days) {
    await opts.pause();
    const id = idFor(opts.idKey, `morsel-health|${ctx.user.id}|${opts.source}|dietary|${date}`);
    const logged = await ctx.store.run(ctx.deps.meals.countOn(ctx.user.id, date));
    if (logged) {
      const mine = (await ctx.store.run(mealOwner(ctx, id))) === ctx.user.id;
      if (mine) out.dietary_energy.unchanged++;
      else count(read, "dietary_days_with_meals"); // Morsel's own log of that day wins
      continue;
    }
    const at = toRfc3339(localTimeToInstant(date, 20, 0, ctx.user.timezone));
    const name = `Dietary energy (${opts.source === "apple_health" ? "Apple Health" : "Google Fit"})`;
    meals.push({
      id,
      food_id: null,
      food_name: name,
      description: name,
      meal_type: "snack",
      quantity: 1,
      portion: null,
      grams: 0,
      date,
      eaten_at: at,
      created_at: at,
      note: null,
      nutrients: { ...(mealValues({}) as ExportedMealT["nutrients"]), energy_kcal: Math.min(v.dietary_kcal!, 10_000) },
      per_100g: mealValues({}) as ExportedMealT["per_100g"],
    });
  }
  if (!meals.length) return;
  const doc = { custom_foods: [], recipes: [], meals, weights: [] };
  const written = await writeExport(ctx, await checkedExport(ctx, doc, opts.pause, { goals: false }), opts.pause);
  out.dietary_energy.added += written.meals.added;
  out.dietary_energy.unchanged += written.meals.unchanged;
}
