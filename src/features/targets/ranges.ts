/**
 * Ranges that can be met (API.md §Nutrient targets): pure, so the server's validator (validate.ts) and
 * Settings → Targets in the web app refuse the same settings with the same words.
 */
import type { TargetSettingsT, TargetT } from "./model";

const KIND: Record<string, string> = {
  RDA: "RDA",
  AI: "AI",
  UL: "UL",
  CDRR: "CDRR",
  fiber_per_energy: "14 g per 1,000 kcal",
};

/**
 * A range that can be met, on every path: an own minimum not above the maximum that applies (own, or the DRI
 * upper limit of the profile's group when it counts food), an own maximum not below the minimum that applies
 * (own, the DRI's, or fibre per energy). `items` are targetsFor(profile, settings, …) of the settings checked.
 */
export function rangeProblems(
  settings: TargetSettingsT,
  items: TargetT[],
  prefix = "",
): { field: string; message: string }[] {
  const p: { field: string; message: string }[] = [];
  for (const [key, own] of Object.entries(settings.nutrients)) {
    const t = items.find((i) => i.key === key);
    if (!t) continue;
    const unit = t.unit === "ug" ? "µg" : t.unit;
    const field = `${prefix}nutrients.${key}`;
    const countsFood = (t.maximum_applies_to ?? "total") === "total";
    if (own.minimum !== null && t.maximum !== null && countsFood && own.minimum > t.maximum)
      p.push({
        field: `${field}.minimum`,
        message:
          own.maximum !== null
            ? `${key}.minimum ${own.minimum} is above its maximum ${own.maximum} ${unit}; lower the minimum or raise the maximum`
            : `${key}.minimum ${own.minimum} is above its upper limit ${t.maximum} ${unit} (${KIND[t.maximum_from ?? ""] ?? "default"}); lower it or set a maximum`,
      });
    else if (own.maximum !== null && own.minimum === null && t.minimum !== null && own.maximum < t.minimum)
      p.push({
        field: `${field}.maximum`,
        message: `${key}.maximum ${own.maximum} is below its minimum ${t.minimum} ${unit} (${KIND[t.minimum_from ?? ""] ?? "default"}); raise it or set a minimum`,
      });
  }
  return p;
}
