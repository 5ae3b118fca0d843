/** Quantity, unit (grams or one of the food's portions) and meal, with the kcal shown live. */
import { useState } from "preact/hooks";
import { gramsOf, MAX_GRAMS, MAX_PORTIONS } from "../../../src/features/meals/nutrition";
import { nutrientsOf } from "../records";
import { MEAL_TYPES, type FoodRec, type MealType, type Portion } from "../store";
import { grams, kcal, MEAL_LABEL } from "../ui";
import { NutritionFacts } from "./facts";

/** The `Meal` combobox. */
export function MealSelect({ value, onChange }: { value: MealType; onChange: (t: MealType) => void }) {
  return (
    <label>
      Meal
      <select value={value} onChange={(e) => onChange((e.target as HTMLSelectElement).value as MealType)}>
        {MEAL_TYPES.map((t) => (
          <option key={t} value={t}>
            {MEAL_LABEL[t]}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A form's submit button and Cancel. */
export function FormActions(props: { submitLabel: string; disabled: boolean; onCancel: () => void }) {
  return (
    <div class="actions">
      <button type="submit" class="primary" disabled={props.disabled}>
        {props.submitLabel}
      </button>
      <button type="button" onClick={props.onCancel}>
        Cancel
      </button>
    </div>
  );
}

export interface LogValues {
  quantity: number;
  portion: Portion | null;
  mealType: MealType;
}

/**
 * A quantity and its unit (grams or one of the food's portions), as typed. The Quantity counts the unit as
 * its option reads: "1" of "2 tbsp (32 g)" is 32 g, "1" of "0.5 fillet (198 g)" is 198 g. The API counts
 * single units instead (`grams = quantity × portion.grams / portion.amount`), so `initial.quantity` and
 * `units` are in the API's terms: 1 of that option is 2 tbsp, `units` 2.
 */
export function useAmount(food: FoodRec, initial: { quantity: number; portion: Portion | null }) {
  const shown = String(round3(initial.quantity / (initial.portion?.amount ?? 1)));
  const [quantity, setQuantity] = useState(shown);
  const [unit, setUnit] = useState(initial.portion ? String(initial.portion.id) : "g");
  const portion = unit === "g" ? null : (food.portions.find((p) => String(p.id) === unit) ?? null);
  const q = Number(quantity);
  // untouched, the amount is exactly what it was (a third of a portion does not come back as 0.999)
  const same = quantity === shown && portion?.id === initial.portion?.id;
  const units = same ? initial.quantity : portion ? q * portion.amount : q;
  const valid = quantity.trim() !== "" && Number.isFinite(q) && q > 0 && units <= (portion ? MAX_PORTIONS : MAX_GRAMS);
  function changeUnit(next: string) {
    // switching between grams and a portion: a sensible amount for the new unit
    if ((next === "g") !== (unit === "g"))
      setQuantity(next === "g" ? String(Math.round(gramsOf(units || 1, portion))) : "1");
    setUnit(next);
  }
  return { food, quantity, setQuantity, unit, changeUnit, portion, units, valid };
}

const round3 = (v: number) => Math.round(v * 1000) / 1000;

/** A portion as its Unit option reads: the name when it is one of it ("medium"), else with its amount ("2 tbsp"). */
export const measure = (p: Portion) => (p.amount === 1 ? p.name : `${p.amount} ${p.name}`);

/** The `Quantity` spinbutton and `Unit` combobox. */
export function AmountInputs({ a }: { a: ReturnType<typeof useAmount> }) {
  return (
    <>
      <label>
        Quantity
        <input
          type="number"
          inputMode="decimal"
          min="0"
          step="any"
          value={a.quantity}
          onInput={(e) => a.setQuantity((e.target as HTMLInputElement).value)}
          required
        />
      </label>
      <label>
        Unit
        <select value={a.unit} onChange={(e) => a.changeUnit((e.target as HTMLSelectElement).value)}>
          <option value="g">grams</option>
          {a.food.portions.map((p) => (
            <option key={p.id} value={String(p.id)}>
              {measure(p)} ({grams(p.grams)} g)
            </option>
          ))}
        </select>
      </label>
    </>
  );
}

export function LogForm(props: {
  food: FoodRec;
  initial: LogValues;
  submitLabel: string;
  onSubmit: (v: LogValues) => void | Promise<void>;
  onCancel: () => void;
  children?: preact.ComponentChildren;
}) {
  const { food } = props;
  const amount = useAmount(food, props.initial);
  const { quantity, portion, units, valid } = amount;
  const [mealType, setMealType] = useState<MealType>(props.initial.mealType);
  const [busy, setBusy] = useState(false);
  const n = valid ? nutrientsOf(food, gramsOf(units, portion)) : null;

  async function submit(e: Event) {
    e.preventDefault();
    if (!valid) return;
    setBusy(true);
    try {
      await props.onSubmit({ quantity: units, portion, mealType });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form class="log-form" onSubmit={submit} aria-labelledby="log-food">
      <h2 id="log-food">{food.name}</h2>
      {food.brand && <p class="muted">{food.brand}</p>}
      <div class="row">
        <AmountInputs a={amount} />
        <MealSelect value={mealType} onChange={setMealType} />
      </div>
      {props.children}
      <p class="preview" aria-live="polite">
        {n ? (
          <>
            <strong>{kcal(n.energy_kcal)} kcal</strong> · {grams(gramsOf(units, portion))} g · P {grams(n.protein_g)} ·
            F {grams(n.fat_g)} · C {grams(n.carbohydrate_g)}
          </>
        ) : (
          <span class="error">
            Enter a quantity above 0 (at most{" "}
            {portion ? `${round3(MAX_PORTIONS / portion.amount)} × ${measure(portion)}` : `${MAX_GRAMS} g`}).
          </span>
        )}
      </p>
      <FormActions submitLabel={props.submitLabel} disabled={!valid || busy} onCancel={props.onCancel} />
      {valid && (
        <NutritionFacts
          food={food}
          amount={portion ? `${quantity} × ${measure(portion)}` : `${quantity} g`}
          weight={gramsOf(units, portion)}
        />
      )}
    </form>
  );
}
