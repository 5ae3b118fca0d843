/** Quantity, unit (grams or one of the food's portions) and meal, with the kcal shown live. */
import { useState } from "preact/hooks";
import { useAction } from "../action";
import { NumberInput, notANumber, parseDecimal } from "../number-input";
import { checks, inWords, useChecks } from "../refusals";
import { gramsOf, MAX_GRAMS, MAX_PORTIONS } from "../../../src/features/meals/nutrition";
import { nutrientsOf } from "../records";
import { MEAL_TYPES, type FoodRec, type MealType, type Portion } from "../store";
import { grams, kcal, MEAL_LABEL } from "../ui";
import { sameAmount, type Serving } from "../serving";
import {
  countOf,
  gramWords,
  measureCount,
  measureTimes,
  portionName,
  quantityText,
  servingWords,
} from "../amount-words";
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
/** The Unit option of an amount said in a measure the food has no portion for ("1 pint (568 ml)"). */
const SAID = -1;

/**
 * A quantity and its unit, as typed: grams, or one of the food's portions in single units ("tbsp (16 g)") or,
 * for a portion stated as several units or a part of one, also as stated ("2 tbsp (32 g)", "0.5 fillet
 * (198 g)"). The Quantity counts the unit as its option reads; `units` is the API's quantity.
 */
export function useAmount(food: FoodRec, initial: Serving) {
  // an amount logged in grams behind a measure the person said ("1 pint (568 ml)", a region's pint): the form offers
  // that measure as a unit of its own and starts there, not at "570.7 grams" (the API keeps grams and the words)
  // one of it is the unit, counted by Quantity: "2 pints of bitter" starts at 2 × "1 pint", so a person who types 3
  // has 3 pints (with "2 pints" as the unit, 3 was 6 pints)
  const count = (initial.measure && measureCount(initial.measure)) || 1;
  const said: Portion | null =
    initial.measure && !initial.portion
      ? {
          id: SAID,
          name: measureTimes(initial.measure, 1 / count) ?? initial.measure,
          amount: 1,
          grams: initial.quantity / count,
        }
      : null;
  const portions = said ? [said, ...food.portions] : food.portions;
  const asStated = !!(initial.stated && initial.portion && initial.portion.amount !== 1);
  // as people write it: "1/2", "1 1/2", 150 (a remembered 453.592 g reads 453.6)
  const [quantity, setTyped] = useState(
    said
      ? quantityText(count, false)
      : quantityText(asStated ? initial.quantity / initial.portion!.amount : initial.quantity, !initial.portion),
  );
  // typed by the person: a unit change keeps the number; still the form's own: converted, the amount kept
  const [typed, setTypedFlag] = useState(false);
  const setQuantity = (v: string) => {
    setTypedFlag(true);
    setTyped(v);
  };
  const [unit, setUnit] = useState(
    said ? `${SAID}` : initial.portion ? `${initial.portion.id}${asStated ? STATED : ""}` : "g",
  );
  const stated = unit.endsWith(STATED);
  const chosen = unit === "g" ? null : (portions.find((p) => `${p.id}` === unit.replace(STATED, "")) ?? null);
  const per = chosen && stated ? chosen.amount : 1; // single units in 1 of the Quantity
  const q = parseDecimal(quantity);
  // in the API's terms: the said measure is grams (its portion is no food's)
  const portion = chosen === said ? null : chosen;
  const units = (q ?? Number.NaN) * per * (said && chosen === said ? said.grams : 1);
  const rules = useChecks();
  // the server's own rule for a meal's quantity (meals/validate.ts), once its chunk is here
  const refused =
    rules && Number.isFinite(units)
      ? rules.quantityRefusals(units, portion ? portion.grams / portion.amount : null)
      : [];
  const inRange = Number.isFinite(units) && units > 0 && units <= (portion ? MAX_PORTIONS : MAX_GRAMS);
  const valid = inRange && refused.length === 0;
  function changeUnit(next: string) {
    if (!typed) {
      // the same amount in the new unit: 1 fillet (180 g) → 180 g; 180 g → 1 fillet
      const p = next === "g" ? null : (portions.find((x) => `${x.id}` === next.replace(STATED, "")) ?? null);
      const perOne = p ? (p.grams / p.amount) * (next.endsWith(STATED) ? p.amount : 1) : 1;
      const g = gramsOf(Number.isFinite(units) && units > 0 ? units : 1, portion);
      setTyped(quantityText(g / perOne, !p));
    }
    setUnit(next);
  }
  const unitName = chosen
    ? chosen === said
      ? said.name
      : per === 1
        ? portionName(chosen.name)
        : countOf(chosen.amount, chosen.name)
    : "g";
  const most = portion ? `${Math.floor(MAX_PORTIONS / per)} × ${unitName}` : `${MAX_GRAMS} g`;
  const problem = valid
    ? null
    : Number.isNaN(q)
      ? notANumber("Quantity", quantity)
      : !inRange
        ? `Enter a quantity above 0 (at most ${most}).`
        : inWords(refused[0]!);
  const checked = rules !== null; // `valid` has applied the server's rule
  // the amount in the person's words: as said while it is still that amount; n of the said measure, n times its
  // words ("2 pints (1136 ml)"), not only its grams; any other amount is said by its numbers
  const measure = !initial.measure
    ? undefined
    : sameAmount(initial, units, portion)
      ? initial.measure
      : said && chosen === said && q !== null && valid
        ? (measureTimes(initial.measure, q / count) ?? undefined)
        : undefined;
  return {
    food,
    portions,
    quantity,
    setQuantity,
    unit,
    changeUnit,
    portion,
    units,
    unitName,
    most,
    valid,
    problem,
    checked,
    measure,
  };
}

/**
 * The Unit options: grams, then each portion as stated and, when that is not one unit, one unit of it, each said
 * once with its weight: "2/3 cup · 55 g", "1/2 breast, bone and skin removed · 86 g", "slice · 28 g".
 */
function unitOptions(portions: Portion[]): { value: string; label: string }[] {
  return portions.flatMap((p) => {
    const one = { value: `${p.id}`, label: `${portionName(p.name)} · ${gramWords(p.grams / p.amount)} g` };
    return p.amount === 1 ? [one] : [{ value: `${p.id}${STATED}`, label: servingWords(p.amount, p) }, one];
  });
}

/** The `Quantity` spinbutton and `Unit` combobox. */
export function AmountInputs({ a }: { a: ReturnType<typeof useAmount> }) {
  return (
    <>
      <label>
        Quantity
        <NumberInput value={a.quantity} onValue={a.setQuantity} required />
      </label>
      <label>
        Unit
        <select value={a.unit} onChange={(e) => a.changeUnit((e.target as HTMLSelectElement).value)}>
          <option value="g">grams</option>
          {unitOptions(a.portions).map((o) => (
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
  /** Said above the amount: a typed amount that could not be applied ("2 slices" of a food without slices). */
  note?: string | null;
  /** The name the person picked it by (a search result's short name), so the food keeps its name here. */
  title?: string;
  children?: preact.ComponentChildren;
}) {
  const { food } = props;
  const amount = useAmount(food, props.initial);
  const { portion, units, valid, checked, measure: said } = amount;
  const [mealType, setMealType] = useState<MealType>(props.initial.mealType);
  const n = valid ? nutrientsOf(food, gramsOf(units, portion)) : null;
  // one tap, one meal (a double tap logged it twice)
  const [log, busy] = useAction(async () => {
    if (!valid) return;
    // what the server would refuse stays here, with the form (its rule is loaded by now, nearly always)
    if (!checked && (await checks()).quantityRefusals(units, portion ? portion.grams / portion.amount : null).length)
      return;
    await props.onSubmit({ quantity: units, portion, mealType, ...(said ? { measure: said } : {}) });
  });
  function submit(e: Event) {
    e.preventDefault();
    void log();
  }

  return (
    <form class="log-form" onSubmit={submit} aria-labelledby="log-food">
      <h2 id="log-food">{props.title ?? food.name}</h2>
      {props.title && props.title !== food.name && <p class="muted full-name">{food.name}</p>}
      {food.brand && <p class="muted">{food.brand}</p>}
      {props.note && (
        <p class="notice" role="status">
          {props.note}
        </p>
      )}
      <div class="row">
        <AmountInputs a={amount} />
        <MealSelect value={mealType} onChange={setMealType} />
      </div>
      {props.children}
      <p class="preview" aria-live="polite">
        {n ? (
          <>
            {/* the weight only where the unit is not grams already (it read "150 g" twice) */}
            {said && `${said} · `}
            <strong>{kcal(n.energy_kcal)} kcal</strong>
            {(portion || said) && ` · ${grams(gramsOf(units, portion))} g`} ·{" "}
            <span class="nowrap">P {grams(n.protein_g)}</span> · <span class="nowrap">F {grams(n.fat_g)}</span> ·{" "}
            <span class="nowrap">C {grams(n.carbohydrate_g)}</span>
          </>
        ) : (
          <span class="error" id="amount-problem">
            {amount.problem}
          </span>
        )}
      </p>
      <FormActions submitLabel={props.submitLabel} disabled={!valid || busy} onCancel={props.onCancel} />
      {valid && (
        <NutritionFacts
          food={food}
          amount={portion ? servingWords(units, portion) : `${gramWords(units)} g`}
          weight={gramsOf(units, portion)}
        />
      )}
    </form>
  );
}
