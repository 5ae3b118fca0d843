/**
 * The serving the log form starts at: what this person logged last time for the food, else the
 * food's natural serving (the API's default_portion, as stated: "2 tbsp" is 32 g), else 100 g. Search results show the
 * kcal of that same serving, so the number on the list is the number the form will log.
 */
import type { Schemas } from "./api-data";
import { countOf, gramWords } from "./amount-words";
import type { FoodRec, Meal, Portion, Store } from "./store";

/**
 * A serving in the API's terms: `quantity` grams, or single units of `portion` (grams = quantity × grams /
 * amount). `stated`: the form shows it as the portion is stated, "1 × 2 tbsp (32 g)", not "2 × tbsp (16 g)".
 */
export interface Serving {
  quantity: number;
  portion: Portion | null;
  stated?: boolean;
  /** The amount as the person said it in their region's measures ("1 pint (568 ml)"), when search or parse read one. */
  measure?: string;
}

/** What a list row knows about a food: a search hit (foods.ts FoodHit) or a food record, whichever it has. */
export interface ServingHint {
  id: number;
  energy_kcal: number | null;
  default_portion?: { id: number; name: string; amount?: number; grams: number } | null;
  /** The amount typed with the search ("2 eggs"): shown, and where the log form starts. */
  serving?: Schemas["Serving"] | null;
}

/** The last meal per food, from the local copy of the log (every synced meal, and those waiting). */
export type LastServings = Map<number, Pick<Meal, "quantity" | "portion" | "grams" | "measure">>;

export async function lastServings(db: Store): Promise<LastServings> {
  const latest = new Map<number, Meal>();
  for (const m of await db.getAll("meals")) {
    if (!m.food) continue; // a quick add
    const seen = latest.get(m.food.id);
    if (!seen || m.eaten_at > seen.eaten_at) latest.set(m.food.id, m);
  }
  return new Map(
    [...latest].map(([id, m]) => [
      id,
      { quantity: m.quantity, portion: m.portion, grams: m.grams, measure: m.measure },
    ]),
  );
}

/** Whether an amount is still the one a serving started at, so it keeps the words it was said in. */
export const sameAmount = (s: Serving, units: number, portion: Portion | null) =>
  Math.abs(s.quantity - units) < 1e-9 && (s.portion?.id ?? null) === (portion?.id ?? null);

/** The log form's starting quantity and unit for a food. */
export function startServing(food: FoodRec, last: LastServings): Serving {
  const prev = last.get(food.id);
  if (prev) {
    // the amount as it was said last time ("1 pint (568 ml)") comes with it
    const said = prev.measure ? { measure: prev.measure } : {};
    if (!prev.portion) return { quantity: prev.quantity, portion: null, ...said };
    const same = food.portions.find((p) => p.id === prev.portion!.id);
    if (same) return { quantity: prev.quantity, portion: same, ...said };
  }
  return naturalServing(food);
}

/** One of the food's natural serving as the catalogue states it ("2 tbsp", 32 g; "0.5 fillet", 198 g), else 100 g. */
export function naturalServing(food: FoodRec): Serving {
  const natural = naturalPortion(food);
  return natural ? { quantity: natural.amount, portion: natural, stated: true } : { quantity: 100, portion: null };
}

/** The food's default portion; none when the catalogue gives none (a whole roast is not a serving). */
export function naturalPortion(food: FoodRec): Portion | null {
  if (food.default_portion_id === undefined) return food.portions[0] ?? null; // a record from before it was kept
  return food.portions.find((p) => p.id === food.default_portion_id) ?? null;
}

/** "1 medium (7" to 7-7/8" long) · 105 kcal", "2 slices · 148 kcal", "150 g · 234 kcal"; no kcal when unknown. */
export function servingLabel(hit: ServingHint, last: LastServings): string {
  const { text, kcal } = hitServing(hit, last);
  return kcal === null ? text : `${text} · ${kcal} kcal`;
}

/** The serving a list row shows ("2 slices"), its grams and kcal (null when the food's energy is unknown). */
export function hitServing(hit: ServingHint, last: LastServings): { text: string; grams: number; kcal: number | null } {
  const prev = last.get(hit.id);
  let text: string;
  let g: number;
  const typed = hit.serving;
  if (typed) {
    g = typed.grams;
    const p = hit.default_portion;
    text = typed.measure
      ? typed.measure // a pint in the person's pints, not the grams behind it
      : typed.portion_id === null
        ? `${gramWords(typed.quantity)} g`
        : p && typed.portion_id === p.id // the API's count of single units: "4 shrimp" is 4 large, not 4 × "4 large"
          ? countOf(typed.quantity, p.name)
          : `${gramWords(g)} g`;
  } else if (prev) {
    g = prev.grams;
    text = prev.measure
      ? prev.measure
      : prev.portion
        ? countOf(prev.quantity, prev.portion.name)
        : `${gramWords(prev.quantity)} g`;
  } else if (hit.default_portion) {
    const p = hit.default_portion;
    g = p.grams;
    text = countOf(p.amount ?? 1, p.name);
  } else {
    g = 100;
    text = "100 g";
  }
  return { text, grams: g, kcal: hit.energy_kcal === null ? null : Math.round((hit.energy_kcal * g) / 100) };
}

/** The amount typed in the search ("2 eggs") as the log form's start, when it names one of the food's portions or grams. */
export function typedServing(
  food: FoodRec,
  serving: { quantity: number; portion_id: number | null; measure?: string } | null | undefined,
): Serving | null {
  if (!serving) return null;
  const said = serving.measure ? { measure: serving.measure } : {};
  if (serving.portion_id === null) return { quantity: serving.quantity, portion: null, ...said };
  const portion = food.portions.find((p) => p.id === serving.portion_id);
  return portion ? { quantity: serving.quantity, portion, ...said } : null;
}
