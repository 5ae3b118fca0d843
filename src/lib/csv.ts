/** A CSV cell, safe to open in a spreadsheet (the exports of portability/, the report of targets/). */
/** Text a spreadsheet would run as a formula when a cell starts with it (OWASP "CSV Injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell. Text that starts like a formula (a note "=HYPERLINK(…)", an Open Food Facts product
 * named "+cmd|…") gets a leading apostrophe, which spreadsheets show as text and never evaluate, as
 * OWASP advises; numbers are written as numbers. Then RFC 4180 quoting.
 */
export function csvCell(v: unknown): string {
  if (v === null || v === undefined) return "";
  let s = String(v);
  if (typeof v === "string" && FORMULA_START.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
