/**
 * The report's builders, loaded on the first GET /report or /report/day instead of at start: code no
 * other request needs, which a server that loads it at start pays for in its start (bench:binary).
 * They are queries run by the store (Q generators, db/q.ts), so each module is required, not imported:
 * the generator delegates to the real one at once, and the module is kept once loaded.
 */
import type * as Day from "./day";
import type * as Report from "./report";
import type * as ReportCsv from "./report-csv";

const report = () => require("./report") as typeof Report;
const day = () => require("./day") as typeof Day;

export function* buildReport(...a: Parameters<typeof Report.buildReport>) {
  return yield* report().buildReport(...a);
}
export function* buildDay(...a: Parameters<typeof Day.buildDay>) {
  return yield* day().buildDay(...a);
}
export const reportCsv = (...a: Parameters<typeof ReportCsv.reportCsv>) =>
  (require("./report-csv") as typeof ReportCsv).reportCsv(...a);
