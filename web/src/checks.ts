/**
 * The server's own validators (src/features/…/validate.ts and the models' TypeBox schemas), bundled
 * for the browser as the ranker is. A form runs the body it is about to queue through the same rule
 * the sync push will, so what the server would refuse is refused in the form, with everything typed
 * kept, instead of closing the form and being refused after sync. Imported with `import()` (refusals.ts);
 * TypeBox is in the first load already (the forms read the models' limits), so this adds ~9 KB gzipped.
 */
import { checkFoodInput } from "../../src/features/custom-foods/validate";
import { QuickAdd } from "../../src/features/meals/model";
import { checkQuantity } from "../../src/features/meals/quantity";
import { checkGoalsInput, latestGoalsStart } from "../../src/features/goals/validate";
import { checkRecipeInput, recipeNutrition } from "../../src/features/recipes/validate";
import { AppError, type ErrorDetail } from "../../src/lib/errors";
import { Problems } from "../../src/lib/problems";
import { checkSchema, interpretSchemas } from "../../src/lib/validation";
import type { IngredientSnapshot } from "../../src/features/recipes/compute";

interpretSchemas(); // the page's CSP allows no eval, so TypeBox checks without compiling

/** A field the server's validator refuses, as an error's details name it (API.md §Errors), with its field always given. */
export type Refusal = { field: string; message: string };

function refusals(run: () => unknown): Refusal[] {
  try {
    run();
    return [];
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    const details: ErrorDetail[] = e.details?.length ? e.details : [{ field: "", message: e.message }];
    return details.map((d) => ({ field: d.field ?? "", message: d.message }));
  }
}

/** A meal's quantity in the unit it counts (`gramsPerUnit`: one portion's weight; omitted for grams). */
export const quantityRefusals = (quantity: number, gramsPerUnit: number | null) =>
  refusals(() => {
    const p = new Problems();
    checkQuantity(p, "quantity", quantity, gramsPerUnit !== null, gramsPerUnit ?? 1);
    p.throwIfAny();
  });

/** A custom food's body as the food mutation carries it. */
export const foodRefusals = (body: Record<string, unknown>, create: boolean) =>
  refusals(() => checkFoodInput(body, create));

/** A recipe's body, and its values from the ingredients' snapshots (a cooked weight too small, a serving under 0.001 g). */
export const recipeRefusals = (
  body: Record<string, unknown>,
  items: IngredientSnapshot[],
  servings: number,
  cooked: number | null,
) =>
  refusals(() => {
    checkRecipeInput(body, true);
    recipeNutrition(items, servings, cooked);
  });

export const quickAddRefusals = (quick: Record<string, unknown>) =>
  refusals(() => checkSchema(QuickAdd, quick, "quick_add."));

export const goalsRefusals = (body: Record<string, unknown>, today: string) =>
  refusals(() => checkGoalsInput(body, { today, latest: latestGoalsStart(today) }));
