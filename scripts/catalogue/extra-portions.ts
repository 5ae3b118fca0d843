/**
 * Portions the catalogue adds to a food beyond what its source states, each with why and where its weight is
 * from. They number after every other portion, in this list's order (scripts/build-catalogue.ts), so adding one
 * moves no stored portion id: append new ones at the end. A food's default portion is chosen over all its portions
 * (default-portion.ts), so a "serving" or "medium" one here becomes it.
 */
export interface ExtraPortion {
  food: number;
  name: string;
  amount: number;
  grams: number;
  /** Why the food needs it and where its grams are from. */
  source: string;
}

const p = (food: number, name: string, grams: number, source: string): ExtraPortion => ({
  food,
  name,
  amount: 1,
  grams,
  source,
});

// biome-ignore format: one portion a line
export const EXTRA_PORTIONS: readonly ExtraPortion[] = [
  // a breakfast plate of French toast is two slices (the world phrase set's reference, bench/phrases/world.ts);
  // USDA states one 65 g slice, which logged half the plate
  p(18269, "serving (2 slices)", 130, "two of USDA's 65 g slices, a breakfast plate"),
  // a slice of lasagne cut from the dish is the dish's portion, a sixth of it
  p(900701, "slice (a sixth of the dish)", 399, "the dish's own portion, a sixth of a family dish"),
  // an omelette is made of two eggs (USDA's "large" omelet is one 61 g egg's)
  p(1130, "medium omelette (2 eggs)", 122, "two of USDA's one-egg omelets, 61 g each"),
  // coleslaw is a side: USDA's own half cup (60 g), not the tablespoon (8 g, 6 kcal) it started at
  p(11159, "serving (1/2 cup)", 60, "USDA's half-cup portion of the food"),
  // a fish finger is USDA's own 28 g stick, named so that a count of fish fingers finds it (not the 57 g fish portion)
  p(15027, 'fish finger (stick 4" x 1" x 1/2")', 28, "USDA's stick portion of the food"),
  // Maggi, India's instant noodles, is a 70 g cake (Maggi 2-Minute Masala's pack); USDA's serving is half its 85 g one
  p(6583, "medium pack (Maggi's, 70 g)", 70, "Maggi 2-Minute Noodles' pack, 70 g (label)"),
  // a Timbit is a doughnut hole, about 15 g: 64 kcal at USDA's cake doughnut, as Tim Hortons lists its plain ones (60-70)
  p(18250, "timbit (doughnut hole)", 15, "a doughnut hole of about 15 g, Tim Hortons' Timbit"),
];
