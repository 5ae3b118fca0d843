/**
 * Foods: the person's custom foods and recipes (from the local copy, so it works offline), with
 * Edit and Delete, and the ways to make new ones. Delete offers Undo, which makes the food or
 * recipe again (under a new id: meals logged from the old one keep their values either way).
 */
import type { FoodRec, RecipeRec } from "../store";
import { kcal, useApp, useData } from "../ui";
import { CustomFoodForm } from "./custom-food";
import { RecipeForm } from "./recipe";
import { SavedMealsList } from "./saved-meals";

interface Own {
  food: FoodRec;
  recipe: RecipeRec | null;
}

async function ownFoods(db: import("../store").Store): Promise<Own[]> {
  const [foods, recipes] = await Promise.all([db.getAll("foods"), db.getAll("recipes")]);
  const byId = new Map(recipes.map((r) => [r.id, r]));
  return foods
    .filter((f) => f.custom)
    .map((food) => ({ food, recipe: byId.get(food.id) ?? null }))
    .sort((a, b) => a.food.name.localeCompare(b.food.name));
}

function summary({ food, recipe }: Own): string {
  const serving = food.portions[0];
  const per100 = `${kcal(food.per100g.energy_kcal)} kcal per 100 g`;
  const count = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;
  if (recipe)
    return `Recipe · ${count(recipe.ingredients.length, "ingredient")} · ${count(recipe.servings, "serving")} · ${serving ? `${kcal(((food.per100g.energy_kcal ?? 0) * serving.grams) / serving.amount / 100)} kcal a serving` : per100}`;
  return [food.brand, per100].filter(Boolean).join(" · ");
}

export function FoodsView() {
  const app = useApp();
  const list = useData(() => ownFoods(app.db), []);

  async function remove(item: Own) {
    await app.own.deleteFood(item.food, item.recipe);
    app.toast({
      text: `Deleted ${item.food.name}.`,
      action: {
        label: "Undo",
        run: () => {
          const f = item.food;
          const { recipe } = item;
          if (recipe)
            void app.own.saveRecipe(null, {
              name: recipe.name,
              servings: recipe.servings,
              cooked_grams: recipe.cooked_grams,
              ingredients: recipe.ingredients,
            });
          else
            void app.own.createFood({
              name: f.name,
              brand: f.brand,
              barcode: f.barcode,
              per100g: f.all ?? f.per100g,
              portions: f.portions.map((p) => ({ name: p.name, grams: p.grams / p.amount })),
            });
        },
      },
    });
  }

  return (
    <main>
      <h1>Your foods</h1>
      <p class="muted">Foods you made and recipes: they come first when you search, and work offline.</p>
      <div class="actions">
        <button type="button" class="primary" onClick={() => app.go("#/foods/new")}>
          New food
        </button>
        <button type="button" class="primary" onClick={() => app.go("#/foods/recipe")}>
          New recipe
        </button>
      </div>
      {list && list.length === 0 && (
        <p class="muted">No foods of your own yet. A food you make, or a barcode nobody knew, shows up here.</p>
      )}
      {list && list.length > 0 && (
        <ul class="meals own-foods" aria-label="Your foods and recipes">
          {list.map((item) => (
            <li key={item.food.id}>
              <span class="meal-main">
                <span class="name">{item.food.name}</span>
                <span class="muted">{summary(item)}</span>
              </span>
              <button
                type="button"
                onClick={() => app.go(item.recipe ? `#/foods/recipe/${item.food.id}` : `#/foods/edit/${item.food.id}`)}
                aria-label="Edit"
                title={`Edit ${item.food.name}`}
              >
                Edit
              </button>
              <button
                type="button"
                onClick={() => void remove(item)}
                aria-label="Delete"
                title={`Delete ${item.food.name}`}
              >
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
      <SavedMealsList />
    </main>
  );
}

/** `#/foods/new` and `#/foods/edit/ID`: the custom food form; back to the list when saved. */
export function FoodFormView({ id }: { id: number | null }) {
  const app = useApp();
  const food = useData(async () => (id === null ? null : ((await app.db.get("foods", id)) ?? null)), [id]);
  if (food === undefined) return null;
  if (id !== null && !food) return <Gone />;
  return (
    <main>
      <CustomFoodForm
        key={food?.id ?? "new"}
        food={food}
        barcode={null}
        onSaved={() => app.go("#/foods", true)}
        onCancel={() => history.back()}
      />
    </main>
  );
}

/** `#/foods/recipe` and `#/foods/recipe/ID`. */
export function RecipeFormView({ id }: { id: number | null }) {
  const app = useApp();
  const old = useData(async () => {
    if (id === null) return null;
    const [recipe, food] = await Promise.all([app.db.get("recipes", id), app.db.get("foods", id)]);
    return recipe ? { recipe, food: food ?? null } : null;
  }, [id]);
  if (old === undefined) return null;
  if (id !== null && !old) return <Gone />;
  return (
    <main>
      <RecipeForm key={id ?? "new"} old={old} onSaved={() => app.go("#/foods", true)} onCancel={() => history.back()} />
    </main>
  );
}

function Gone() {
  return (
    <main>
      <h1>Not here</h1>
      <p>
        This food is not among yours on this device (deleted, or not yet synced). <a href="#/foods">Your foods</a>
      </p>
    </main>
  );
}
