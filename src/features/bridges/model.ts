/** The health bridges' shapes (API.md §Health bridges). */
import { t } from "elysia";
import { Enum, Int, Nullable } from "../../lib/schemas";
import { MAX_HEALTH_SKIPS } from "./records";
import { HEALTH_FORMATS } from "./records";

const Tally = (description: string) => t.Object({ added: Int(), unchanged: Int() }, { description });

export const HealthImportSummary = t.Object(
  {
    format: Enum([...HEALTH_FORMATS, "health_auto_export"]),
    first_date: Nullable(t.String({ format: "date" })),
    last_date: Nullable(t.String({ format: "date" })),
    workouts: Tally("workouts as exercises (added counts new or changed ones)"),
    days: Tally("daily values written: steps, active_kcal, water_ml, one per date and metric"),
    weights: Tally("body mass as weigh-ins; a date that has one keeps it (counted unchanged)"),
    body_fat: Tally("body fat as the daily value body_fat_pct"),
    dietary_energy: Tally("with dietary_energy=true: a quick add on each day without meals"),
    read: t.Record(t.String(), Int(), { description: "records read, by kind (and skipped: how many were left out)" }),
    skipped: t.Array(t.Object({ what: t.String(), message: t.String() }), {
      description: `records left out and why (the first ${MAX_HEALTH_SKIPS})`,
    }),
    skipped_count: Int(),
  },
  { title: "HealthImportSummary" },
);
export type HealthImportSummaryT = typeof HealthImportSummary.static;

export const HealthImportQuery = t.Object({
  format: Enum(HEALTH_FORMATS, {
    description: "apple_health: export.zip (or export.xml); google_fit: the Takeout ZIP or Daily activity metrics.csv",
  }),
  dietary_energy: t.Optional(
    t.Boolean({
      default: false,
      description: "Apple Health: also import dietary energy, as a quick add on days without meals in Morsel",
    }),
  ),
});

export const AutoExportQuery = t.Object({
  dietary_energy: t.Optional(
    t.Boolean({ default: false, description: "also take dietary_energy (as for the export)" }),
  ),
});
