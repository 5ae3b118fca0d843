/**
 * A custom food, new or edited: name, optional brand and barcode, energy (required) and macros per
 * 100 g or per serving (converted to per 100 g on save, the serving kept as the food's portion).
 * "Label photo" sends a photo of the nutrition label to /scanner/label and fills the form from the
 * reading (every nutrient it read is kept, not only the four shown); the person checks the numbers
 * and saves. Reading needs the server; the rest of the form works offline.
 */
import type { Schemas } from "../api-data";
import { useState } from "preact/hooks";
import { useSubmit } from "../action";
import { isOffline, message } from "../api";
import { NumberInput, notANumber, parseDecimal } from "../number-input";
import { checks, inWords, loadedChecks, useChecks } from "../refusals";
import type { FoodRec, Portion } from "../store";
import { ErrorText, useApp } from "../ui";
import { readLabel } from "../scanner";
import { PhotoInput } from "./scan";

const num = parseDecimal;

type LabelReading = Schemas["LabelReading"];

/** The label's values per 100 g and serving, once read. */
/** The form's values taken from a label reading (this form's own shape, not an API body). */
interface Prefill {
  per100g: Record<string, number | null>;
  portion: { name: string; grams: number } | null;
  notes: string[];
}

const show = (x: number | null | undefined) =>
  x === null || x === undefined ? undefined : String(Math.round(x * 100) / 100);

function LabelPhoto({ onRead, openNow }: { onRead: (r: LabelReading) => void; openNow?: boolean }) {
  const [state, setState] = useState<{ busy?: boolean; error?: string } | null>(null);
  async function choose(file: File) {
    setState({ busy: true });
    try {
      onRead(await readLabel(file));
      setState(null);
    } catch (err) {
      setState({
        error: isOffline(err)
          ? "Labels are read by the server, which cannot be reached now; type the values instead."
          : message(err),
      });
    }
  }
  return (
    <div class="label-photo">
      <p>Photograph the nutrition label to fill this in.</p>
      <PhotoInput label="Label photo" onFile={choose} openNow={openNow} />
      {state?.busy && <p role="status">Reading the label…</p>}
      <ErrorText error={state?.error ?? null} />
    </div>
  );
}

function prefillFrom(r: LabelReading): Prefill {
  const notes = r.warnings.map((w) => w.message);
  if (!r.per_100g)
    notes.push("The serving size was not read, so values per 100 g are unknown: type them from the label.");
  else if (r.per_100g.energy_kcal === null)
    notes.push("The energy was not read with confidence: type it from the label.");
  const size = r.serving.grams ?? r.serving.millilitres;
  const portion = size
    ? { name: r.serving.text ? `serving (${r.serving.text})`.slice(0, 100) : "serving", grams: size }
    : null;
  return { per100g: r.per_100g ?? {}, portion, notes };
}

const FIELDS = [
  ["energy_kcal", "Energy (kcal)"],
  ["protein_g", "Protein (g)"],
  ["carbohydrate_g", "Carbs (g)"],
  ["fat_g", "Fat (g)"],
] as const;
type Key = (typeof FIELDS)[number][0];
type Values = Record<Key, string>;

/** The portion the form calls the serving: one named "serving…", else the first. */
const servingOf = (portions: Portion[]) => portions.find((p) => p.name.startsWith("serving")) ?? portions[0] ?? null;
const valuesOf = (per100g: Record<string, number | null | undefined>, factor = 1): Values =>
  Object.fromEntries(
    FIELDS.map(([k]) => [k, show(per100g[k] === null || per100g[k] === undefined ? null : per100g[k]! * factor) ?? ""]),
  ) as Values;

export function CustomFoodForm({
  food,
  barcode,
  readLabel = false,
  onSaved,
  onCancel,
}: {
  food: FoodRec | null;
  barcode: string | null;
  /** Opened by a barcode miss's Read the label: the label photo picker opens at once. */
  readLabel?: boolean;
  onSaved: (f: FoodRec) => void;
  onCancel: () => void;
}) {
  const app = useApp();
  const serving = food ? servingOf(food.portions) : null;
  const [error, setError] = useState<string | null>(null);
  useChecks(); // the server's rules, loaded while the person types
  const [prefill, setPrefill] = useState<Prefill | null>(null);
  const [basis, setBasis] = useState<"100g" | "serving">("100g");
  const [values, setValues] = useState<Values>(valuesOf(food?.all ?? food?.per100g ?? {}));
  const [size, setSize] = useState(show(serving ? serving.grams / serving.amount : null) ?? "");
  const [portionName, setPortionName] = useState(serving?.name ?? "serving");

  /** Switching between per 100 g and per serving converts the numbers shown (when the serving's weight is known). */
  function switchBasis(next: "100g" | "serving") {
    const g = num(size);
    if (g && g > 0 && next !== basis) {
      const f = next === "serving" ? g / 100 : 100 / g;
      setValues(
        Object.fromEntries(
          FIELDS.map(([k]) => [k, values[k].trim() === "" ? "" : (show(Number(values[k]) * f) ?? "")]),
        ) as Values,
      );
    }
    setBasis(next);
  }

  function read(r: LabelReading) {
    const p = prefillFrom(r);
    setPrefill(p);
    setBasis("100g");
    setValues(valuesOf(p.per100g));
    if (p.portion) {
      setSize(show(p.portion.grams) ?? "");
      setPortionName(p.portion.name);
    }
  }

  // one tap, one food (a double tap made two)
  const [submit, busy] = useSubmit(async (form) => {
    const f = new FormData(form);
    const name = String(f.get("name") ?? "").trim();
    const code = String(f.get("barcode") ?? "").replace(/[\s-]/g, "");
    const grams = num(size);
    const energy = num(values.energy_kcal);
    if (!name) return setError("Give the food a name.");
    if (Number.isNaN(grams)) return setError(notANumber("Serving size (g)", size));
    const typo = FIELDS.find(([k]) => Number.isNaN(num(values[k])));
    if (typo) return setError(notANumber(typo[1], values[typo[0]]));
    if (energy === null || !(energy >= 0))
      return setError(`Energy per ${basis === "serving" ? "serving" : "100 g"} is needed (0 or more).`);
    if (code && !/^\d{8,14}$/.test(code)) return setError("A barcode is 8 to 14 digits.");
    if (grams !== null && !(grams > 0)) return setError("A serving weighs more than 0 g.");
    if (basis === "serving" && grams === null) return setError("Values per serving need the serving size in grams.");
    const factor = basis === "serving" ? 100 / grams! : 1;
    const typed = Object.fromEntries(
      FIELDS.map(([k]) => [k, num(values[k]) === null ? null : Math.round(num(values[k])! * factor * 1000) / 1000]),
    );
    // nutrients the form does not show (a label's sodium, an edited food's fibre) are kept; kJ is
    // derived again from the kcal shown (the person may have corrected it)
    const per100g = { ...(prefill?.per100g ?? food?.all ?? food?.per100g), energy_kj: null, ...typed };
    const others = (food?.portions ?? [])
      .filter((p) => p !== serving)
      .map((p) => ({ name: p.name, grams: p.grams / p.amount }));
    const portions = grams ? [{ name: portionName.trim() || "serving", grams }, ...others] : others;
    const fields = {
      name,
      brand: String(f.get("brand") ?? "").trim() || null,
      barcode: code || null,
      per100g,
      portions,
    };
    // the server's own rules (custom-foods/validate.ts): what the sync would refuse is refused here,
    // with everything typed kept
    const body = { ...fields, nutrients: per100g };
    const refused = (loadedChecks() ?? (await checks())).foodRefusals(body, !food);
    if (refused.length) return setError(refusalInWords(refused[0]!, basis));
    setError(null);
    if (food) {
      await app.own.updateFood(food, fields);
      onSaved(food);
    } else onSaved(await app.own.createFood(fields));
  });

  const unit = basis === "serving" ? "serving" : "100 g";
  return (
    <form class="custom-food" onSubmit={submit} aria-labelledby="custom-title">
      <h1 id="custom-title">{food ? `Edit ${food.name}` : "Create a custom food"}</h1>
      <label>
        Name
        <input name="name" required maxLength={200} defaultValue={food?.name} />
      </label>
      <label>
        Brand
        <input name="brand" maxLength={100} defaultValue={food?.brand ?? ""} aria-describedby="optional-note" />
      </label>
      <label>
        Barcode
        <input
          name="barcode"
          inputMode="numeric"
          defaultValue={food?.barcode ?? barcode ?? ""}
          aria-describedby="optional-note"
        />
      </label>
      <p class="muted" id="optional-note">
        Brand and barcode are optional.
      </p>
      <LabelPhoto onRead={read} openNow={readLabel} />
      {prefill && (
        <div class="notice" role="status">
          <p>Filled in from the label: check the numbers before saving.</p>
          {prefill.notes.map((n) => (
            <p key={n}>{n}</p>
          ))}
        </div>
      )}
      <div class="row">
        <label>
          Serving unit
          <input
            name="serving_name"
            maxLength={100}
            placeholder="serving, bowl, bar…"
            value={portionName}
            onInput={(e) => setPortionName((e.target as HTMLInputElement).value)}
          />
        </label>
        <label>
          Serving size (g)
          <NumberInput name="serving_grams" value={size} onValue={setSize} />
        </label>
      </div>
      <fieldset>
        <legend>Nutrition per {unit}</legend>
        <label>
          Values per
          {/* Preact does not apply a select's value reliably on remount: the option is marked selected */}
          <select
            name="basis"
            onChange={(e) => switchBasis((e.target as HTMLSelectElement).value as "100g" | "serving")}
          >
            <option value="100g" selected={basis === "100g"}>
              100 g
            </option>
            <option value="serving" selected={basis === "serving"}>
              serving
            </option>
          </select>
        </label>
        {FIELDS.map(([k, label]) => (
          <label key={k}>
            {label}
            <NumberInput
              name={k}
              required={k === "energy_kcal"}
              value={values[k]}
              onValue={(v) => setValues({ ...values, [k]: v })}
            />
          </label>
        ))}
      </fieldset>
      <ErrorText error={error} />
      <div class="actions">
        <button type="submit" class="primary" disabled={busy}>
          Save food
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

const FOOD_LABELS: Record<string, string> = {
  ...Object.fromEntries(FIELDS.map(([k, label]) => [`nutrients.${k}`, `${label} per 100 g`])),
  "portions.*.grams": "Serving size (g)",
  "portions.*.name": "Serving unit",
};

/** A refusal in the form's words; a value per 100 g typed per serving says what it came to per 100 g. */
function refusalInWords(r: { field: string; message: string }, basis: "100g" | "serving"): string {
  const words = inWords(r, FOOD_LABELS);
  return basis === "serving" && r.field.startsWith("nutrients.")
    ? `${words} (Values per serving are converted to per 100 g.)`
    : words;
}
