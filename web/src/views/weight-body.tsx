/**
 * The Weight view's body measurements (body fat %, waist, hips, neck: daily values, in the length unit set in
 * Settings) and the target weight with its ETA, from the trend as the server computes it (weights/target.ts).
 */
import { numberUnit, stonesOf, type WeightUnit } from "../weight-units";
import { kgOfTyped } from "./weight-entry";
import { round } from "../round";
import { useState } from "preact/hooks";
import { targetEta } from "../../../src/features/weights/target";
import { toUnit } from "../../../src/features/weights/trend";
import { useSubmit } from "../action";
import { CM_PER_IN, putSettings, setValue, settingsOf } from "../activity";
import { NumberInput, parseDecimal } from "../number-input";
import { ErrorText, shortDay, useApp, useData } from "../ui";

const FIELDS = [
  ["body_fat_pct", "Body fat (%)", 2, 75],
  ["waist_cm", "Waist", 20, 300],
  ["hips_cm", "Hips", 20, 300],
  ["neck_cm", "Neck", 10, 100],
] as const;

export function BodyRegion({ today }: { today: string }) {
  const app = useApp();
  const weightUnit = app.user.weight_unit ?? "kg";
  const data = useData(async () => {
    const settings = await settingsOf(app.db);
    const weighings = (await app.db.getAll("weights")).sort((a, b) => a.date.localeCompare(b.date));
    const latest: Record<string, number> = {};
    const todays: Record<string, number> = {};
    for (const r of (await app.db.getAll("activity")).sort((a, b) => a.date.localeCompare(b.date)))
      if (r.entity === "daily_value") {
        latest[r.id.split(":")[1]!] = Number(r.data.value);
        if (r.date === today) todays[r.id.split(":")[1]!] = Number(r.data.value);
      }
    return { settings, weighings, latest, todays };
  }, []);
  const [error, setError] = useState<string | null>(null);
  const inches = data?.settings.length_unit === "in";
  const len = inches ? "in" : "cm";

  const [saveBody, busy] = useSubmit(async (form) => {
    const f = new FormData(form);
    const writes: [string, number][] = [];
    for (const [metric, label, min, max] of FIELDS) {
      const v = parseDecimal(String(f.get(metric) ?? ""));
      if (v === null) continue;
      const stored = metric === "body_fat_pct" || !inches ? v : v * CM_PER_IN;
      if (Number.isNaN(v) || stored < min || stored > max)
        return setError(`${label}: a number from ${min} to ${max}${metric === "body_fat_pct" ? " %" : " cm"}.`);
      writes.push([metric, Math.round(stored * 100) / 100]);
    }
    if (!writes.length) return setError("Type at least one measurement.");
    setError(null);
    for (const [metric, v] of writes) await setValue(app.sync, today, metric, v);
    form.reset();
    app.toast({ text: "Measurements saved for today." });
  });

  const [saveTarget, savingTarget] = useSubmit(async (form) => {
    const f = new FormData(form);
    // stones and pounds: two boxes (the weigh-in's own reading, weight-entry.tsx); else one in kg or lb
    const typed = { main: String(f.get("target") ?? ""), pounds: String(f.get("target_pounds") ?? "") };
    if (weightUnit !== "st" && Number.isNaN(parseDecimal(typed.main)))
      return setError("Target weight: a number, like 72.5.");
    const read = (typed.main + typed.pounds).trim() === "" ? null : kgOfTyped(typed, weightUnit);
    if (read && "error" in read) return setError(`Target weight: ${read.error}`);
    setError(null);
    await putSettings(app.sync, { target_kg: read ? read.kg : null });
  });

  if (!data) return null;
  const target = data.settings.target_kg;
  const eta = target === null ? null : targetEta(data.weighings, target);
  const shown = (metric: string) => {
    const v = data.latest[metric];
    if (v === undefined) return "";
    return metric === "body_fat_pct" || !inches ? `last ${v}` : `last ${round(v / CM_PER_IN, 1)}`;
  };
  return (
    <>
      <form onSubmit={saveBody} noValidate aria-labelledby="body-title">
        <h2 id="body-title">Body measurements</h2>
        <div class="row quick">
          {FIELDS.map(([metric, label]) => (
            <label key={metric}>
              {metric === "body_fat_pct" ? label : `${label}`}
              <NumberInput name={metric} placeholder={shown(metric)} aria-describedby="body-unit" />
            </label>
          ))}
        </div>
        <p id="body-unit" class="muted">
          Today's. Waist, hips and neck in {len} (Settings → Length unit).
        </p>
        {/* what is saved for today, said plainly (a grey "last 24.5" hint in an empty field read as nothing saved) */}
        {FIELDS.some(([m]) => data.todays[m] !== undefined) && (
          <p class="saved-today">
            Saved today:{" "}
            {FIELDS.filter(([m]) => data.todays[m] !== undefined)
              .map(([m, label]) =>
                m === "body_fat_pct"
                  ? `${label.replace(" (%)", "")} ${round(data.todays[m]!, 1)} %`
                  : `${label} ${inches ? round(data.todays[m]! / CM_PER_IN, 1) : round(data.todays[m]!, 1)} ${len}`,
              )
              .join(", ")}
            .
          </p>
        )}
        <button type="submit" disabled={busy}>
          Save measurements
        </button>
      </form>
      <form onSubmit={saveTarget} noValidate aria-labelledby="target-title">
        <h2 id="target-title">Target</h2>
        <TargetFields target={target} unit={weightUnit} />
        <p id="target-eta" class="muted" aria-live="polite">
          {etaText(eta, weightUnit, today)}
        </p>
        <button type="submit" disabled={savingTarget}>
          Save target
        </button>
      </form>
      <ErrorText error={error} />
    </>
  );
}

/** The target weight's boxes: `Target weight` in kg or lb; a group `Target weight` of `Stones` and `Pounds`. */
function TargetFields({ target, unit }: { target: number | null; unit: WeightUnit }) {
  if (unit === "st") {
    const sl = target === null ? null : stonesOf(target);
    return (
      <fieldset class="row when" aria-describedby="target-eta">
        <legend>Target weight</legend>
        <label>
          Stones
          <NumberInput name="target" key={`st${target}`} defaultValue={sl ? String(sl.st) : ""} />
        </label>
        <label>
          Pounds
          <NumberInput name="target_pounds" key={`lb${target}`} defaultValue={sl ? String(sl.lb) : ""} />
        </label>
      </fieldset>
    );
  }
  return (
    <div class="row">
      <label>
        Target weight
        <NumberInput
          name="target"
          key={String(target)}
          defaultValue={target === null ? "" : String(toUnit(target, unit))}
          aria-describedby="target-eta"
        />
      </label>
      <span class="unit">{unit}</span>
    </div>
  );
}

/** "Sat 28 Nov", with the year when it is not this year's: "Sat 6 Mar 2027". */
const dateWithYear = (date: string, today: string) =>
  date.slice(0, 4) === today.slice(0, 4) ? shortDay(date) : `${shortDay(date)} ${date.slice(0, 4)}`;

export function etaText(eta: ReturnType<typeof targetEta> | null, weightUnit: WeightUnit, today: string): string {
  if (!eta) return "No target set.";
  const r = eta.rate_kg_per_week;
  const unit = numberUnit(weightUnit); // a rate is said in lb in stones and pounds too ("1.5 lb a week")
  const rate =
    r === null || r === 0
      ? ""
      : ` Your trend ${r < 0 ? "loses" : "gains"} ${toUnit(Math.abs(r), unit)} ${unit} a week.`;
  switch (eta.status) {
    case "on_track":
      return `At the trend's pace you reach it around ${dateWithYear(eta.date!, today)} (${eta.days} days).${rate}`;
    case "reached":
      return "Reached: your trend is at the target.";
    case "moving_away":
      return `The trend is moving away from the target.${rate}`;
    case "flat":
      return `The trend is flat, so there is no date yet.${rate}`;
    default:
      return "A week of weigh-ins gives an ETA.";
  }
}
