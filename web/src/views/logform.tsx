/** Quantity, unit (grams or one of the food's portions) and meal, with the kcal shown live. */
import { useState } from "preact/hooks";
import { gramsOf, MAX_GRAMS, MAX_PORTIONS } from "../../../src/features/meals/nutrition";
import { nutrientsOf } from "../records";
import { MEAL_TYPES, type FoodRec, type MealType, type Portion } from "../store";
import { grams, kcal, MEAL_LABEL } from "../ui";
import type { Serving } from "../serving";
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

export interface LogValues extends Serving {
  mealType: MealType;
}

/** A Unit option's value: "g", a portion's id (single units), or its id and STATED (the portion as stated). */
const STATED = "*";

/**
 * A quantity and its unit, as typed: grams, or one of the food's portions in single units ("tbsp (16 g)") or,
 * for a portion stated as several units or a part of one, also as stated ("2 tbsp (32 g)", "0.5 fillet
 * (198 g)"). The Quantity counts the unit as its option reads; `units` is the API's quantity.
 */
export function useAmount(food: FoodRec, initial: Serving) {
  const asStated = !!(initial.stated && initial.portion && initial.portion.amount !== 1);
  const [quantity, setQuantity] = useState(
    String(asStated ? initial.quantity / initial.portion!.amount : initial.quantity),
  );
  const [unit, setUnit] = useState(initial.portion ? `${initial.portion.id}${asStated ? STATED : ""}` : "g");
  const stated = unit.endsWith(STATED);
  const portion = unit === "g" ? null : (food.portions.find((p) => `${p.id}` === unit.replace(STATED, "")) ?? null);
  const per = portion && stated ? portion.amount : 1; // single units in 1 of the Quantity
  const q = Number(quantity);
  const units = q * per;
  const valid = quantity.trim() !== "" && Number.isFinite(q) && q > 0 && units <= (portion ? MAX_PORTIONS : MAX_GRAMS);
  function changeUnit(next: string) {
    // switching between grams and a portion: a sensible amount for the new unit
    if ((next === "g") !== (unit === "g"))
      setQuantity(next === "g" ? String(Math.round(gramsOf(units || 1, portion))) : "1");
    setUnit(next);
  }
  const unitName = portion ? (per === 1 ? portion.name : `${portion.amount} ${portion.name}`) : "g";
  const most = portion ? `${Math.floor(MAX_PORTIONS / per)} × ${unitName}` : `${MAX_GRAMS} g`;
  return { food, quantity, setQuantity, unit, changeUnit, portion, units, unitName, most, valid };
}

/** The Unit options: grams, then each portion as stated and, when that is not one unit, one unit of it. */
function unitOptions(portions: Portion[]): { value: string; label: string }[] {
  return portions.flatMap((p) => {
    const one = { value: `${p.id}`, label: `${p.name} (${grams(p.grams / p.amount)} g)` };
    return p.amount === 1
      ? [one]
      : [{ value: `${p.id}${STATED}`, label: `${p.amount} ${p.name} (${grams(p.grams)} g)` }, one];
  });
}

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
          {unitOptions(a.food.portions).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
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
          <span class="error">Enter a quantity above 0 (at most {amount.most}).</span>
        )}
      </p>
      <FormActions submitLabel={props.submitLabel} disabled={!valid || busy} onCancel={props.onCancel} />
      {valid && (
        <NutritionFacts
          food={food}
          amount={portion ? `${quantity} × ${amount.unitName}` : `${quantity} g`}
          weight={gramsOf(units, portion)}
        />
      )}
    </form>
  );
}
