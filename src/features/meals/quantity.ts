/**
 * A meal's quantity against its unit: more than 0, at most MAX_GRAMS grams or MAX_PORTIONS portions, and
 * not so small that it rounds to 0 g. Its own file, free of the server's data access, so the web app
 * bundles this same rule (web/src/checks.ts) and refuses in the log form what a sync push would refuse.
 */
import type { Problems } from "../../lib/problems";
import { MAX_GRAMS, MAX_PORTIONS, round3 } from "./nutrition";

/** Cross-field rules every path shares. `unitGrams` is known once the portion is. */
export function checkQuantity(p: Problems, field: string, q: number, portions: boolean, gramsPerUnit?: number): void {
  const max = portions ? MAX_PORTIONS : MAX_GRAMS;
  if (!(q > 0) || q > max) {
    p.add(
      field,
      portions
        ? `must be more than 0 and at most ${MAX_PORTIONS} portions`
        : `must be more than 0 and at most ${MAX_GRAMS} grams`,
    );
  } else if (round3(q * (gramsPerUnit ?? 1)) <= 0) {
    p.add(field, "is so small that it rounds to 0 g; log at least 0.001 g");
  }
}
