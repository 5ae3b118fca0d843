/**
 * Edit a logged meal: quantity, unit, meal, date, time and note (the food stays; delete and log
 * another to change it). A quick add edits its kcal, macros and description instead of an amount.
 */
import { useState } from "preact/hooks";
import { loadFood } from "../foods";
import type { FoodRec, Meal, MealType } from "../store";
import { clockIn, dateIn, instantIn, useApp, useData } from "../ui";
import { LogForm, MealSelect } from "./logform";
import { QuickAddForm } from "./quick-add";

export function EditView({ id }: { id: string }) {
  const app = useApp();
  const data = useData(async () => {
    const meal = await app.db.get("meals", id);
    if (!meal) return { meal: null, food: null };
    let food: FoodRec | null = null;
    if (meal.food) {
      try {
        food = await loadFood(app.db, meal.food.id);
      } catch {}
    }
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
  return <EditForm key={meal.id} meal={meal} food={data.food} />;
}

function EditForm({ meal, food: loaded }: { meal: Meal; food: FoodRec | null }) {
  const app = useApp();
  const tz = app.user.timezone;
  const [date, setDate] = useState(meal.date);
  const [time, setTime] = useState(clockIn(tz, meal.eaten_at));
  const [note, setNote] = useState(meal.note ?? "");
  const [mealType, setMealType] = useState<MealType>(meal.meal_type);
  const back = (d: string) => app.go(d === dateIn(tz) ? "#/" : `#/day/${d}`);
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(date) && /^\d{2}:\d{2}$/.test(time);
  const when = (type: MealType) => ({ mealType: type, date, eatenAt: instantIn(tz, date, time), note });

  const fields = (withMeal: boolean) => (
    <div class="row when">
      {withMeal && <MealSelect value={mealType} onChange={setMealType} />}
      <label>
        Date
        <input type="date" value={date} required onInput={(e) => setDate((e.target as HTMLInputElement).value)} />
      </label>
      <label>
        Time
        <input type="time" value={time} required onInput={(e) => setTime((e.target as HTMLInputElement).value)} />
      </label>
      <label class="wide">
        Note
        <input value={note} maxLength={500} onInput={(e) => setNote((e.target as HTMLInputElement).value)} />
      </label>
    </div>
  );

  if (!meal.food) {
    const n = meal.nutrients;
    return (
      <main>
        <h1>{meal.description ?? "Quick add"}</h1>
        <QuickAddForm
          initial={{
            nutrients: {
              energy_kcal: n.energy_kcal ?? 0,
              protein_g: n.protein_g ?? null,
              fat_g: n.fat_g ?? null,
              carbohydrate_g: n.carbohydrate_g ?? null,
            },
            description: meal.description ?? null,
          }}
          submitLabel="Save"
          onCancel={() => back(meal.date)}
          onSubmit={async (v) => {
            if (!valid) return;
            await app.local.editQuick(meal, { ...v, ...when(mealType) });
            back(date);
          }}
        >
          {fields(true)}
        </QuickAddForm>
      </main>
    );
  }

  // a food that is gone (a deleted custom food) can still change amount, in its logged unit
  const food: FoodRec = loaded ?? {
    id: meal.food.id,
    name: meal.food.name,
    brand: null,
    barcode: null,
    per100g: Object.fromEntries(
      Object.entries(meal.nutrients).map(([k, v]) => [k, v === null || !meal.grams ? null : (v * 100) / meal.grams]),
    ),
    portions: meal.portion
      ? [{ id: meal.portion.id, name: meal.portion.name, amount: 1, grams: meal.portion.grams }]
      : [],
    custom: false,
    version: null,
  };
  const portion = meal.portion ? (food.portions.find((p) => p.id === meal.portion!.id) ?? null) : null;
  return (
    <main>
      <LogForm
        food={food}
        initial={{
          quantity: meal.quantity,
          portion,
          mealType: meal.meal_type,
          ...(meal.measure ? { measure: meal.measure } : {}),
        }}
        submitLabel="Save"
        onCancel={() => back(meal.date)}
        onSubmit={async (v) => {
          if (!valid) return;
          await app.local.editMeal(meal, loaded, {
            quantity: v.quantity,
            portion: v.portion,
            measure: v.measure,
            ...when(v.mealType),
          });
          back(date);
        }}
      >
        {fields(false)}
      </LogForm>
    </main>
  );
}
