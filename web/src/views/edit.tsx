/** Edit a logged meal: quantity, unit or meal type (the food stays; delete and log another to change it). */
import { loadFood } from "../foods";
import type { FoodRec } from "../store";
import { dateIn, useApp, useData } from "../ui";
import { LogForm } from "./logform";

export function EditView({ id }: { id: string }) {
  const app = useApp();
  const data = useData(async () => {
    const meal = await app.db.get("meals", id);
    if (!meal) return { meal: null, food: null };
    let food: FoodRec | null = null;
    try {
      food = await loadFood(app.db, meal.food.id);
    } catch {}
    return { meal, food };
  }, [id]);
  if (!data) return <main aria-busy="true" />;
  const { meal } = data;
  if (!meal) {
    return (
      <main>
        <h1>Not found</h1>
        <p>This entry is no longer in your log.</p>
        <a href="#/">Back to today</a>
      </main>
    );
  }
  // a food that is gone (a deleted custom food) can still change amount, in its logged unit
  const food: FoodRec = data.food ?? {
    id: meal.food.id,
    name: meal.food.name,
    brand: null,
    barcode: null,
    per100g: Object.fromEntries(Object.entries(meal.nutrients).map(([k, v]) => [k, v === null ? null : (v * 100) / meal.grams])),
    portions: meal.portion ? [{ id: meal.portion.id, name: meal.portion.name, amount: 1, grams: meal.portion.grams }] : [],
    custom: false,
    version: null,
  };
  const portion = meal.portion ? (food.portions.find((p) => p.id === meal.portion!.id) ?? null) : null;
  const back = meal.date === dateIn(app.user.timezone) ? "#/" : `#/day/${meal.date}`;
  return (
    <main>
      <LogForm
        food={food}
        initial={{ quantity: meal.quantity, portion, mealType: meal.meal_type }}
        submitLabel="Save"
        onCancel={() => app.go(back)}
        onSubmit={async (v) => {
          await app.local.editMeal(meal, data.food, { quantity: v.quantity, portion: v.portion, mealType: v.mealType });
          app.go(back);
        }}
      />
    </main>
  );
}
