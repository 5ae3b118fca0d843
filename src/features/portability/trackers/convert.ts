/**
 * Another tracker's entries as the meals and weigh-ins of a Morsel export (model.ts), so they go
 * through the very checks and writes of POST /import. Each meal's id is derived (under the server's
 * key) from the account, the format and the entry (its day, meal, name, amount, energy, and which repeat of the same
 * entry that day it is): importing the same file again finds every meal already there.
 */
import { MEAL_NUTRIENT_KEYS } from "../../../db/nutrients";
import { localTimeToInstant, toRfc3339 } from "../../../lib/time";
import { mealValues } from "../../foods/directory";
import { round3, scale } from "../../meals/nutrition";
import { NOTE_MAX } from "../../meals/model";
import { TYPICAL_TIME } from "../../meals/service";
import type { ExportedMealT } from "../model";
import type { ExportedWeightT } from "../diary";
import { mealOf, type DayNote, type TrackerFood, type TrackerWeight } from "./entries";
import type { TrackerFormat } from "./formats";
import type { CatalogueMatcher } from "./match";

/** Where a meal or weigh-in of the document came from, to name it when it is refused. */
export interface Origin {
  file: string;
  line: number;
}

export interface ConvertedMeal {
  meal: ExportedMealT;
  origin: Origin;
  matched: boolean;
}

/**
 * A UUID (version 8, RFC 9562: an application's own hash) from HMAC-SHA-256 of `key` under the
 * server's `secret`: the same entry gets the same id on every import (so importing again changes
 * nothing), and another account, without the secret, cannot work it out and take it first (a
 * plain hash of the account and the entry could be, turning the owner's import away with 409).
 */
export function idFor(secret: string, key: string): string {
  const h = new Bun.CryptoHasher("sha256", secret).update(key).digest("hex");
  const variant = ((Number.parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** The entry's note: the tracker's own meal name (a group that is not one of ours) and the file's note. */
function noteOf(e: TrackerFood): string | null {
  const text = [e.group, e.note].filter((x) => x).join(" · ");
  return text ? text.slice(0, NOTE_MAX) : null;
}

/** `nutrients` with the file's value wherever the file has one: a day's totals stay the file's. */
function fileNutrients(nutrients: Record<string, number | null>, e: TrackerFood): Record<string, number | null> {
  const out = { ...nutrients };
  for (const k of MEAL_NUTRIENT_KEYS) if (e.nutrients[k] !== undefined) out[k] = e.nutrients[k]!;
  return out;
}

/** A quick add has no food, so nothing is known per 100 g (every value null, as meals/service.ts stores it). */
const quickValues = () => mealValues({}) as ExportedMealT["per_100g"];

/**
 * Day notes (Cronometer's) onto the entries they belong to: the first entry of that day, of the
 * note's group where it names one. A day note with no entry that day has nowhere to go (counted).
 */
export function attachNotes(foods: TrackerFood[], notes: DayNote[]): number {
  let orphans = 0;
  const first = new Map<string, TrackerFood>();
  for (const f of foods) {
    for (const key of [f.date, `${f.date}|${f.meal}`]) if (!first.has(key)) first.set(key, f);
  }
  for (const n of notes) {
    const meal = n.group ? mealOf(n.group) : null;
    const target = (meal && !meal.group ? first.get(`${n.date}|${meal.meal}`) : undefined) ?? first.get(n.date);
    if (!target) orphans++;
    else target.note = target.note ? `${target.note} · ${n.note}` : n.note;
  }
  return orphans;
}

export async function convertFoods(
  foods: TrackerFood[],
  opts: {
    format: TrackerFormat;
    userId: number;
    idKey: string;
    timezone: string;
    matcher: CatalogueMatcher;
    pause: () => Promise<void>;
  },
): Promise<ConvertedMeal[]> {
  const repeats = new Map<string, number>();
  const out: ConvertedMeal[] = [];
  for (const e of foods) {
    await opts.pause();
    const key = [opts.userId, opts.format, e.date, e.meal, e.name, e.amount ?? "", e.nutrients.energy_kcal].join("|");
    const nth = (repeats.get(key) ?? 0) + 1;
    repeats.set(key, nth);
    const [hh, mm] = e.time ? (e.time.split(":").map(Number) as [number, number]) : TYPICAL_TIME[e.meal];
    const eatenAt = toRfc3339(localTimeToInstant(e.date, hh, mm, opts.timezone));
    const common = {
      id: idFor(opts.idKey, `morsel-import|${key}|${nth}`),
      meal_type: e.meal,
      date: e.date,
      eaten_at: eatenAt,
      created_at: eatenAt,
      note: noteOf(e),
    };
    const m = await opts.matcher.match(e);
    if (m) {
      out.push({
        meal: {
          ...common,
          food_id: m.food.id,
          food_name: m.food.name,
          quantity: m.quantity,
          portion: m.portion,
          grams: round3(m.grams),
          // the file's numbers, which are what the person logged there; the food's for the rest
          nutrients: fileNutrients(scale(m.food.per100g, m.grams), e) as ExportedMealT["nutrients"],
          per_100g: mealValues(m.food.per100g) as ExportedMealT["per_100g"],
        },
        origin: { file: e.file, line: e.line },
        matched: true,
      });
      continue;
    }
    const nutrients = fileNutrients(quickValues(), e) as ExportedMealT["nutrients"];
    const name = e.amount ? `${e.name} (${e.amount})` : e.name;
    out.push({
      meal: {
        ...common,
        food_id: null,
        food_name: name.slice(0, 200),
        description: name.slice(0, 200),
        quantity: 1,
        portion: null,
        grams: 0,
        nutrients,
        per_100g: quickValues(),
      },
      origin: { file: e.file, line: e.line },
      matched: false,
    });
  }
  return out;
}

/** One weigh-in a day: the file's last for that day, as the trackers themselves show it. */
export function convertWeights(
  weights: TrackerWeight[],
): { weight: ExportedWeightT; origin: Origin; read: TrackerWeight }[] {
  const byDate = new Map<string, TrackerWeight>();
  for (const w of weights) byDate.set(w.date, w);
  return [...byDate.values()]
    .sort((a, b) => (a.date < b.date ? -1 : 1))
    .map((w) => ({ weight: { date: w.date, kg: w.kg, note: null }, origin: { file: w.file, line: w.line }, read: w }));
}
