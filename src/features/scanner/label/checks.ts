/**
 * After the panel is parsed: what follows from what was read (kJ ↔ kcal, per serving ↔ per 100 g)
 * and the consistency checks that leave a value out rather than let a misread one through.
 */
import { mapValues, round, type LabelKey, type LabelNutrients, type LabelReading, type Warning } from "./keys";

/** Stated energy and Atwater energy (9 fat + 4 carbohydrate + 4 protein) further apart than this are flagged. */
export const ENERGY_TOLERANCE = 0.2;
export const KJ_PER_KCAL = 4.184;
/** [part, whole]: a label's part can never be more than its whole. */
const PARTS: [LabelKey, LabelKey][] = [
  ["saturated_fat_g", "fat_g"],
  ["trans_fat_g", "fat_g"],
  ["added_sugars_g", "sugars_g"],
  ["sugars_g", "carbohydrate_g"],
  ["fiber_g", "carbohydrate_g"],
];
/** Fills in what follows from what was read (kJ ↔ kcal, per serving ↔ per 100), then checks energy. */
export function finish(r: {
  format: LabelReading["format"];
  serving: LabelReading["serving"];
  servings: number | null;
  fields: LabelReading["fields"];
  perServing: LabelNutrients;
  per100: LabelNutrients | null;
}): LabelReading {
  const warnings: Warning[] = [];
  const size = r.serving.grams ?? r.serving.millilitres;
  for (const n of [r.perServing, r.per100]) {
    if (!n) continue;
    // a part larger than its whole ("of which saturates 43g" under "Fat 8.5g": a lost decimal
    // point) means one of the two is misread, and we cannot tell which: both are left out
    for (const [part, whole] of PARTS) {
      if (whole === "carbohydrate_g" && part === "fiber_g" && r.format !== "us") continue; // EU carbohydrate excludes fibre
      const p = n[part],
        w = n[whole];
      if (p === null || w === null || p <= w + 0.5) continue;
      warnings.push({
        code: "implausible",
        message: `${part} (${p}) is more than ${whole} (${w}): both left out, check the numbers`,
      });
      n[part] = n[whole] = null;
      distrust(r.fields, [part], `does not fit ${whole}`);
      distrust(r.fields, [whole], `does not fit ${part}`);
    }
    // kJ and kcal both read must agree (each rounded on its own): "1418 kJ / 33 kcal" lost a digit
    if (
      n.energy_kcal !== null &&
      n.energy_kj !== null &&
      Math.abs(n.energy_kj - n.energy_kcal * KJ_PER_KCAL) > Math.max(0.05 * n.energy_kj, 5)
    ) {
      warnings.push({
        code: "energy_mismatch",
        message: `the label's ${n.energy_kj} kJ and ${n.energy_kcal} kcal do not agree: energy left out, check the numbers`,
      });
      n.energy_kcal = n.energy_kj = null;
      distrust(r.fields, ENERGY, "kJ and kcal do not agree");
      continue;
    }
    if (n.energy_kcal === null && n.energy_kj !== null) n.energy_kcal = Math.round(n.energy_kj / KJ_PER_KCAL);
    if (n.energy_kj === null && n.energy_kcal !== null) n.energy_kj = Math.round(n.energy_kcal * KJ_PER_KCAL);
  }
  let per100 = r.per100;
  if (!per100 && size) per100 = mapValues(r.perServing, (v) => (v === null ? null : round((v * 100) / size)));
  if (per100 && size && Object.values(r.perServing).every((v) => v === null)) {
    Object.assign(
      r.perServing,
      mapValues(per100, (v) => (v === null ? null : round((v * size) / 100))),
    );
  }
  // Atwater: stated energy against 9 fat + 4 carbohydrate + 4 protein, on whichever column was read.
  // Fibre is counted three ways, as labels do: in the carbohydrate at 4 (US general factors), left
  // out (US makers may subtract insoluble fibre: high-fibre bars), or at 2 beside it (EU).
  const basis = r.format === "us" || !per100 ? r.perServing : per100;
  const { energy_kcal: kcal, fat_g: fat, carbohydrate_g: carb, protein_g: protein, fiber_g: fibre } = basis;
  if (kcal !== null && fat !== null && carb !== null && protein !== null) {
    const base = 9 * fat + 4 * carb + 4 * protein;
    const ways = fibre === null ? [base] : [base, base - 4 * Math.min(fibre, carb), base + 2 * fibre];
    const atwater = ways.reduce((best, x) => (Math.abs(kcal - x) < Math.abs(kcal - best) ? x : best));
    const apart = Math.abs(kcal - atwater);
    if (apart > Math.max(ENERGY_TOLERANCE * Math.max(kcal, atwater), 10)) {
      warnings.push({
        code: "energy_mismatch",
        message: `the label says ${kcal} kcal but its fat, carbohydrate and protein give ${Math.round(atwater)} kcal (4/4/9): energy left out, check the numbers`,
      });
      for (const n of [r.perServing, per100]) if (n) n.energy_kcal = n.energy_kj = null;
      distrust(r.fields, ENERGY, "does not agree with the macronutrients");
    }
  }
  if (per100 && per100.energy_kcal !== null && per100.energy_kcal > 900) {
    warnings.push({
      code: "implausible",
      message: `${per100.energy_kcal} kcal per 100 g is more than pure fat: energy left out`,
    });
    per100.energy_kcal = per100.energy_kj = r.perServing.energy_kcal = r.perServing.energy_kj = null;
  }
  return {
    format: r.format,
    serving: r.serving,
    servings_per_container: r.servings,
    per_serving: r.perServing,
    per_100g: per100,
    fields: r.fields,
    warnings,
  };
}

const ENERGY: LabelKey[] = ["energy_kcal", "energy_kj"];

/** Values read but not used: their fields say why, with a low confidence. */
function distrust(fields: LabelReading["fields"], keys: LabelKey[], why: string): void {
  for (const k of keys) {
    const f = fields[k];
    if (f && !f.note?.includes(why))
      fields[k] = { ...f, confidence: Math.min(f.confidence, 0.3), note: [f.note, why].filter(Boolean).join("; ") };
  }
}
