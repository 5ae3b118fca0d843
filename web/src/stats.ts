/**
 * The server's read-only summaries the web app shows as they come (API.md §Stats, §Report): the report of a
 * range of days, its CSV, and the expenditure estimate. No local copy computes these (they need the
 * catalogue or the whole history); the views keep the last answer for offline.
 */
import { client, ok } from "./api";

/** The report of `from`..`to` (both included): averages against targets and goals, and what is furthest below. */
export const fetchReport = (from: string, to: string) =>
  ok(client.GET("/api/v1/report", { params: { query: { from, to } } }));

/** The same report as a CSV file. */
export const reportCsv = (from: string, to: string): Promise<Blob> =>
  ok(client.GET("/api/v1/report/csv", { params: { query: { from, to } }, parseAs: "blob" }));

/** The expenditure estimate (TDEE) from weigh-ins and intake up to `to`. */
export const fetchExpenditure = (to: string) =>
  ok(client.GET("/api/v1/stats/expenditure", { params: { query: { to } } }));
