/** Day-mark shapes from docs/API.md §Days. The same schema is checked on REST, sync push and import. */
import { t } from "elysia";
import { Text } from "../../schema/schemas";

export const DayBody = t.Object(
  {
    complete: t.Boolean({
      description: "true: the day's log is complete (every meal logged); false: it is not",
      errorMessage: "must be true or false",
    }),
  },
  { title: "DayBody" },
);

export const DayMark = t.Object(
  {
    date: t.String({ format: "date" }),
    complete: t.Boolean(),
    created_at: t.String({ format: "date-time" }),
    updated_at: t.String({ format: "date-time" }),
  },
  { title: "DayMark" },
);

export const ExportedDay = t.Object(
  { date: t.String({ format: "date" }), complete: t.Boolean() },
  { title: "ExportedDay" },
);
export type ExportedDayT = typeof ExportedDay.static;

export const DateParams = t.Object({ date: Text({ description: "YYYY-MM-DD, a local date in the user's time zone" }) });

/** GET /days: the days marked over a range, oldest first. */
export const DayMarkList = t.Object({
  from: t.String({ format: "date" }),
  to: t.String({ format: "date" }),
  items: t.Array(DayMark),
});
