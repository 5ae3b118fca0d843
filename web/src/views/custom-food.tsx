/**
 * A custom food: name, optional brand and barcode, energy (required) and macros per 100 g, one
 * optional portion. "Label photo" sends a photo of the nutrition label to /scanner/label and fills
 * the form from the reading (every nutrient it read is kept, not only the four shown); the person
 * checks the numbers and saves. Reading needs the server; the rest of the form works offline.
 */
import { useState } from "preact/hooks";
import { isOffline, message } from "../api";
import type { FoodRec } from "../store";
import { ErrorText, useApp } from "../ui";
import { PhotoInput, uploadPhoto } from "./scan";

const num = (v: FormDataEntryValue | null) => (v === null || String(v).trim() === "" ? null : Number(v));

interface LabelReading {
  per_100g: Record<string, number | null> | null;
  serving: { text: string | null; grams: number | null; millilitres: number | null };
  warnings: { code: string; message: string }[];
}

/** The label's values per 100 g and serving, once read; `n` remounts the number fields with them. */
interface Prefill {
  n: number;
  per100g: Record<string, number | null>;
  portion: { name: string; grams: number } | null;
  notes: string[];
}

const show = (x: number | null | undefined) => (x === null || x === undefined ? undefined : String(Math.round(x * 100) / 100));

function LabelPhoto({ onRead }: { onRead: (r: LabelReading) => void }) {
  const [state, setState] = useState<{ busy?: boolean; error?: string } | null>(null);
  async function choose(file: File) {
    setState({ busy: true });
    try {
      onRead(await uploadPhoto<LabelReading>("/scanner/label", file));
      setState(null);
    } catch (err) {
      setState({ error: isOffline(err) ? "Labels are read by the server, which cannot be reached now; type the values instead." : message(err) });
    }
  }
  return (
    <div class="label-photo">
      <p>Photograph the nutrition label to fill this in.</p>
      <PhotoInput label="Label photo" onFile={choose} />
      {state?.busy && <p role="status">Reading the label…</p>}
      <ErrorText error={state?.error ?? null} />
    </div>
  );
}

function prefillFrom(r: LabelReading, n: number): Prefill {
  const notes = r.warnings.map((w) => w.message);
  if (!r.per_100g) notes.push("The serving size was not read, so values per 100 g are unknown: type them from the label.");
  else if (r.per_100g.energy_kcal === null) notes.push("The energy was not read with confidence: type it from the label.");
  const size = r.serving.grams ?? r.serving.millilitres;
  const portion = size ? { name: r.serving.text ? `serving (${r.serving.text})`.slice(0, 100) : "serving", grams: size } : null;
  return { n, per100g: r.per_100g ?? {}, portion, notes };
}

export function CustomFoodForm({ barcode, onCreated, onCancel }: { barcode: string | null; onCreated: (f: FoodRec) => void; onCancel: () => void }) {
  const app = useApp();
  const [error, setError] = useState<string | null>(null);
  const [prefill, setPrefill] = useState<Prefill | null>(null);

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
      // the label's other nutrients (sodium, sugars, …) are kept; the four fields shown win, and kJ
      // is derived again from the kcal shown (the person may have corrected it)
      per100g: { ...prefill?.per100g, energy_kj: null, energy_kcal: energy, protein_g: num(f.get("protein_g")), fat_g: num(f.get("fat_g")), carbohydrate_g: num(f.get("carbohydrate_g")) },
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
      <LabelPhoto onRead={(r) => setPrefill(prefillFrom(r, (prefill?.n ?? 0) + 1))} />
      {prefill && (
        <div class="notice" role="status">
          <p>Filled in from the label: check the numbers before saving.</p>
          {prefill.notes.map((n) => (
            <p key={n}>{n}</p>
          ))}
        </div>
      )}
      <fieldset key={`per100-${prefill?.n ?? 0}`}>
        <legend>Per 100 g</legend>
        <label>
          Energy (kcal)
          <input name="energy_kcal" type="number" min="0" step="any" required defaultValue={show(prefill?.per100g.energy_kcal)} />
        </label>
        <label>
          Protein (g)
          <input name="protein_g" type="number" min="0" step="any" defaultValue={show(prefill?.per100g.protein_g)} />
        </label>
        <label>
          Fat (g)
          <input name="fat_g" type="number" min="0" step="any" defaultValue={show(prefill?.per100g.fat_g)} />
        </label>
        <label>
          Carbohydrate (g)
          <input name="carbohydrate_g" type="number" min="0" step="any" defaultValue={show(prefill?.per100g.carbohydrate_g)} />
        </label>
      </fieldset>
      <fieldset key={`portion-${prefill?.n ?? 0}`}>
        <legend>A portion (optional)</legend>
        <label>
          Portion name
          <input name="portion_name" placeholder="bowl" defaultValue={prefill?.portion?.name} />
        </label>
        <label>
          Portion weight (g)
          <input name="portion_grams" type="number" min="0" step="any" defaultValue={show(prefill?.portion?.grams)} />
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
