/** Quick add: kcal, optional macros and a description, for a meal without a food (API.md §Meals). */
import { useState } from "preact/hooks";
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
  const [busy, setBusy] = useState(false);
  const show = (v: number | null | undefined) => (v === null || v === undefined ? "" : String(v));

  async function submit(e: Event) {
    e.preventDefault();
    const f = new FormData(e.currentTarget as HTMLFormElement);
    const num = (k: string) => {
      const s = String(f.get(k) ?? "").trim();
      return s === "" ? null : Number(s);
    };
    const kcal = num("energy_kcal");
    if (kcal === null || !Number.isFinite(kcal) || kcal < 0 || kcal > KCAL_MAX)
      return setError(`Calories: a number from 0 to ${KCAL_MAX}.`);
    const macros = { protein_g: num("protein_g"), carbohydrate_g: num("carbohydrate_g"), fat_g: num("fat_g") };
    for (const [k, v] of Object.entries(macros)) {
      if (v !== null && !(Number.isFinite(v) && v >= 0 && v <= MACRO_MAX))
        return setError(`${LABEL[k]}: leave it empty or give 0 to ${MACRO_MAX} g.`);
    }
    setError(null);
    setBusy(true);
    try {
      await props.onSubmit({
        nutrients: { energy_kcal: kcal, ...macros },
        description: String(f.get("description") ?? "").trim() || null,
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form class="quick-add" onSubmit={submit} noValidate>
      <div class="row quick">
        <label>
          Calories (kcal)
          <input
            name="energy_kcal"
            type="number"
            inputMode="decimal"
            min="0"
            max={KCAL_MAX}
            step="any"
            required
            defaultValue={show(n?.energy_kcal)}
          />
        </label>
        <label>
          Protein (g)
          <input
            name="protein_g"
            type="number"
            inputMode="decimal"
            min="0"
            max={MACRO_MAX}
            step="any"
            defaultValue={show(n?.protein_g)}
          />
        </label>
        <label>
          Carbs (g)
          <input
            name="carbohydrate_g"
            type="number"
            inputMode="decimal"
            min="0"
            max={MACRO_MAX}
            step="any"
            defaultValue={show(n?.carbohydrate_g)}
          />
        </label>
        <label>
          Fat (g)
          <input
            name="fat_g"
            type="number"
            inputMode="decimal"
            min="0"
            max={MACRO_MAX}
            step="any"
            defaultValue={show(n?.fat_g)}
          />
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
