/** Quick add: kcal, optional macros and a description, for a meal without a food (API.md §Meals). */
import { useState } from "preact/hooks";
import { useSubmit } from "../action";
import { NumberInput, notANumber, parseDecimal } from "../number-input";
import type { QuickNutrients } from "../records";
import { checks, inWords, loadedChecks, useChecks } from "../refusals";
import { ErrorText } from "../ui";
import { FormActions } from "./logform";

export interface QuickValues {
  nutrients: QuickNutrients;
  description: string | null;
}

export function QuickAddForm(props: {
  initial?: QuickValues;
  submitLabel: string;
  onSubmit: (v: QuickValues) => void | Promise<void>;
  onCancel: () => void;
  children?: preact.ComponentChildren;
}) {
  const n = props.initial?.nutrients;
  const [error, setError] = useState<string | null>(null);
  useChecks(); // the server's rules, loaded while the person types
  const show = (v: number | null | undefined) => (v === null || v === undefined ? "" : String(v));

  // one tap, one entry (a double tap added two)
  const [submit, busy] = useSubmit(async (form) => {
    const f = new FormData(form);
    const num = (k: string) => parseDecimal(String(f.get(k) ?? ""));
    const typo = Object.keys(FIELD_LABEL).find((k) => Number.isNaN(num(k)));
    if (typo) return setError(notANumber(FIELD_LABEL[typo]!, String(f.get(typo))));
    const kcal = num("energy_kcal");
    if (kcal === null) return setError("Calories (kcal) are needed (0 or more).");
    const macros = { protein_g: num("protein_g"), carbohydrate_g: num("carbohydrate_g"), fat_g: num("fat_g") };
    const description = String(f.get("description") ?? "").trim() || null;
    // the server's own schema for a quick add (meals/model.ts), so what it would refuse stays here
    const refused = (loadedChecks() ?? (await checks())).quickAddRefusals({
      energy_kcal: kcal,
      ...macros,
      description,
    });
    if (refused.length) return setError(inWords(refused[0]!, LABELS));
    setError(null);
    await props.onSubmit({ nutrients: { energy_kcal: kcal, ...macros }, description });
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

const FIELD_LABEL: Record<string, string> = {
  energy_kcal: "Calories (kcal)",
  protein_g: "Protein (g)",
  carbohydrate_g: "Carbs (g)",
  fat_g: "Fat (g)",
};
const LABELS = { ...FIELD_LABEL, description: "Description" };
