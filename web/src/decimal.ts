/** Numbers as people type them: `1.5`, `1,5`, `1/2`, `1 1/2`, `½` (the parser behind every number field). */

const DECIMAL = /^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/;
/** A fraction as people type it: `1/2`, `1 1/2`, `½`, `1½`, `1 ½`. */
const FRACTION = /^(?:(\d+)\s*)?(?:(\d+)\s*\/\s*(\d+)|([½⅓⅔¼¾⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞]))$/;
// biome-ignore format: a table
const GLYPH: Record<string, number> = {
  "½": 1 / 2, "⅓": 1 / 3, "⅔": 2 / 3, "¼": 1 / 4, "¾": 3 / 4, "⅕": 1 / 5, "⅖": 2 / 5, "⅗": 3 / 5, "⅘": 4 / 5,
  "⅙": 1 / 6, "⅚": 5 / 6, "⅛": 1 / 8, "⅜": 3 / 8, "⅝": 5 / 8, "⅞": 7 / 8,
};

/**
 * The number typed (`1.5`, `1,5`, ` 2 `, `1/2`, `1 1/2`, `½`), `null` for an empty field, `NaN` for anything that is
 * not a number (`1/0`, `1½x`).
 */
export function parseDecimal(text: string): number | null {
  const t = text.trim();
  if (t === "") return null;
  const f = FRACTION.exec(t);
  if (f) {
    const whole = f[1] ? Number(f[1]) : 0;
    const part = f[4] ? GLYPH[f[4]]! : Number(f[2]) / Number(f[3]);
    return Number.isFinite(part) ? whole + part : Number.NaN;
  }
  const s = t.replace(/\s/g, "");
  return DECIMAL.test(s) ? Number(s.replace(",", ".")) : Number.NaN;
}

/** The words a form shows for a field that is not a number. */
export const notANumber = (label: string, text: string) =>
  `${label}: “${text.trim()}” is not a number. Type it like 1.5, 1,5 or 1 1/2.`;
