/**
 * How bench:search scores phrase sets: a phrase is logged as search logs it (the top food at the
 * serving the log form starts with) and is right within 15 % of its reference kcal. `sure` is the
 * server's rule (src/features/foods/sure.ts) on the search's first two foods.
 */
import type { Catalogue } from "../../src/db/catalogue";
import type { FoodSearch } from "../../src/features/foods/search";
import { parseAmount, searchText } from "../../src/features/foods/amount";
import { resolveAmount } from "../../src/features/foods/portion";
import { measuresOf, regionalText } from "../../src/features/foods/region";
import { words } from "../../src/features/foods/text";
import { sureOfTop } from "../../src/features/foods/sure";
import { startingKcal } from "../../test/fixtures/phrase-log";
import { withinTolerance } from "../../test/fixtures/phrases";

export interface Logged {
  id: number | null;
  grams: number;
  kcal: number;
  sure: boolean;
}

/** `region`: the account's, as the server reads it (its words and measures, region.ts); none: the US. */
export function logPhrase(search: FoodSearch, catalogue: Catalogue, q: string, region?: string): Logged {
  const { food: typed, amount } = parseAmount(q);
  const result = search.search(regionalText(searchText(typed, amount), region, amount?.unit), { limit: 1, offset: 0 });
  const id = result.ids[0];
  const f = id === undefined ? null : catalogue.food(id);
  if (!f) return { id: null, grams: 0, kcal: 0, sure: false };
  const portions = catalogue.portions(f.id);
  const def = portions.find((p) => p.id === f.default_portion_id) ?? null;
  const serving = amount ? resolveAmount(amount, portions, def, words(typed), measuresOf(region)) : null;
  const got = startingKcal({ id: f.id, energy_kcal: f.nutrients.energy_kcal, default_portion: def }, serving);
  return { id: f.id, ...got, sure: sureOfTop(result.top, (id) => catalogue.food(id)?.nutrients.energy_kcal ?? null) };
}

export interface Tally {
  n: number;
  right: number;
  confidentlyWrong: number;
  rightUnsure: number;
}

export const emptyTally = (): Tally => ({ n: 0, right: 0, confidentlyWrong: 0, rightUnsure: 0 });

export function add(t: Tally, logged: Logged, referenceKcal: number) {
  const right = logged.id !== null && withinTolerance(logged.kcal, referenceKcal);
  t.n++;
  if (right) t.right++;
  if (right && !logged.sure) t.rightUnsure++;
  if (!right && logged.sure) t.confidentlyWrong++;
  return right;
}

const pc = (x: number, n: number) => (n ? `${((100 * x) / n).toFixed(1)} %` : "—");

/** A markdown row: right, confidently wrong (of all), right items marked unsure (of the right). */
export const row = (label: string, t: Tally) =>
  `| ${label} | ${t.n} | ${t.right}/${t.n} (${pc(t.right, t.n)}) | ${t.confidentlyWrong} (${pc(t.confidentlyWrong, t.n)}) | ${t.rightUnsure} (${pc(t.rightUnsure, t.right)}) |`;

export const HEADER =
  "| set | phrases | right (within 15 %) | confidently wrong | right but marked unsure |\n|---|---|---|---|---|";
