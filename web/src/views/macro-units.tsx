/**
 * Macro goals in grams or in % of energy (API.md §Goals): the choice, the conversion (grams = % × kcal ÷ 4, 9, 4,
 * exactly, the server's gramsOfPercent), net carbs, and whether protein, fat and carbs add up to the energy goal
 * (the server's balanceOf, so the warning says what GET /goals will say), shown as the person types.
 */
import { balanceOf, GRAMS_OF, gramsOfPercent, PCT_KEYS, type PctKey } from "../../../src/features/goals/plans";
import type { MacroForm } from "../goals";
import { parseDecimal } from "../number-input";
import type { Goals } from "../store";

export const MACRO_KEYS = ["protein_g", "fat_g", "carbohydrate_g"] as const;
type MacroKey = (typeof MACRO_KEYS)[number];
const PCT_OF: Record<MacroKey, PctKey> = {
  protein_g: "protein_pct",
  fat_g: "fat_pct",
  carbohydrate_g: "carbohydrate_pct",
};

export const givenInPercent = (r: MacroForm | null | undefined) =>
  !!r && PCT_KEYS.some((k) => r[k] !== null && r[k] !== undefined);

/** What a macro field shows: its grams, or its % when the goals are given in %. */
export function shownValue(r: (Goals & MacroForm) | null, key: keyof Goals, inPct: boolean): string {
  if (!r) return "";
  const v = inPct && key !== "energy_kcal" ? r[PCT_OF[key as MacroKey]] : r[key];
  return v === null || v === undefined ? "" : String(Math.round(v * 100) / 100);
}

/** The form's goals in grams, and the % given (null where in grams); `null` grams where a % has no energy goal. */
export function readMacros(
  form: FormData,
  inPct: boolean,
): { goals: Goals; macros: MacroForm; missingEnergy: boolean } {
  const num = (k: string) => parseDecimal(String(form.get(k) ?? ""));
  const kcal = num("energy_kcal");
  const goals = { energy_kcal: kcal } as Goals;
  const macros: MacroForm = { net_carbs: form.get("net_carbs") === "on" };
  let missingEnergy = false;
  for (const key of MACRO_KEYS) {
    const v = num(key);
    const pct = PCT_OF[key];
    if (!inPct || v === null || Number.isNaN(v)) {
      goals[key] = v;
      macros[pct] = null;
      continue;
    }
    macros[pct] = v;
    if (kcal === null || Number.isNaN(kcal)) missingEnergy = true;
    goals[key] = kcal === null || Number.isNaN(kcal) ? null : gramsOfPercent(v, kcal, GRAMS_OF[pct].kcalPerGram);
  }
  return { goals, macros, missingEnergy };
}

/** The typed macros moved to the other unit (g ↔ % of the typed energy goal), so switching keeps what they mean. */
export function convertFields(form: HTMLFormElement, toPct: boolean): void {
  const kcal = parseDecimal((form.elements.namedItem("energy_kcal") as HTMLInputElement | null)?.value ?? "");
  if (kcal === null || Number.isNaN(kcal) || kcal <= 0) return;
  for (const key of MACRO_KEYS) {
    const input = form.elements.namedItem(key) as HTMLInputElement | null;
    const v = parseDecimal(input?.value ?? "");
    if (!input || v === null || Number.isNaN(v)) continue;
    const per = GRAMS_OF[PCT_OF[key]].kcalPerGram;
    const next = toPct ? (100 * v * per) / kcal : gramsOfPercent(v, kcal, per);
    input.value = String(Math.round(next * 10) / 10);
  }
}

/** The check that energy and macros agree, said as the person types (a status, read out when it changes). */
export function BalanceNote({ goals, missingEnergy }: { goals: Goals; missingEnergy: boolean }) {
  const b = balanceOf(goals);
  const text = missingEnergy
    ? "Macros in % need an energy goal: set one above."
    : !b
      ? ""
      : (b.warning ??
        (MACRO_KEYS.every((k) => goals[k] !== null)
          ? `Protein, fat and carbs add up to ${Math.round(b.macro_kcal)} kcal: they match the energy goal.`
          : ""));
  return (
    <p class={b?.warning || missingEnergy ? "balance warn" : "balance muted"} role="status">
      {text}
    </p>
  );
}

/** Beside a macro in % of energy: the grams it is (% × kcal ÷ 4, 9, 4, to 0.01), as GET /goals will have them. */
export function GramsOfPercent({ id, grams }: { id: string; grams: number | null }) {
  return (
    <p class="muted macro-grams" id={id}>
      {grams === null || Number.isNaN(grams) ? "grams: needs an energy goal" : `= ${Math.round(grams * 100) / 100} g`}
    </p>
  );
}
