/**
 * POST /foods with `label`: what POST /scanner/label returned, turned into this food's nutrients
 * per 100 g and a "serving" portion, so a photographed label becomes a food in one step. Only
 * `per_100g` and `serving` are read; the rest (lines, fields, warnings) may be sent back as is.
 * Values the client sends in `nutrients` win over the label's, key by key (a corrected reading).
 * Drinks: per 100 ml is stored as per 100 g (1 ml taken as 1 g), as labels themselves do.
 */

import { PORTION_GRAMS_MAX, PORTION_GRAMS_MIN } from "./model";

type Fail = (field: string, message: string) => void;

const MAX_PORTION_NAME = 100;

export function withLabel(raw: Record<string, unknown>, create: boolean, fail: Fail): Record<string, unknown> {
  const label = raw.label;
  if (label === undefined) return raw;
  if (label === null || typeof label !== "object" || Array.isArray(label)) {
    fail("label", "must be the object POST /scanner/label returned");
    return raw;
  }
  const { per_100g: per100, serving } = label as Record<string, unknown>;
  const given = (raw.nutrients ?? {}) as Record<string, unknown>;
  const out: Record<string, unknown> = { ...raw };
  if (per100 === null || per100 === undefined) {
    if (given.energy_kcal === undefined) {
      fail(
        "label.per_100g",
        "is null: the serving size in g or ml was not read, so values per 100 g are unknown; send nutrients (per 100 g) with the label",
      );
    }
  } else if (typeof per100 !== "object" || Array.isArray(per100)) {
    fail("label.per_100g", "must be an object of values per 100 g, or null");
  } else {
    const fromLabel = Object.fromEntries(
      Object.entries(per100 as Record<string, unknown>).filter(([, v]) => v !== null),
    );
    // a corrected kcal takes the label's kJ with it (derived again from the kcal sent)
    if (given.energy_kcal !== undefined && given.energy_kj === undefined) delete fromLabel.energy_kj;
    if (fromLabel.energy_kcal === undefined && given.energy_kcal === undefined) {
      fail(
        "label.per_100g.energy_kcal",
        "was not read from the label (see the reading's fields and warnings); send nutrients.energy_kcal",
      );
    }
    out.nutrients = { ...fromLabel, ...(typeof raw.nutrients === "object" && raw.nutrients ? given : {}) };
  }
  if (create && raw.portions === undefined) {
    const portion = servingPortion(serving);
    if (portion) out.portions = [portion];
  }
  return out;
}

function servingPortion(serving: unknown): { name: string; grams: number } | null {
  if (!serving || typeof serving !== "object") return null;
  const s = serving as Record<string, unknown>;
  const amount = typeof s.grams === "number" ? s.grams : typeof s.millilitres === "number" ? s.millilitres : null;
  if (amount === null || !(amount >= PORTION_GRAMS_MIN) || amount > PORTION_GRAMS_MAX) return null;
  const text = typeof s.text === "string" ? s.text.trim() : "";
  const name = text ? `serving (${text})` : "serving";
  return { name: name.length > MAX_PORTION_NAME ? `${name.slice(0, MAX_PORTION_NAME - 2)}…)` : name, grams: amount };
}
