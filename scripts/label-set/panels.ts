/**
 * Nutrition panels as SVG, in the layouts the label reader parses: US Nutrition Facts (2016+ and
 * the older format, one or two columns), EU/UK tables in English, German and French, and the
 * Australian/NZ panel. Values are made to be consistent (energy from 4/4/9, rounded the way each
 * region rounds); `truth` is what a perfect reader returns. Used by build-label-set.ts.
 */
export interface Panel {
  svg: string;
  width: number;
  height: number;
  truth: Truth;
}

export interface Truth {
  format: "us" | "eu" | "au" | null;
  /** What the label states in its first (US) or per-100 (EU, AU) column. */
  column: "serving" | "100g";
  serving_grams: number | null;
  serving_ml: number | null;
  energy_kcal: number | null;
  fat_g: number | null;
  saturated_fat_g: number | null;
  carbohydrate_g: number | null;
  sugars_g: number | null;
  protein_g: number | null;
  sodium_mg: number | null;
  fiber_g: number | null;
}

export interface Macros {
  fat: number;
  sat: number;
  carb: number;
  sugar: number;
  fibre: number;
  protein: number;
  sodiumMg: number;
}

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");
type Row = { text?: string; right?: string; bold?: boolean; indent?: number; size?: number; rule?: number };

/** A panel of rows: label text left, an optional right-aligned column; rules between blocks. */
function rowsSvg(
  rows: Row[],
  o: { width: number; font: string; base: number; columns?: { x: number; texts: string[] }[] },
): { body: string; height: number } {
  let y = 20;
  const out: string[] = [];
  for (const r of rows) {
    if (r.rule) {
      out.push(`<rect x="20" y="${y}" width="${o.width - 40}" height="${r.rule}" fill="#111"/>`);
      y += r.rule + 8;
      continue;
    }
    const size = r.size ?? o.base;
    y += size * 1.25;
    out.push(
      `<text x="${20 + (r.indent ?? 0)}" y="${y}" font-size="${size}" font-weight="${r.bold ? 700 : 400}">${esc(r.text ?? "")}</text>`,
    );
    if (r.right)
      out.push(
        `<text x="${o.width - 20}" y="${y}" font-size="${size}" font-weight="700" text-anchor="end">${esc(r.right)}</text>`,
      );
    y += size * 0.35;
  }
  return { body: `<g font-family="${o.font}" fill="#111">${out.join("")}</g>`, height: y + 24 };
}

function frame(body: string, width: number, height: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="#fff"/><rect x="6" y="6" width="${width - 12}" height="${height - 12}" fill="none" stroke="#111" stroke-width="3"/>${body}</svg>`;
}

const g = (x: number | string) => `${x}g`;
const kcalOf = (m: Macros) => 9 * m.fat + 4 * m.carb + 4 * m.protein;

/** US rounding (21 CFR 101.9): calories to 5 (to 10 above 50), fat to 0.5 g under 5 g, grams to 1 g, sodium to 5/10 mg. */
const usKcal = (k: number) => (k < 5 ? 0 : k <= 50 ? Math.round(k / 5) * 5 : Math.round(k / 10) * 10);
const usFat = (x: number) => (x < 0.5 ? 0 : x < 5 ? Math.round(x * 2) / 2 : Math.round(x));
const usG = (x: number) => (x < 0.5 ? 0 : Math.round(x));
const usMg = (x: number) => (x < 5 ? 0 : x <= 140 ? Math.round(x / 5) * 5 : Math.round(x / 10) * 10);
const dv = (x: number, daily: number) => `${Math.round((x / daily) * 100)}%`;

export function usPanel(
  m: Macros,
  o: {
    serving: string;
    grams: number | null;
    ml?: number;
    servings: number;
    font: string;
    old?: boolean;
    twoColumns?: boolean;
  },
): Panel {
  const v = {
    kcal: usKcal(kcalOf(m)),
    fat: usFat(m.fat),
    sat: usFat(m.sat),
    carb: usG(m.carb),
    sugar: usG(m.sugar),
    fibre: usG(m.fibre),
    protein: usG(m.protein),
    sodium: usMg(m.sodiumMg),
  };
  const width = 520;
  const twice = (a: string, b: string) => (o.twoColumns ? `${a}   ${b}` : a);
  const rows: Row[] = o.old
    ? [
        { text: "Nutrition Facts", bold: true, size: 40 },
        { text: `Serving Size ${o.serving}`, size: 19 },
        { text: `Servings Per Container ${o.servings}`, size: 19 },
        { rule: 10 },
        { text: "Amount Per Serving", bold: true, size: 16 },
        { text: `Calories ${v.kcal}`, bold: true, right: `Calories from Fat ${usKcal(9 * m.fat)}`, size: 19 },
        { rule: 3 },
        { text: "% Daily Value*", right: " ", size: 15, bold: true, indent: 300 },
        { text: `Total Fat ${g(v.fat)}`, right: dv(v.fat, 65), bold: true },
        { text: `Saturated Fat ${g(v.sat)}`, right: dv(v.sat, 20), indent: 20 },
        { text: "Trans Fat 0g", indent: 20 },
        { text: "Cholesterol 0mg", right: "0%", bold: true },
        { text: `Sodium ${v.sodium}mg`, right: dv(v.sodium, 2400), bold: true },
        { text: `Total Carbohydrate ${g(v.carb)}`, right: dv(v.carb, 300), bold: true },
        { text: `Dietary Fiber ${g(v.fibre)}`, right: dv(v.fibre, 25), indent: 20 },
        { text: `Sugars ${g(v.sugar)}`, indent: 20 },
        { text: `Protein ${g(v.protein)}`, bold: true },
        { rule: 10 },
        { text: "Vitamin A 0%  •  Vitamin C 2%  •  Calcium 4%  •  Iron 6%", size: 15 },
        { rule: 3 },
        { text: "* Percent Daily Values are based on a 2,000 calorie diet.", size: 13 },
        { text: "Total Fat Less than 65g 80g", size: 13, indent: 10 },
      ]
    : [
        { text: "Nutrition Facts", bold: true, size: 44 },
        { text: `${o.servings} servings per container`, size: 19 },
        { text: "Serving size", bold: true, right: o.serving, size: 21 },
        { rule: 12 },
        { text: o.twoColumns ? "Amount per serving / per container" : "Amount per serving", bold: true, size: 15 },
        {
          text: "Calories",
          bold: true,
          right: twice(String(v.kcal), String(usKcal(kcalOf(m) * o.servings))),
          size: 36,
        },
        { rule: 5 },
        { text: "% Daily Value*", right: " ", size: 15, bold: true, indent: 330 },
        { text: `Total Fat ${twice(g(v.fat), g(usFat(m.fat * o.servings)))}`, right: dv(v.fat, 78), bold: true },
        { text: `Saturated Fat ${g(v.sat)}`, right: dv(v.sat, 20), indent: 20 },
        { text: "Trans Fat 0g", indent: 20 },
        { text: "Cholesterol 0mg", right: "0%", bold: true },
        { text: `Sodium ${v.sodium}mg`, right: dv(v.sodium, 2300), bold: true },
        {
          text: `Total Carbohydrate ${twice(g(v.carb), g(usG(m.carb * o.servings)))}`,
          right: dv(v.carb, 275),
          bold: true,
        },
        { text: `Dietary Fiber ${g(v.fibre)}`, right: dv(v.fibre, 28), indent: 20 },
        { text: `Total Sugars ${g(v.sugar)}`, indent: 20 },
        { text: `Includes ${g(Math.min(v.sugar, 2))} Added Sugars`, right: dv(Math.min(v.sugar, 2), 50), indent: 40 },
        { text: `Protein ${twice(g(v.protein), g(usG(m.protein * o.servings)))}`, bold: true },
        { rule: 12 },
        { text: "Vitamin D 0mcg 0%      Calcium 20mg 2%", size: 15 },
        { text: "Iron 1mg 6%      Potassium 140mg 2%", size: 15 },
        { rule: 3 },
        { text: "* The % Daily Value (DV) tells you how much a nutrient in a", size: 13 },
        { text: "serving of food contributes to a daily diet. 2,000 calories a day", size: 13 },
        { text: "is used for general nutrition advice.", size: 13 },
      ];
  const { body, height } = rowsSvg(rows, { width, font: o.font, base: 19 });
  return {
    svg: frame(body, width, height),
    width,
    height,
    truth: {
      format: "us",
      column: "serving",
      serving_grams: o.grams,
      serving_ml: o.ml ?? null,
      energy_kcal: v.kcal,
      fat_g: v.fat,
      saturated_fat_g: v.sat,
      carbohydrate_g: v.carb,
      sugars_g: v.sugar,
      protein_g: v.protein,
      sodium_mg: v.sodium,
      fiber_g: v.fibre,
    },
  };
}

const WORDS = {
  en: {
    title: "Nutrition information",
    typical: "Typical values",
    per100: "Per 100g",
    serving: (x: number) => `Per ${x}g serving`,
    energy: "Energy",
    fat: "Fat",
    sat: "of which saturates",
    carb: "Carbohydrate",
    sugar: "of which sugars",
    fibre: "Fibre",
    protein: "Protein",
    salt: "Salt",
  },
  de: {
    title: "Nährwertangaben",
    typical: "Durchschnittliche Nährwerte",
    per100: "pro 100 g",
    serving: (x: number) => `pro Portion (${x} g)`,
    energy: "Energie",
    fat: "Fett",
    sat: "davon gesättigte Fettsäuren",
    carb: "Kohlenhydrate",
    sugar: "davon Zucker",
    fibre: "Ballaststoffe",
    protein: "Eiweiß",
    salt: "Salz",
  },
  fr: {
    title: "Informations nutritionnelles",
    typical: "Valeurs moyennes",
    per100: "pour 100 g",
    serving: (x: number) => `par portion (${x} g)`,
    energy: "Énergie",
    fat: "Matières grasses",
    sat: "dont acides gras saturés",
    carb: "Glucides",
    sugar: "dont sucres",
    fibre: "Fibres alimentaires",
    protein: "Protéines",
    salt: "Sel",
  },
};

/** EU/UK rounding guidance: energy whole, grams to 0.1 under 10 g, salt to 0.01 under 1 g. */
const euG = (x: number) => (x < 10 ? Math.round(x * 10) / 10 : Math.round(x));
const euSalt = (x: number) => (x < 1 ? Math.round(x * 100) / 100 : Math.round(x * 10) / 10);
const comma = (lang: string, x: number) => (lang === "en" ? String(x) : String(x).replace(".", ","));

/** The per-100 g column first, then per serving; `m` is per 100 g. */
export function euPanel(m: Macros, o: { lang: "en" | "de" | "fr"; servingGrams: number; font: string }): Panel {
  const w = WORDS[o.lang];
  const s = o.servingGrams / 100;
  const kcal = Math.round(kcalOf(m) + 2 * m.fibre);
  const salt = euSalt((m.sodiumMg * 2.5) / 1000);
  const col = (x: number, f = euG) => [comma(o.lang, f(x)), comma(o.lang, f(x * s))];
  const rows: [string, string[]][] = [
    [
      w.energy,
      [
        `${Math.round(kcal * 4.184)} kJ / ${kcal} kcal`,
        `${Math.round(kcal * s * 4.184)} kJ / ${Math.round(kcal * s)} kcal`,
      ],
    ],
    [w.fat, col(m.fat).map(g)],
    [w.sat, col(m.sat).map(g)],
    [w.carb, col(m.carb).map(g)],
    [w.sugar, col(m.sugar).map(g)],
    [w.fibre, col(m.fibre).map(g)],
    [w.protein, col(m.protein).map(g)],
    [w.salt, col((m.sodiumMg * 2.5) / 1000, euSalt).map(g)],
  ];
  const width = 640;
  const x1 = 390,
    x2 = 610;
  const lines: string[] = [];
  let y = 60;
  lines.push(`<text x="20" y="44" font-size="26" font-weight="700">${esc(w.title)}</text>`);
  y += 16;
  lines.push(
    `<text x="20" y="${y}" font-size="17" font-weight="700">${esc(w.typical)}</text><text x="${x1}" y="${y}" font-size="17" font-weight="700" text-anchor="end">${esc(w.per100)}</text><text x="${x2}" y="${y}" font-size="17" font-weight="700" text-anchor="end">${esc(w.serving(o.servingGrams))}</text>`,
  );
  y += 12;
  lines.push(`<rect x="20" y="${y}" width="${width - 40}" height="2" fill="#111"/>`);
  for (const [label, [a, b]] of rows) {
    y += 30;
    const indent = /^(of which|davon|dont)/.test(label) ? 18 : 0;
    lines.push(
      `<text x="${20 + indent}" y="${y}" font-size="18">${esc(label)}</text><text x="${x1}" y="${y}" font-size="18" text-anchor="end">${esc(a!)}</text><text x="${x2}" y="${y}" font-size="18" text-anchor="end">${esc(b!)}</text>`,
    );
    y += 8;
    lines.push(`<rect x="20" y="${y}" width="${width - 40}" height="1" fill="#555"/>`);
  }
  const height = y + 30;
  return {
    svg: frame(`<g font-family="${o.font}" fill="#111">${lines.join("")}</g>`, width, height),
    width,
    height,
    truth: {
      format: "eu",
      column: "100g",
      serving_grams: o.servingGrams,
      serving_ml: null,
      energy_kcal: kcal,
      fat_g: euG(m.fat),
      saturated_fat_g: euG(m.sat),
      carbohydrate_g: euG(m.carb),
      sugars_g: euG(m.sugar),
      protein_g: euG(m.protein),
      sodium_mg: Math.round(salt * 400),
      fiber_g: euG(m.fibre),
    },
  };
}

/** Australia/NZ: per serving, then per 100 g; energy in kJ only. `m` is per 100 g. */
export function auPanel(m: Macros, o: { servingGrams: number; servings: number; font: string }): Panel {
  const s = o.servingGrams / 100;
  const kj = Math.round(kcalOf(m) * 4.184);
  const one = (x: number) => (x < 100 ? x.toFixed(1) : String(Math.round(x)));
  const rows: [string, number, string][] = [
    ["Protein", m.protein, "g"],
    ["Fat, total", m.fat, "g"],
    ["- saturated", m.sat, "g"],
    ["Carbohydrate", m.carb, "g"],
    ["- sugars", m.sugar, "g"],
    ["Sodium", m.sodiumMg, "mg"],
  ];
  const width = 600;
  const out: string[] = [`<text x="20" y="44" font-size="26" font-weight="700">NUTRITION INFORMATION</text>`];
  out.push(
    `<text x="20" y="78" font-size="17">Servings per package: ${o.servings}</text><text x="20" y="104" font-size="17">Serving size: ${o.servingGrams} g</text>`,
  );
  out.push(
    `<text x="400" y="140" font-size="15" font-weight="700" text-anchor="end">Quantity per Serving</text><text x="580" y="140" font-size="15" font-weight="700" text-anchor="end">Quantity per 100 g</text>`,
  );
  let y = 150;
  out.push(`<rect x="20" y="${y}" width="${width - 40}" height="2" fill="#111"/>`);
  const all: [string, string, string][] = [
    ["Energy", `${Math.round(kj * s)} kJ`, `${kj} kJ`],
    ...rows.map(
      ([l, v, u]) =>
        [l, `${u === "mg" ? Math.round(v * s) : one(v * s)} ${u}`, `${u === "mg" ? Math.round(v) : one(v)} ${u}`] as [
          string,
          string,
          string,
        ],
    ),
  ];
  for (const [label, a, b] of all) {
    y += 30;
    out.push(
      `<text x="20" y="${y}" font-size="18">${esc(label)}</text><text x="400" y="${y}" font-size="18" text-anchor="end">${a}</text><text x="580" y="${y}" font-size="18" text-anchor="end">${b}</text>`,
    );
  }
  const height = y + 30;
  return {
    svg: frame(`<g font-family="${o.font}" fill="#111">${out.join("")}</g>`, width, height),
    width,
    height,
    truth: {
      format: "au",
      column: "100g",
      serving_grams: o.servingGrams,
      serving_ml: null,
      energy_kcal: Math.round(kj / 4.184),
      fat_g: Number(one(m.fat)),
      saturated_fat_g: Number(one(m.sat)),
      carbohydrate_g: Number(one(m.carb)),
      sugars_g: Number(one(m.sugar)),
      protein_g: Number(one(m.protein)),
      sodium_mg: Math.round(m.sodiumMg),
      fiber_g: null,
    },
  };
}

/** A package side with no nutrition panel: a name, a slogan and an address. */
export function noPanel(font: string): Panel {
  const body = `<g font-family="${font}" fill="#111"><text x="30" y="80" font-size="44" font-weight="700">Morning Oats</text><text x="30" y="130" font-size="22">Slow baked since 1902 &lt;b&gt;=SUM(A1)</text><text x="30" y="170" font-size="18">Best before: see top of pack</text><text x="30" y="210" font-size="16">Oat Mill Ltd, 12 River Road, Leeds</text></g>`;
  return {
    svg: frame(body, 560, 250),
    width: 560,
    height: 250,
    truth: {
      format: null,
      column: "serving",
      serving_grams: null,
      serving_ml: null,
      energy_kcal: null,
      fat_g: null,
      saturated_fat_g: null,
      carbohydrate_g: null,
      sugars_g: null,
      protein_g: null,
      sodium_mg: null,
      fiber_g: null,
    },
  };
}
