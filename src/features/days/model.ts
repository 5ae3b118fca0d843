/** Day-mark shapes from docs/API.md §Days. The same schema is checked on REST, sync push and import. */
import { t } from "elysia";

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
