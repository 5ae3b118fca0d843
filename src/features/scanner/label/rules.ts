/**
 * The OCR repair rules for nutrition-panel text, each small and tested on its own
 * (test/label-parse.test.ts). They are applied to a copy used for matching; the `lines` a
 * client sees are exactly what was read.
 */

/** Unicode compatibility forms (full-width digits, ligatures), one space between words. */
export function normalise(text: string): string {
  return text
    .normalize("NFKC")
    .replace(/(?<=\d\s?)k(?:[\])|1lI!]|(?![a-zA-Z]))/g, "kJ")
    .replace(/[‐‑‒–—−]/g, "-")
    .replace(/[，]/g, ",")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * Words run into numbers and numbers into words: "Cholesterol20mg" → "Cholesterol 20mg",
 * "8gTotal" → "8g Total", "8g10%" → "8g 10%". A single letter before a digit is left alone: it may be a misread digit
 * ("l2g" is "12g", see fixAmounts).
 */
/**
 * For matching only: accents and umlauts dropped ("gesättigte" → "gesattigte", "Eiweiß" →
 * "Eiweiss"), since the recogniser often drops them too.
 */
export function plain(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/ß/g, "ss");
}

export function splitRunTogether(text: string): string {
  return text.replace(/([a-z)]{2})(?=<|\d)/gi, "$1 ").replace(/(\d(?:mg|mcg|µg|kcal|kj|g|%))(?=[a-z]{2}|\d)/gi, "$1 ");
}

/**
 * Letters the recogniser reads for digits, fixed only inside an amount (a run of digit-like
 * characters directly before a unit, or standing alone after a label): O o Q D → 0, l I | i → 1,
 * S → 5 only between digits, B → 8 only between digits. "Og" → "0g", "2O0mg" → "200mg",
 * "l2g" → "12g". Words are left alone: "Omega", "Iron" and "Sodium" keep their letters.
 * Also a decimal comma → point ("1,5 g"), but not a thousands comma ("2,000"), and units misread
 * after a digit: "rng", "mq" → "mg", "q" → "g".
 */
export function fixAmounts(text: string): { text: string; fixed: boolean } {
  let fixed = false;
  // units misread right after a digit: "160rng", "160mq" → "160mg"; "8q" → "8g"
  text = text
    .replace(/(?<=\d\s?)(rng|mq|rnq|rn9)(?![a-z])/g, () => ((fixed = true), "mg"))
    .replace(/(?<=\d)q(?![a-z])/g, () => ((fixed = true), "g"));
  const out = text.replace(
    /(^|[\s(<:/])([0-9OoQDlI|i.,SB]{1,7})(\s?)(mg|mcg|µg|g|kcal|kj|kJ|ml|mL|%)(?=$|[\s)/*,;])/g,
    (m, pre: string, num: string, sp: string, unit: string) => {
      if (!/\d/.test(num) && !/^[OoQD]$/.test(num)) return m; // "Ig" or "SB g" is no amount; a lone O is zero
      const repaired = num
        .replace(/[OoQD]/g, "0")
        .replace(/[lI|i]/g, "1")
        .replace(/(?<=\d)S(?=\d)/g, "5")
        .replace(/(?<=\d)B(?=\d)/g, "8")
        .replace(/^(\d+),(\d{1,2})$/, "$1.$2");
      if (/[^\d.,]/.test(repaired)) return m;
      if (repaired !== num) fixed = true;
      return `${pre}${repaired}${sp}${unit}`;
    },
  );
  return { text: out, fixed };
}

export interface Amount {
  value: number;
  unit: string | null;
  /** "less than 1g", "<1g": the value is an upper bound. */
  lessThan: boolean;
  /** Where it ends in the text (to read what follows). */
  end: number;
}

const AMOUNT =
  /(less than|fewer than|under|<)?\s*(\d{1,5}(?:,\d{3})*(?:\.\d+)?)\s?(mg|mcg|µg|g|kcal|kj|cal|ml|%)?(?![a-z0-9])/gi;

/** Every amount in order ("8g 10%" → 8 g, 10 %); units lower-case. */
export function amounts(text: string): Amount[] {
  const out: Amount[] = [];
  for (const m of text.matchAll(AMOUNT)) {
    const value = Number(m[2]!.replace(/,/g, ""));
    if (!Number.isFinite(value)) continue;
    out.push({ value, unit: m[3]?.toLowerCase() ?? null, lessThan: !!m[1], end: m.index! + m[0].length });
  }
  return out;
}
