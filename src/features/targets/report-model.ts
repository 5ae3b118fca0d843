/** GET /report shapes (API.md §Nutrient targets). */
import { t } from "elysia";
import { Enum, Int, Nullable } from "../../schema/schemas";
import { rangeFields } from "../../schema/date-range";

export const ReportQuery = t.Object({
  ...rangeFields(7),
  period: t.Optional(
    Enum(["week", "month"], {
      description: "without `from`: the 7 (week) or 30 (month) days ending on `to`; default week",
    }),
  ),
});
export type ReportQueryT = typeof ReportQuery.static;

const FromFoods = t.Object(
  {
    known: Int({ description: "entries on the counted days that carry a value for it" }),
    of: Int({ description: "entries on the counted days" }),
  },
  { description: 'completeness: "from 9 of 11 foods"' },
);

export const ReportItem = t.Object(
  {
    key: t.String(),
    name: t.String(),
    unit: t.String(),
    average: Nullable(t.Number({ description: "sum over the counted days ÷ their number; null: no value known" })),
    minimum: Nullable(t.Number()),
    maximum: Nullable(t.Number()),
    maximum_applies_to: Nullable(Enum(["total", "supplements", "preformed"])),
    percent_of_minimum: Nullable(t.Number()),
    status: Enum(["below", "within", "above", "no_data"], {
      description: "above is said only of a maximum that counts all intake (maximum_applies_to total)",
    }),
    from_foods: FromFoods,
  },
  { title: "ReportItem" },
);

const Water = t.Object(
  {
    food_g: t.Number({ description: "water in the food eaten" }),
    drinks_g: t.Number({ description: "water drunk, logged as the daily value water_ml (1 ml = 1 g)" }),
  },
  { description: "the two parts of the water item's total (the water target is for total water)" },
);

const Suggestion = t.Object({
  food_id: Int(),
  name: t.String(),
  per_100kcal: t.Number(),
  per_100g: t.Number(),
  from: Enum(["yours", "catalogue"], { description: "a food you ate, or a common catalogue food" }),
});

export const Report = t.Object(
  {
    from: t.String({ format: "date" }),
    to: t.String({ format: "date" }),
    today: t.String({ format: "date" }),
    days_counted: Int(),
    days_left_out: t.Object({
      today_not_over: Int(),
      marked_incomplete: Int(),
      not_marked_complete: Int(),
    }),
    days: t.Array(
      t.Object({
        date: t.String({ format: "date" }),
        meal_count: Int(),
        energy_kcal: Nullable(t.Number()),
        marked: Nullable(t.Boolean({ description: "the day's mark (PUT /days/{date}); null: not marked" })),
        counted: t.Boolean(),
        left_out: Nullable(
          Enum(["today_not_over", "marked_incomplete", "not_marked_complete", "nothing_logged", "future"]),
        ),
      }),
    ),
    from_foods: Int({ description: "entries on the counted days" }),
    goals: t.Array(
      t.Object({
        key: Enum(["energy_kcal", "protein_g", "fat_g", "carbohydrate_g"]),
        average: Nullable(t.Number()),
        goal: Nullable(t.Number({ description: "the mean of the counted days' own goals; null: none set" })),
        difference: Nullable(t.Number({ description: "average − goal" })),
        net_carbs: t.Boolean({
          description: "carbohydrate with the goal's net carbs: the average is carbohydrate − fibre",
        }),
      }),
    ),
    items: t.Array(ReportItem),
    water: Nullable(Water),
    furthest_below: t.Array(
      t.Object({
        key: t.String(),
        name: t.String(),
        unit: t.String(),
        average: t.Number(),
        minimum: t.Number(),
        percent_of_minimum: t.Number(),
        richest: t.Array(Suggestion, {
          description:
            "richest per 100 kcal first: up to 3 foods you ate (in the range or the 90 days before its end, from: yours) and up to 3 common catalogue foods",
        }),
      }),
      { description: "the (up to) three nutrients furthest below their minimum, lowest % first" },
    ),
  },
  { title: "Report" },
);
export type ReportT = typeof Report.static;

export const DayReport = t.Object(
  {
    date: t.String({ format: "date" }),
    meal_count: Int(),
    items: t.Array(
      t.Object({
        key: t.String(),
        name: t.String(),
        unit: t.String(),
        total: Nullable(t.Number({ description: "the day's sum; null: logged, but no entry carries a value" })),
        from_foods: FromFoods,
        minimum: Nullable(t.Number()),
        maximum: Nullable(t.Number()),
        maximum_applies_to: Nullable(Enum(["total", "supplements", "preformed"])),
        percent_of_minimum: Nullable(t.Number({ description: "total ÷ minimum × 100, to 0.1" })),
        status: Nullable(Enum(["below", "within", "above", "no_data"], { description: "null: no target" })),
      }),
      { description: "every catalogue nutrient but energy in kJ, in the catalogue's order" },
    ),
    water: Water,
  },
  { title: "DayReport" },
);
export type DayReportT = typeof DayReport.static;
