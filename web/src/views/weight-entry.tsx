/**
 * A weight as the person types it, in their unit: one spinbutton `Weight` (kg or lb), or spinbuttons `Stones` and
 * `Pounds` side by side for stones and pounds. Used by the Weight view and the `Set your goal` step, which also
 * offers the unit itself (`Weight unit`): a new account is in kg until it says otherwise.
 */
import { useState } from "preact/hooks";
import { updateMe } from "../account";
import { currentSession, isOffline, message, setSession } from "../api";
import { ErrorText } from "../ui";
import { KG_PER_LB, toUnit } from "../../../src/features/weights/trend";
import { MAX_KG, MIN_KG } from "../../../src/features/weights/validate";
import { NumberInput, notANumber, parseDecimal } from "../number-input";
import { kgOfStones, LB_PER_ST, stonesOf, unitName, type WeightUnit, weightText } from "../weight-units";

/** What was typed: the kg or lb, or the stones (`main`) and pounds (`pounds`). */
export interface WeightTyped {
  main: string;
  pounds: string;
}

export const EMPTY_WEIGHT: WeightTyped = { main: "", pounds: "" };

/** The kg typed, to the gram, or the sentence that says what to fix. */
export function kgOfTyped(w: WeightTyped, unit: WeightUnit): { kg: number } | { error: string } {
  const v = parseDecimal(w.main);
  // "from 20 to 400 kg" as before; stones and pounds need both units on each end
  const range =
    unit === "st"
      ? `Enter a weight from ${weightText(MIN_KG, unit)} to ${weightText(MAX_KG, unit)}.`
      : `Enter a weight from ${toUnit(MIN_KG, unit)} to ${toUnit(MAX_KG, unit)} ${unit}.`;
  if (Number.isNaN(v)) return { error: notANumber(unit === "st" ? "Stones" : "Weight", w.main) };
  let kg: number;
  if (unit === "st") {
    const lb = parseDecimal(w.pounds);
    if (Number.isNaN(lb)) return { error: notANumber("Pounds", w.pounds) };
    if (v === null && lb === null) return { error: range };
    if (lb !== null && (lb < 0 || lb >= LB_PER_ST)) return { error: "Pounds: from 0 to 13.9." };
    kg = kgOfStones(v ?? 0, lb ?? 0);
  } else {
    if (v === null) return { error: range };
    kg = unit === "lb" ? v * KG_PER_LB : v;
  }
  if (kg < MIN_KG - 1e-9 || kg > MAX_KG + 1e-9) return { error: range };
  return { kg: Math.round(kg * 1000) / 1000 };
}

export function WeightFields({
  unit,
  value,
  onValue,
  unitChosen = false,
}: {
  unit: WeightUnit;
  value: WeightTyped;
  onValue: (w: WeightTyped) => void;
  /** A `Weight unit` select stands beside it and shows the unit: the unit's word is then for screen readers only. */
  unitChosen?: boolean;
}) {
  if (unit === "st")
    return (
      <>
        <label>
          Stones
          <NumberInput value={value.main} onValue={(main) => onValue({ ...value, main })} />
        </label>
        <label>
          Pounds
          <NumberInput value={value.pounds} onValue={(pounds) => onValue({ ...value, pounds })} />
        </label>
      </>
    );
  return (
    <>
      <label>
        Weight
        <NumberInput
          value={value.main}
          onValue={(main) => onValue({ ...value, main })}
          aria-describedby="weight-unit"
        />
      </label>
      <span id="weight-unit" class={unitChosen ? "sr" : "unit"}>
        {unit}
      </span>
    </>
  );
}

/** The fields for a weight already known, in the unit's boxes. */
export function typedOf(kg: number, unit: WeightUnit): WeightTyped {
  if (unit !== "st") return { main: String(toUnit(kg, unit)), pounds: "" };
  const { st, lb } = stonesOf(kg);
  return { main: String(st), pounds: String(lb) };
}

const UNITS: WeightUnit[] = ["kg", "lb", "st"];

/**
 * `Weight unit`, the account's (PATCH /me, as Settings → Units does), changed at once so the boxes beside it follow;
 * `onUnit` hears the new one. It needs the server: offline it says so and the unit stays.
 */
export function WeightUnitChoice({ unit, onUnit }: { unit: WeightUnit; onUnit: (u: WeightUnit) => void }) {
  const [error, setError] = useState<string | null>(null);
  const [tries, setTries] = useState(0); // a refused change puts the select back (its key)
  async function change(value: WeightUnit) {
    setError(null);
    try {
      const user = await updateMe({ weight_unit: value });
      setSession({ ...currentSession()!, user });
      onUnit(value);
    } catch (e) {
      setTries(tries + 1);
      setError(isOffline(e) ? "Changing the unit needs the server; try again when you are online." : message(e));
    }
  }
  return (
    <>
      <label>
        Weight unit
        <select key={tries} onChange={(e) => void change((e.currentTarget as HTMLSelectElement).value as WeightUnit)}>
          {UNITS.map((u) => (
            <option key={u} value={u} selected={u === unit}>
              {unitName(u)}
            </option>
          ))}
        </select>
      </label>
      <ErrorText error={error} />
    </>
  );
}
