/**
 * Whether a search is sure of its first food (API.md §Foods, "How sure a match is"). Pure: the server's
 * search (search.ts) and the web app's offline search (offline.ts, web/src/foods.ts) both decide with it,
 * so offline gives the same answer.
 *
 * Not sure when
 *   - the words that name the food are not all in the food's name, its synonyms or an alias pointing
 *     to it ("chicken tikka masala" → roast chicken: "tikka masala" is not in it; "tuna sandwich" →
 *     canned tuna: the dish matched to one of its parts);
 *   - a word was read as another two letters away ("timbit" → tilsit, "margarita" → margarine), or only shares its
 *     start with the name's word ("caramilk", caramels; "pho", phosphate): a guess, however good;
 *   - the next food is close behind (within `CLOSE` points of score) and would log another kcal
 *     (per 100 g more than `KCAL_APART` apart): the ranking could as well have chosen it.
 */
import type { ParsedQuery } from "./query";
import { matchesAll, type PreparedName } from "./rank";

/** Score points between the first and the second food below which the two are close. */
export const CLOSE = 2;
/** Two foods whose kcal per 100 g differ by at most this share log the same kcal near enough. */
export const KCAL_APART = 0.15;
/** Alternatives offered with an unsure item. */
export const MAX_ALTERNATIVES = 5;

/** One ranked food as sure.ts needs it: its score, whether its name has every word, its kcal per 100 g. */
export interface SureCandidate {
  score: number;
  named: boolean;
  kcal: number | null;
}

/** One of the first two foods of a ranking, as the search gives it (the caller adds the kcal). */
export interface TopFood {
  id: number;
  score: number;
  named: boolean;
}

/** Whether the food's name, synonyms or an alias to it hold every word group of the query. */
export function namesFood(p: PreparedName, query: ParsedQuery): boolean {
  return query.named.includes(p.id) || matchesAll(p, query, true);
}

const apart = (a: number | null, b: number | null) =>
  a === null || b === null ? a !== b : Math.abs(a - b) > KCAL_APART * Math.max(a, b, 1);

/** The rule above, over the first two foods of a ranking (best first). */
export function isSure(first: SureCandidate | undefined, second: SureCandidate | undefined): boolean {
  if (!first?.named) return false;
  if (!second) return true;
  return !(first.score - second.score < CLOSE && apart(first.kcal, second.kcal));
}

/** `isSure` over a search's `top`, with each food's kcal per 100 g from the caller. */
export function sureOfTop(top: readonly TopFood[], kcalOf: (id: number) => number | null): boolean {
  const [first, second] = top.map((f) => ({ ...f, kcal: kcalOf(f.id) }));
  return isSure(first, second);
}
