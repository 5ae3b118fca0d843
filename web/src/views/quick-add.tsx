/** Quick add: kcal, optional macros and a description, for a meal without a food (API.md §Meals). */
import { useState } from "preact/hooks";
import { useSubmit } from "../action";
import { NumberInput, notANumber, parseDecimal } from "../number-input";
import type { QuickNutrients } from "../records";
import { ErrorText } from "../ui";
import { FormActions } from "./logform";

export interface QuickValues {
  nutrients: QuickNutrients;
  description: string | null;
}

const KCAL_MAX = 10_000;
const MACRO_MAX = 1000;

export function QuickAddForm(props: {
  initial?: QuickValues;
  submitLabel: string;
  onSubmit: (v: QuickValues) => void | Promise<void>;
  onCancel: () => void;
  children?: preact.ComponentChildren;
}) {
  const n = props.initial?.nutrients;
  const [error, setError] = useState<string | null>(null);
  const show = (v: number | null | undefined) => (v === null || v === undefined ? "" : String(v));

  // one tap, one entry (a double tap added two)
  const [submit, busy] = useSubmit(async (form) => {
    const f = new FormData(form);
    const num = (k: string) => parseDecimal(String(f.get(k) ?? ""));
    const typo = Object.keys(FIELD_LABEL).find((k) => Number.isNaN(num(k)));
    if (typo) return setError(notANumber(FIELD_LABEL[typo]!, String(f.get(typo))));
    const kcal = num("energy_kcal");
    if (kcal === null || !Number.isFinite(kcal) || kcal < 0 || kcal > KCAL_MAX)
      return setError(`Calories: a number from 0 to ${KCAL_MAX}.`);
    const macros = { protein_g: num("protein_g"), carbohydrate_g: num("carbohydrate_g"), fat_g: num("fat_g") };
    for (const [k, v] of Object.entries(macros)) {
      if (v !== null && !(Number.isFinite(v) && v >= 0 && v <= MACRO_MAX))
        return setError(`${LABEL[k]}: leave it empty or give 0 to ${MACRO_MAX} g.`);
    }
    setError(null);
    await props.onSubmit({
      nutrients: { energy_kcal: kcal, ...macros },
      description: String(f.get("description") ?? "").trim() || null,
    });
  });

  return (
    <form class="quick-add" onSubmit={submit} noValidate>
      <div class="row quick">
        <label>
          Calories (kcal)
          <NumberInput name="energy_kcal" required defaultValue={show(n?.energy_kcal)} />
        </label>
        <label>
          Protein (g)
          <NumberInput name="protein_g" defaultValue={show(n?.protein_g)} />
        </label>
        <label>
          Carbs (g)
          <NumberInput name="carbohydrate_g" defaultValue={show(n?.carbohydrate_g)} />
        </label>
        <label>
          Fat (g)
          <NumberInput name="fat_g" defaultValue={show(n?.fat_g)} />
        </label>
      </div>
      <label>
        Description
        <input
          name="description"
          maxLength={200}
          placeholder="Quick add"
          defaultValue={props.initial?.description ?? ""}
        />
      </label>
      {props.children}
      <ErrorText error={error} />
      <FormActions submitLabel={props.submitLabel} disabled={busy} onCancel={props.onCancel} />
    </form>
  );
}

const LABEL: Record<string, string> = { protein_g: "Protein", carbohydrate_g: "Carbs", fat_g: "Fat" };
const FIELD_LABEL: Record<string, string> = {
  energy_kcal: "Calories (kcal)",
  protein_g: "Protein (g)",
  carbohydrate_g: "Carbs (g)",
  fat_g: "Fat (g)",
};
