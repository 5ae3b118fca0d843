/** A custom food: name, optional brand and barcode, energy (required) and macros per 100 g, one optional portion. */
import { useState } from "preact/hooks";
import type { FoodRec } from "../store";
import { ErrorText, useApp } from "../ui";

const num = (v: FormDataEntryValue | null) => (v === null || String(v).trim() === "" ? null : Number(v));

export function CustomFoodForm({ barcode, onCreated, onCancel }: { barcode: string | null; onCreated: (f: FoodRec) => void; onCancel: () => void }) {
  const app = useApp();
  const [error, setError] = useState<string | null>(null);

  async function submit(e: Event) {
    e.preventDefault();
    const f = new FormData(e.currentTarget as HTMLFormElement);
    const name = String(f.get("name") ?? "").trim();
    const energy = num(f.get("energy_kcal"));
    const code = String(f.get("barcode") ?? "").replace(/[\s-]/g, "");
    if (!name) return setError("Give the food a name.");
    if (energy === null || !(energy >= 0)) return setError("Energy per 100 g is needed (0 or more).");
    if (code && !/^\d{8,14}$/.test(code)) return setError("A barcode is 8 to 14 digits.");
    const portionName = String(f.get("portion_name") ?? "").trim();
    const portionGrams = num(f.get("portion_grams"));
    const food = await app.local.createFood({
      name,
      brand: String(f.get("brand") ?? "").trim() || null,
      barcode: code || null,
      per100g: { energy_kcal: energy, protein_g: num(f.get("protein_g")), fat_g: num(f.get("fat_g")), carbohydrate_g: num(f.get("carbohydrate_g")) },
      portions: portionName && portionGrams && portionGrams > 0 ? [{ name: portionName, grams: portionGrams }] : [],
    });
    onCreated(food);
  }

  return (
    <form class="custom-food" onSubmit={submit} aria-labelledby="custom-title">
      <h1 id="custom-title">Create a custom food</h1>
      <label>
        Name
        <input name="name" required maxLength={200} />
      </label>
      <label>
        Brand (optional)
        <input name="brand" maxLength={200} />
      </label>
      <label>
        Barcode (optional)
        <input name="barcode" inputMode="numeric" value={barcode ?? ""} />
      </label>
      <fieldset>
        <legend>Per 100 g</legend>
        <label>
          Energy (kcal)
          <input name="energy_kcal" type="number" min="0" step="any" required />
        </label>
        <label>
          Protein (g)
          <input name="protein_g" type="number" min="0" step="any" />
        </label>
        <label>
          Fat (g)
          <input name="fat_g" type="number" min="0" step="any" />
        </label>
        <label>
          Carbohydrate (g)
          <input name="carbohydrate_g" type="number" min="0" step="any" />
        </label>
      </fieldset>
      <fieldset>
        <legend>A portion (optional)</legend>
        <label>
          Portion name
          <input name="portion_name" placeholder="bowl" />
        </label>
        <label>
          Portion weight (g)
          <input name="portion_grams" type="number" min="0" step="any" />
        </label>
      </fieldset>
      <ErrorText error={error} />
      <div class="actions">
        <button type="submit" class="primary">
          Save food
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
