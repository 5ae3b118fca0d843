/** How a conflict and a refused change are named to the person (views/status.tsx shows them). */
import type { Mutation } from "../store";

/** A daily value's metric in words, without its unit: "water_ml" is "water", "body_fat_pct" "body fat". */
const metricName = (metric: string) => metric.replace(/_(ml|cm|pct)$/, "").replace("_", " ");

/** The record a conflict is about, in words: "a weigh-in (2025-03-01)", "your goals", a food's name. */
export function label(r: Record<string, unknown> | null): string {
  if (!r) return "a record";
  const food = r.food as { name?: string } | undefined;
  if (typeof r.kg === "number" && !r.food) return `a weigh-in (${r.date ?? ""})`.replace(" ()", "");
  if (typeof r.complete === "boolean") return `the mark of ${String(r.date ?? "a day")}`;
  if ("birth_year" in r) return "your profile";
  if ("fiber_per_energy" in r) return "your nutrient targets";
  if (typeof r.metric === "string") return `${metricName(r.metric)} of ${String(r.date ?? "a day")}`;
  if (typeof r.exercise_in_budget === "boolean" || typeof r.glass_ml === "number") return "your activity settings";
  return String(food?.name ?? r.name ?? "your goals");
}

/** A refused change in words: "A meal", "Deleting the weigh-in of 2025-03-01". */
export function describe(m: Mutation): string {
  const what =
    m.entity === "meal"
      ? "A meal"
      : m.entity === "food" || m.entity === "recipe"
        ? `The ${m.entity} ${String(m.data?.name ?? "")}`.trim()
        : m.entity === "weight"
          ? `The weigh-in of ${String(m.id)}`
          : m.entity === "day"
            ? `Day complete for ${String(m.id)}`
            : m.entity === "saved_meal"
              ? `The saved meal ${String(m.data?.name ?? "")}`.trim()
              : m.entity === "exercise"
                ? `The exercise ${String(m.data?.name ?? "")}`.trim()
                : m.entity === "daily_value"
                  ? `The ${metricName(String(m.id).split(":")[1] ?? "")} of ${String(m.id).split(":")[0]}`
                  : m.entity === "activity_settings"
                    ? "Your activity settings"
                    : m.entity === "target_profile"
                      ? "Your profile"
                      : m.entity === "targets"
                        ? "Your nutrient targets"
                        : "Your goals";
  // only the first letter is lowered: a food's or a saved meal's name keeps its capitals
  return m.op === "delete" ? `Deleting ${what.charAt(0).toLowerCase()}${what.slice(1)}` : what;
}
