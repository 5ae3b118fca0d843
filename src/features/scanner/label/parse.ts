/**
 * From OCR lines to a nutrition panel: US Nutrition Facts (the 2016+ and the older format), EU/UK
 * "Nutrition information" tables (per 100 g / 100 ml, kJ and kcal, salt) and Australian/NZ panels
 * (per serving and per 100 g, kJ). Every value names the line it came from and how sure we are;
 * nothing is guessed: a value we are unsure of stays null. See docs/API.md §Scanner, label.
 */
import { amounts, fixAmounts, normalise, plain, splitRunTogether, type Amount } from "./rules";
import { finish, KJ_PER_KCAL } from "./checks";
import {
  blank,
  MIN_CONFIDENCE,
  round,
  type FieldRead,
  type LabelKey,
  type LabelNutrients,
  type LabelReading,
} from "./keys";

export { LABEL_KEYS, MIN_CONFIDENCE, type LabelReading } from "./keys";

const SODIUM_MG_PER_SALT_G = 400;

type Unit = "g" | "mg" | "kcal";
interface Rule {
  key: LabelKey | "salt";
  label: RegExp;
  unit: Unit;
}
/** Most specific first: where two labels start at one place in a line, the earlier rule claims it (see nutrientsIn). */
const RULES: Rule[] = [
  { key: "added_sugars_g", label: /^(includes?\s*)?(.*?\s?)?added\s*sugars?/, unit: "g" },
  {
    key: "saturated_fat_g",
    label: /^(saturated(\s*fat)?|sat\.?\s*fat|saturates|gesattigte\s*fettsauren|acides\s*gras\s*satures)/,
    unit: "g",
  },
  { key: "trans_fat_g", label: /^trans(\s*fat)?\b/, unit: "g" },
  {
    key: "fat_g",
    label: /^(total\s*fat|fat,?\s*total|fat|fats|lipids?|fett|matieres\s*grasses|lipides)(?![a-z])/,
    unit: "g",
  },
  { key: "cholesterol_mg", label: /^cholesterol/, unit: "mg" },
  { key: "sodium_mg", label: /^sodium/, unit: "mg" },
  { key: "salt", label: /^(salt|salz|sel)\b/, unit: "g" },
  {
    key: "carbohydrate_g",
    label:
      /^(total\s*carbohydrates?|total\s*carb\.?s?|carbohydrates?,?(\s*total)?|carbs|kohlenhydrate|glucides)(?![a-z])/,
    unit: "g",
  },
  { key: "fiber_g", label: /^(dietary\s*fib(er|re)|fib(er|re)s?(\s*alimentaires)?|ballaststoffe)/, unit: "g" },
  { key: "sugars_g", label: /^(total\s*sugars?|sugars?|zucker|sucres)(?![a-z])/, unit: "g" },
  { key: "protein_g", label: /^(proteins?|eiwei(ss|s|b)|proteines)(?![a-z])/, unit: "g" },
];
/** A line about energy: its own parsing (kJ and kcal, several columns). */
const ENERGY_LINE = /^(calories|energy|energie|brennwert)/;
/** "- saturated", "of which sugars" (also run together: "ofwhichsugars"), "davon", "dont". */
const LEADER = /^([-–•·*+~]\s*|(of\s*which|davon|dont)\s*|incl\.?\s*)/;
/** Footnotes below the panel repeat nutrient words with other numbers ("Total Fat Less than 65g"). */
const FOOTNOTE =
  /(daily values? (are|is) based|percent daily|calories a day|calories per gram|2,?000 calorie|your daily value|reference intake of an average|\bri\s*=)/;

export function parseLabel(raw: { text: string; confidence: number }[]): LabelReading {
  const lines = raw.map((l) => {
    const fixed = fixAmounts(splitRunTogether(plain(normalise(l.text))));
    return { raw: l.text, text: fixed.text.toLowerCase(), confidence: l.confidence * (fixed.fixed ? 0.95 : 1) };
  });
  const end = lines.findIndex((l) => FOOTNOTE.test(l.text));
  const panel = end < 0 ? lines : lines.slice(0, end);
  let columns = columnsOf(panel.map((l) => l.text));
  const format = detectFormat(
    lines.map((l) => l.text),
    columns.per100 !== null,
  );
  const assumed = format === "eu" && columns.per100 === null;
  // EU labels must give values per 100 g and put them first; a heading not read does not change that
  if (assumed) columns = { ...columns, per100: 0, serving: null };
  const serving = servingOf(
    lines.map((l) => ({ raw: normalise(l.raw), text: l.text })),
    columns.servingGrams,
  );
  const servings = servingsPerContainer(lines.map((l) => l.text));

  const fields: Partial<Record<LabelKey, FieldRead>> = {};
  const perServing = blank();
  const per100 = blank();
  // a US panel's single column is per serving; an EU/AU table names its per-100 column
  const col100 = columns.per100;
  const colServing = columns.per100 === null ? 0 : columns.serving;
  for (const l of panel) {
    const body = l.text.replace(LEADER, "");
    if (ENERGY_LINE.test(body)) {
      energy(body, l, col100, colServing, fields, perServing, per100);
      continue;
    }
    for (const { rule, words, after } of nutrientsIn(body)) {
      const key: LabelKey = rule.key === "salt" ? "sodium_mg" : rule.key;
      // the first line with an amount wins: the panel comes before anything repeating it
      if (fields[key] && fields[key]!.confidence > 0) continue;
      // "Includes 10g Added Sugars": the amount comes before the words
      const found = amounts(rule.key === "added_sugars_g" && /\d/.test(words) ? words + after : after).filter(
        (a) => a.unit !== "%",
      );
      const values = found.map((a) => toUnit(a, rule.key === "salt" ? "g" : rule.unit));
      const pick = (col: number | null) => (col === null ? undefined : values[col]);
      const first = pick(col100 ?? colServing);
      if (!first) {
        fields[key] = { line: l.raw, value: null, confidence: 0, note: "no amount with a unit was read on this line" };
        continue;
      }
      const scale = rule.key === "salt" ? SODIUM_MG_PER_SALT_G : 1;
      const conf = l.confidence * (first.unitRead ? 1 : 0.5) * (assumed ? 0.8 : 1);
      const note = [
        rule.key === "salt" ? `salt ${first.value} g → sodium ×${SODIUM_MG_PER_SALT_G}` : null,
        columns.per100 === null && values.length > 1 ? `first of ${values.length} columns` : null,
        first.unitRead ? null : "no unit was read: not trusted",
      ]
        .filter(Boolean)
        .join("; ");
      fields[key] = {
        line: l.raw,
        value: first.lessThan ? null : round(first.value * scale),
        confidence: round(conf),
        ...(first.lessThan ? { less_than: round(first.value * scale) } : {}),
        ...(note ? { note } : {}),
      };
      if (first.lessThan || conf < MIN_CONFIDENCE) continue;
      const s = pick(colServing);
      if (col100 !== null) per100[key] = round(first.value * scale);
      if (s && !s.lessThan && (col100 === null || colServing !== null)) perServing[key] = round(s.value * scale);
    }
  }
  const reading = finish({ format, serving, servings, fields, perServing, per100: col100 !== null ? per100 : null });
  if (assumed)
    reading.warnings.push({
      code: "column_assumed",
      message: "the column headings were not read: the first column is taken as per 100 g, as EU labels must give it",
    });
  return reading;
}

/** Each rule's label, found anywhere in a line after a separator (not only at its start). */
const ANYWHERE = RULES.map((rule) => ({
  rule,
  re: new RegExp(`(?:^|[\\s,;:.*•(|/-])(?:${rule.label.source.slice(1)})`, "g"),
}));

/**
 * The nutrients a line names, in order, each with the text up to the next one: "Total Fat 8g
 * 10% Sodium 160mg 7%" (a side-by-side panel) gives fat and sodium; a label inside a longer one
 * ("Fat" in "Saturated Fat") is not counted twice.
 */
function nutrientsIn(body: string): { rule: Rule; words: string; after: string }[] {
  const hits: { rule: Rule; start: number; end: number }[] = [];
  for (const { rule, re } of ANYWHERE) {
    for (const m of body.matchAll(re)) {
      const start = m.index + (m[0].length - m[0].replace(/^[\s,;:.*•(|/-]/, "").length); // after the separator
      hits.push({ rule, start, end: m.index + m[0].length });
    }
  }
  hits.sort((a, b) => a.start - b.start || RULES.indexOf(a.rule) - RULES.indexOf(b.rule));
  const kept = hits.filter((h, i) => !hits.slice(0, i).some((o) => h.start >= o.start && h.start < o.end));
  return kept.map((h, i) => ({
    rule: h.rule,
    words: body.slice(h.start, h.end),
    after: body.slice(h.end, kept[i + 1]?.start ?? body.length),
  }));
}

interface Value {
  value: number;
  lessThan: boolean;
  unitRead: boolean;
}

function toUnit(a: Amount, unit: Unit): Value {
  const factor =
    a.unit === unit || a.unit === null
      ? 1
      : a.unit === "g" && unit === "mg"
        ? 1000
        : a.unit === "mg" && unit === "g"
          ? 0.001
          : NaN;
  return { value: a.value * factor, lessThan: a.lessThan, unitRead: a.unit !== null && Number.isFinite(factor) };
}

type Line = { raw: string; text: string; confidence: number };

/** "Calories 230", "Energy 1046 kJ / 250 kcal 314 kJ / 75 kcal", "Energy 508kJ 1690kJ", "Energy (kcal) 250". */
function energy(
  body: string,
  l: Line,
  col100: number | null,
  colServing: number | null,
  fields: LabelReading["fields"],
  perServing: LabelNutrients,
  per100: LabelNutrients,
) {
  const us = body.startsWith("calories");
  const text = us
    ? body.slice("calories".length).split(/calories from fat|from fat|fat cal/)[0]!
    : body.replace(ENERGY_LINE, "");
  const unitHint =
    /kj/.test(body) && !/kcal/.test(body) ? "kj" : /kcal|cal/.test(body) && !/kj/.test(body) ? "kcal" : null;
  const found = amounts(text).filter((a) => a.unit !== "%" && a.unit !== "g" && a.unit !== "mg");
  // A number whose unit was not read: on a line with no units it has the line's ("Calories 230",
  // "Energy (kJ) 1046"); beside kJ values it is kJ ("169 564 kJ"); beside kcal values only when
  // it is 4.184 times one of them is it kJ ("1033 k/247kcal"); otherwise it is not used.
  const explicit = new Set(found.map((a) => (a.unit === "cal" ? "kcal" : a.unit)).filter((u) => u !== null));
  const kcalValues = found.filter((a) => a.unit === "kcal" || a.unit === "cal").map((a) => a.value);
  const bareUnit = (a: Amount): "kj" | "kcal" | null => {
    if (!explicit.size) return us ? "kcal" : unitHint;
    if (explicit.size > 1) return null;
    if (explicit.has("kj")) return "kj";
    return kcalValues.some((k) => Math.abs(a.value - k * KJ_PER_KCAL) <= 0.03 * a.value) ? "kj" : null;
  };
  const unitOf = (a: Amount) => (a.unit === "cal" ? "kcal" : (a.unit ?? bareUnit(a)));
  const kj = found.filter((a) => unitOf(a) === "kj").map((a) => a.value);
  const kcal = found.filter((a) => unitOf(a) === "kcal").map((a) => a.value);
  const col = col100 ?? colServing ?? 0;
  const read = (list: number[], key: "energy_kcal" | "energy_kj") => {
    if (fields[key] || list[col] === undefined) return;
    const unitRead = us || unitHint !== null || explicit.size > 0;
    const conf = round(l.confidence * (unitRead ? 1 : 0.5));
    const many = col100 === null && list.length > 1 ? `first of ${list.length} columns` : null;
    fields[key] = { line: l.raw, value: list[col]!, confidence: conf, ...(many ? { note: many } : {}) };
    if (conf < MIN_CONFIDENCE) return;
    if (col100 !== null) per100[key] = list[col]!;
    if (colServing !== null && list[colServing] !== undefined && (col100 === null || colServing !== col100))
      perServing[key] = list[colServing]!;
  };
  read(kcal, "energy_kcal");
  read(kj, "energy_kj");
}

/** The per-100 and per-serving columns of a table, from its heading line ("Per 100g | Per serving (30g) | %RI"). */
function columnsOf(lines: string[]): { per100: number | null; serving: number | null; servingGrams: number | null } {
  for (const text of lines) {
    const at100 = text.search(/(per\s*)?100\s?(g|ml)\b/);
    if (at100 < 0 || RULES.some((r) => r.label.test(text)) || ENERGY_LINE.test(text)) continue;
    const rest = text.replace(/(per\s*)?100\s?(g|ml)\b/, " ".repeat(12));
    const atServing = rest.search(/serving|portion|per\s*\d|\(\s*\d+(\.\d+)?\s?(g|ml)\s*\)|quantity per/);
    const grams = rest.match(/(\d+(?:\.\d+)?)\s?(g|ml)\b/);
    const servingGrams = grams ? Number(grams[1]) : null;
    if (atServing < 0) return { per100: 0, serving: null, servingGrams };
    return atServing < at100 ? { per100: 1, serving: 0, servingGrams } : { per100: 0, serving: 1, servingGrams };
  }
  return { per100: null, serving: null, servingGrams: null };
}

function detectFormat(lines: string[], hasPer100: boolean): LabelReading["format"] {
  const all = lines.join("\n");
  if (/servings? per pack|quantity per (serving|100)|avg\.? quantity|average quantity/.test(all)) return "au";
  if (hasPer100) return "eu";
  if (/nutrition\s*facts|amount per serving|daily value|^calories/m.test(all)) return "us";
  if (
    /nutrition information|nutrition declaration|typical values|nahrwert|valeurs? nutritionnelles?|informations nutritionnelles/.test(
      all,
    )
  )
    return "eu";
  return null;
}

function servingOf(lines: { raw: string; text: string }[], tableGrams: number | null): LabelReading["serving"] {
  for (const l of lines) {
    const at = l.text.search(/serv(ing|\.)?\s*size/);
    if (at < 0) continue;
    const text =
      l.raw
        .slice(at)
        .replace(/^serv(ing|\.)?\s*size\s*[:.]?\s*/i, "")
        .trim() || null;
    const g = l.text.slice(at).match(/(\d+(?:\.\d+)?)\s?(g|ml)\b/);
    return { text, grams: g?.[2] === "g" ? Number(g[1]) : null, millilitres: g?.[2] === "ml" ? Number(g[1]) : null };
  }
  return { text: tableGrams ? `${tableGrams} g` : null, grams: tableGrams, millilitres: null };
}

function servingsPerContainer(lines: string[]): number | null {
  for (const text of lines) {
    const m =
      text.match(/(?:about\s*)?(\d+(?:\.\d+)?)\s*servings?\s*per\s*(?:container|package|pack|bottle)/) ??
      text.match(/servings?\s*per\s*(?:container|package|pack|bottle)\s*[:.]?\s*(?:about\s*)?(\d+(?:\.\d+)?)/);
    if (m) return Number(m[1]);
  }
  return null;
}
