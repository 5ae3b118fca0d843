/**
 * Settings → `Targets`: one row per nutrient with its default (the DRI value for the profile: RDA or AI, and the
 * UL or sodium's CDRR) and spinbuttons `Minimum` and `Maximum` for the person's own bounds (empty: the default);
 * fibre can follow 14 g per 1,000 kcal of the energy goal instead. Saved here first and synced (targets-local.ts).
 */
import { weightText } from "../weight-units";
import { useState } from "preact/hooks";
import { targetsFor } from "../../../src/features/targets/compute";
import { rangeProblems } from "../../../src/features/targets/ranges";
import { useSubmit } from "../action";
import { NumberInput, notANumber, parseDecimal } from "../number-input";
import { nutrientName } from "../nutrient-names";
import type { Bound, TargetItem, TargetsDoc } from "../targets";
import { localProfile, saveTargetSettings, type TargetSettings } from "../targets-local";
import { dateIn, ErrorText, useApp } from "../ui";
import { unitText } from "./nutrient-bar";

const MAX = 1_000_000;

/** "RDA 18 mg", "UL 45 mg, supplements only". */
function boundText(b: Bound | null | undefined, unit: string): string | null {
  if (!b) return null;
  const scope =
    b.applies_to === "supplements" ? ", supplements only" : b.applies_to === "preformed" ? ", retinol only" : "";
  return `${b.kind} ${b.value} ${unitText(unit)}${scope}`;
}

export function TargetsForm({
  doc,
  settings,
  onSaved,
}: {
  doc: TargetsDoc;
  settings: TargetSettings;
  onSaved: (note: string) => void;
}) {
  const app = useApp();
  const [error, setError] = useState<string | null>(null);
  const items = doc.items.filter((t) => t.key !== "energy_kcal" && t.key !== "energy_kj");

  const [save, busy] = useSubmit(async (form) => {
    const f = new FormData(form);
    const nutrients: TargetSettings["nutrients"] = {};
    for (const t of items) {
      const read = (which: "minimum" | "maximum") => {
        const text = String(f.get(`${t.key}.${which}`) ?? "");
        const v = parseDecimal(text);
        const label = `${nutrientName(t.key, t.name)}, ${which === "minimum" ? "Minimum" : "Maximum"}`;
        if (Number.isNaN(v)) throw new Error(notANumber(label, text));
        if (v !== null && (v < 0 || v > MAX)) throw new Error(`${label}: from 0 to ${MAX}, or leave it empty.`);
        return v;
      };
      let minimum: number | null;
      let maximum: number | null;
      try {
        minimum = read("minimum");
        maximum = read("maximum");
      } catch (e) {
        return setError((e as Error).message);
      }
      if (minimum !== null || maximum !== null) nutrients[t.key] = { minimum, maximum };
    }
    const next = { nutrients, fiber_per_energy: f.get("fiber_per_energy") === "on" };
    // the server's own check (targets/ranges.ts) against the defaults these settings give: refused here, kept
    const today = dateIn(app.user.timezone);
    const { items: after } = targetsFor(await localProfile(app.db), next, today, doc.energy_goal_kcal ?? null);
    const bad = rangeProblems(next, after)[0];
    if (bad) {
      const [key, which] = bad.field.split(".").slice(-2) as [string, string];
      const item = items.find((t) => t.key === key);
      const label = `${nutrientName(key, item?.name ?? key)}, ${which === "minimum" ? "Minimum" : "Maximum"}`;
      return setError(`${label}: ${bad.message.slice(`${key}.${which} `.length)}.`);
    }
    setError(null);
    await saveTargetSettings(app.sync, next);
    onSaved("Targets saved.");
  });

  return (
    <section aria-labelledby="targets-title">
      <form onSubmit={save} noValidate>
        <h2 id="targets-title">Targets</h2>
        <p class="muted">
          {doc.basis_note} Type your own minimum, maximum or both; a box left empty keeps the default shown under the
          nutrient's name.
        </p>
        {doc.energy_reference && (
          <p>
            Energy reference for your profile: {doc.energy_reference.kcal} kcal a day ({doc.energy_reference.method}, at{" "}
            {weightText(doc.energy_reference.weight_kg, app.user.weight_unit ?? "kg")})
            {doc.energy_goal_kcal ? `; your energy goal is ${doc.energy_goal_kcal} kcal.` : "."}
          </p>
        )}
        <details class="source">
          <summary>Where the defaults come from</summary>
          <p class="muted">
            {doc.source?.name ?? "Dietary Reference Intakes"}
            {doc.source?.version ? `, ${doc.source.version}` : ""}. RDA: the intake that meets the needs of nearly
            everyone in the group; AI: adequate intake, where there is no RDA; UL: the upper limit; CDRR: sodium's
            chronic-disease risk reduction intake. A UL for supplements only is never a warning about food.
          </p>
        </details>
        <label class="check">
          <input type="checkbox" name="fiber_per_energy" defaultChecked={settings.fiber_per_energy} />
          Fibre follows my energy goal: 14 g per 1,000 kcal
        </label>
        <div class="table-scroll" tabIndex={0} role="group" aria-label="Your nutrient targets, table">
          <table class="targets">
            <caption class="sr">Your nutrient targets a day</caption>
            <thead>
              <tr>
                <th scope="col">Nutrient (default)</th>
                <th scope="col">Minimum</th>
                <th scope="col">Maximum</th>
              </tr>
            </thead>
            <tbody>
              {items.map((t) => (
                <Row key={t.key} item={t} own={settings.nutrients[t.key]} />
              ))}
            </tbody>
          </table>
        </div>
        <ErrorText error={error} />
        <button type="submit" class="primary" disabled={busy}>
          Save targets
        </button>
      </form>
    </section>
  );
}

function Row({ item, own }: { item: TargetItem; own?: { minimum: number | null; maximum: number | null } }) {
  const id = `target-${item.key}`;
  const lo = boundText(item.reference?.minimum, item.unit);
  const hi = boundText(item.reference?.maximum, item.unit);
  const fibre = item.minimum_from === "fiber_per_energy" ? `${item.minimum} ${unitText(item.unit)} from energy` : null;
  return (
    <tr>
      <th scope="row" id={id}>
        {nutrientName(item.key, item.name)} <span class="muted">({unitText(item.unit)})</span>
        <span class="muted target-default">{[fibre ?? lo, hi].filter(Boolean).join(" · ") || "no default"}</span>
      </th>
      <td>
        <NumberInput
          name={`${item.key}.minimum`}
          aria-label="Minimum"
          aria-describedby={id}
          defaultValue={own?.minimum?.toString() ?? ""}
        />
      </td>
      <td>
        <NumberInput
          name={`${item.key}.maximum`}
          aria-label="Maximum"
          aria-describedby={id}
          defaultValue={own?.maximum?.toString() ?? ""}
        />
      </td>
    </tr>
  );
}
