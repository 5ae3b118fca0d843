/**
 * A recipe, new or edited: its name, servings and (optionally) cooked weight, and ingredients found
 * by search, each with a quantity in grams or one of the food's portions. The values per serving
 * are shown as it is built, with the server's arithmetic (recipes/compute.ts). Works offline: the
 * search falls back to the catalogue copy and the person's own foods, and the recipe syncs later.
 */
import { useState } from "preact/hooks";
import { MAX_INGREDIENTS, MAX_SERVINGS } from "../../../src/features/recipes/validate";
import { computeRecipe } from "../../../src/features/recipes/compute";
import { gramsOf } from "../../../src/features/meals/nutrition";
import { useSubmit } from "../action";
import { message } from "../api";
import { NumberInput, notANumber, parseDecimal } from "../number-input";
import { checks, inWords, loadedChecks, useChecks } from "../refusals";
import { loadFood } from "../foods";
import { naturalServing, typedServing, type Serving } from "../serving";
import type { FoodRec, Ingredient, RecipeRec } from "../store";
import { ErrorText, grams, kcal, useApp } from "../ui";
import { AmountInputs, FormActions, useAmount } from "./logform";
import { useFoodSearch } from "./use-search";

/** Quantity and unit of the food just picked, then `Add ingredient`. */
function IngredientAmount({
  food,
  typed,
  onAdd,
  onCancel,
}: {
  food: FoodRec;
  /** The amount typed in the search ("500g beef mince"), read as Add food reads it. */
  typed: Serving | null;
  onAdd: (i: Ingredient) => void;
  onCancel: () => void;
}) {
  const a = useAmount(food, typed ?? naturalServing(food));
  const g = a.valid ? gramsOf(a.units, a.portion) : null;
  return (
    <div class="ingredient-amount" role="group" aria-labelledby="ingredient-food">
      <h3 id="ingredient-food">{food.name}</h3>
      <div class="row">
        <AmountInputs a={a} />
      </div>
      <p class="muted" aria-live="polite">
        {g === null ? a.problem : `${grams(g)} g · ${kcal(((food.per100g.energy_kcal ?? 0) * g) / 100)} kcal`}
      </p>
      <div class="actions">
        <button
          type="button"
          class="primary"
          disabled={g === null}
          onClick={() =>
            onAdd({
              food_id: food.id,
              food_name: food.name,
              quantity: a.units,
              portion: a.portion
                ? { id: a.portion.id, name: a.portion.name, grams: a.portion.grams / a.portion.amount }
                : null,
              grams: g!,
              per_100g: food.all ?? food.per100g,
            })
          }
        >
          Add ingredient
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}

function IngredientSearch({ onPick }: { onPick: (f: FoodRec, typed: Serving | null) => void }) {
  const app = useApp();
  const [q, setQ] = useState("");
  const search = useFoodSearch(app.db, q);
  const hits = search.results?.items ?? null;
  const [error, setError] = useState<string | null>(null);
  useChecks(); // the server's rules, loaded while the person types

  async function pick(id: number, serving: Parameters<typeof typedServing>[1]) {
    setError(null);
    try {
      const food = await loadFood(app.db, id);
      if (!food) throw new Error("That food is not available offline; try again when the server is reachable.");
      setQ("");
      onPick(food, typedServing(food, serving));
    } catch (e) {
      setError(message(e));
    }
  }

  return (
    <div class="ingredient-search">
      <label class="search">
        Search ingredients
        <input type="search" value={q} autocomplete="off" onInput={(e) => setQ((e.target as HTMLInputElement).value)} />
      </label>
      <ErrorText error={error ?? search.error} focus={!!error} />
      {hits && (
        <ul class="results" aria-label="Ingredient results">
          {hits.length === 0 && <li class="muted">Nothing found for “{q.trim()}”.</li>}
          {hits.map((f) => (
            <li key={f.id}>
              <button type="button" class="result" onClick={() => void pick(f.id, f.serving)}>
                <span class="name">{f.name}</span>
                <span class="muted">
                  {f.brand ? `${f.brand} · ` : ""}
                  {f.energy_kcal === null ? "" : `${kcal(f.energy_kcal)} kcal per 100 g`}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function RecipeForm({
  old,
  onSaved,
  onCancel,
}: {
  old: { recipe: RecipeRec; food: FoodRec | null } | null;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const app = useApp();
  const [ingredients, setIngredients] = useState<Ingredient[]>(old?.recipe.ingredients ?? []);
  const [picked, setPicked] = useState<{ food: FoodRec; typed: Serving | null } | null>(null);
  const [servings, setServings] = useState(String(old?.recipe.servings ?? 1));
  const [cooked, setCooked] = useState(
    old?.recipe.cooked_grams === null || !old ? "" : String(old.recipe.cooked_grams),
  );
  const [error, setError] = useState<string | null>(null);
  const s = parseDecimal(servings) ?? Number.NaN;
  const c = parseDecimal(cooked);
  const n =
    ingredients.length && s > 0 && (c === null || c > 0) && !Number.isNaN(c)
      ? computeRecipe(
          ingredients.map((i) => ({ foodId: i.food_id, grams: i.grams, per100g: i.per_100g })),
          s,
          c,
        )
      : null;

  // one tap, one recipe (a double tap made two)
  const [submit, busy] = useSubmit(async (form) => {
    const name = String(new FormData(form).get("name") ?? "").trim();
    if (!name) return setError("Give the recipe a name.");
    if (Number.isNaN(s)) return setError(notANumber("Servings", servings));
    if (c !== null && Number.isNaN(c)) return setError(notANumber("Cooked weight (g)", cooked));
    if (!(s > 0 && s <= MAX_SERVINGS)) return setError(`Servings must be more than 0 and at most ${MAX_SERVINGS}.`);
    if (c !== null && !(c > 0)) return setError("The cooked weight must be more than 0 g, or left empty.");
    if (!ingredients.length) return setError("Add at least one ingredient.");
    if (ingredients.length > MAX_INGREDIENTS) return setError(`A recipe has at most ${MAX_INGREDIENTS} ingredients.`);
    // the server's own rules (recipes/validate.ts): what it would refuse after sync is refused here
    const body = {
      name,
      servings: s,
      cooked_grams: c,
      ingredients: ingredients.map((i) => ({ food_id: Math.abs(i.food_id) || 1, quantity: i.quantity })),
    };
    const items = ingredients.map((i) => ({ foodId: i.food_id, grams: i.grams, per100g: i.per_100g }));
    const refused = (loadedChecks() ?? (await checks())).recipeRefusals(body, items, s, c);
    if (refused.length) return setError(inWords(refused[0]!, RECIPE_LABELS));
    setError(null);
    await app.own.saveRecipe(old, { name, servings: s, cooked_grams: c, ingredients });
    onSaved();
  });

  return (
    <form class="recipe-form" onSubmit={submit} aria-labelledby="recipe-title">
      <h1 id="recipe-title">{old ? `Edit ${old.recipe.name}` : "New recipe"}</h1>
      <label>
        Recipe name
        <input name="name" required maxLength={200} defaultValue={old?.recipe.name} />
      </label>
      <div class="row">
        <label>
          Servings
          <NumberInput value={servings} onValue={setServings} required />
        </label>
        <label>
          Cooked weight (g)
          <NumberInput value={cooked} onValue={setCooked} aria-describedby="cooked-note" />
        </label>
      </div>
      <p class="muted" id="cooked-note">
        Optional: the dish's weight once cooked. Without it, a serving is the ingredients' weight over the servings.
      </p>
      <section aria-labelledby="ingredients-title">
        <h2 id="ingredients-title">Ingredients</h2>
        {ingredients.length === 0 && <p class="muted">None yet: search below.</p>}
        <ul class="meals" aria-label="Ingredients">
          {ingredients.map((i, k) => (
            <li key={`${i.food_id}-${k}`}>
              <span class="meal-main">
                <span class="name">{i.food_name}</span>
                <span class="muted">
                  {i.portion ? `${i.quantity} × ${i.portion.name} · ${grams(i.grams)} g` : `${grams(i.grams)} g`} ·{" "}
                  {kcal(((i.per_100g.energy_kcal ?? 0) * i.grams) / 100)} kcal
                </span>
              </span>
              <button
                type="button"
                aria-label="Remove"
                title={`Remove ${i.food_name}`}
                onClick={() => setIngredients(ingredients.filter((_, j) => j !== k))}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
        {picked ? (
          <IngredientAmount
            key={picked.food.id}
            food={picked.food}
            typed={picked.typed}
            onAdd={(i) => {
              setIngredients([...ingredients, i]);
              setPicked(null);
            }}
            onCancel={() => setPicked(null)}
          />
        ) : (
          <IngredientSearch onPick={(food, typed) => setPicked({ food, typed })} />
        )}
      </section>
      <p class="preview" aria-live="polite">
        {n ? (
          <>
            <strong>{kcal(n.perServing.energy_kcal)} kcal a serving</strong> ({grams(n.servingGrams)} g) · P{" "}
            {grams(n.perServing.protein_g)} · F {grams(n.perServing.fat_g)} · C {grams(n.perServing.carbohydrate_g)}
          </>
        ) : (
          "Add ingredients to see a serving's values."
        )}
      </p>
      <ErrorText error={error} />
      <FormActions submitLabel="Save recipe" disabled={busy} onCancel={onCancel} />
    </form>
  );
}

const RECIPE_LABELS: Record<string, string> = {
  name: "Recipe name",
  "ingredients.*.quantity": "An ingredient's quantity",
  "portions.*.grams": "A serving's weight",
};
