#!/usr/bin/env bun
/**
 * Writes a synthetic Open Food Facts export for tests and benchmarks: no OFF data is copied,
 * every product is generated. Shapes follow OFF's JSONL dump and its tab-separated CSV export.
 *
 *   bun scripts/gen-off-fixture.ts OUT --rows N [--format jsonl|tsv] [--gzip] [--seed S]
 *
 * Every 10th product exercises a trap (kJ-only energy, strings for numbers, salt without
 * sodium, per-serving values only); every 50th is invalid (bad check digit, no name, no energy).
 */
import { checkDigit } from "../src/lib/gtin";

export interface FixtureOptions {
  rows: number;
  format: "jsonl" | "tsv";
  seed?: number;
  /** "test": "Test product N" (what the tests look up); "varied": names and brands from word pools, as real exports vary. */
  names?: "test" | "varied";
}

const ADJ = [
  "organic",
  "crunchy",
  "creamy",
  "light",
  "classic",
  "spicy",
  "smoked",
  "roasted",
  "sweet",
  "salted",
  "wholegrain",
  "fresh",
  "frozen",
  "dark",
  "mild",
  "extra",
  "original",
  "tropical",
  "honey",
  "vanilla",
  "lemon",
  "garlic",
  "herb",
  "cheesy",
  "protein",
  "low-fat",
  "gluten-free",
  "vegan",
  "mini",
  "family",
];
const FOOD = [
  "oat bar",
  "tomato soup",
  "chocolate bar",
  "peanut butter",
  "yogurt",
  "granola",
  "crisps",
  "cola",
  "orange juice",
  "pasta sauce",
  "biscuits",
  "muesli",
  "cheddar",
  "ham slices",
  "hummus",
  "rice cakes",
  "ice cream",
  "cereal",
  "almond milk",
  "energy drink",
  "sparkling water",
  "bread rolls",
  "pizza",
  "noodles",
  "salsa",
  "olive oil",
  "jam",
  "tea",
  "coffee",
  "cookies",
  "crackers",
  "tortilla chips",
  "soup",
  "ketchup",
  "mayonnaise",
  "salad dressing",
  "chicken nuggets",
  "fish fingers",
  "veggie burger",
  "pancake mix",
];
const BRANDS = Array.from(
  { length: 800 },
  (_, i) =>
    `${["Nord", "Sol", "Green", "Alpen", "Casa", "Golden", "Happy", "Blue", "Mont", "River"][i % 10]}${["ia", "ex", "o", "ella", "vale", "field", "farm", "wood", "line", "co"][Math.floor(i / 10) % 10]} ${["Foods", "Kitchen", "Bakery", "Dairy", "Naturals", "Gourmet", "Market", "Brothers"][Math.floor(i / 100) % 8]}`,
);

function variedName(i: number): { name: string; brand: string } {
  const h = (n: number) => (Math.imul(i ^ n, 2654435761) >>> 0) % 1_000_000;
  return {
    name: `${ADJ[h(1) % ADJ.length]} ${FOOD[h(2) % FOOD.length]}${h(3) % 3 === 0 ? ` ${ADJ[h(4) % ADJ.length]}` : ""}`,
    brand: BRANDS[h(5) % BRANDS.length]!,
  };
}

/** The i-th product's EAN-13 (prefix 400–440, GS1 Germany), valid check digit. */
export function fixtureGtin13(i: number): string {
  const data = `4${String(i).padStart(11, "0")}`;
  return `${data}${checkDigit(data)}`;
}

export function fixtureProduct(i: number, names: FixtureOptions["names"] = "test"): Record<string, unknown> {
  const code = fixtureGtin13(i);
  const kcal = 50 + ((i * 37) % 500);
  const varied = names === "varied" ? variedName(i) : null;
  const base = {
    code,
    product_name: varied ? varied.name : `Test product ${i}`,
    brands: varied ? varied.brand : `Brand ${i % 97}, Other`,
    serving_size: "30 g",
    serving_quantity: 30,
    nutrition_data_per: "100g",
    nutriments: {
      "energy-kcal_100g": kcal,
      "energy-kj_100g": Math.round(kcal * 4.184),
      proteins_100g: (i % 30) + 0.5,
      fat_100g: (i % 20) + 0.25,
      "saturated-fat_100g": (i % 7) + 0.1,
      carbohydrates_100g: (i % 60) + 1,
      sugars_100g: (i % 25) + 0.2,
      fiber_100g: i % 8,
      salt_100g: (i % 30) / 10,
      sodium_100g: (i % 30) / 25,
    } as Record<string, unknown>,
  };
  if (i % 50 === 7) return { ...base, code: code.slice(0, 12) + String((Number(code[12]) + 1) % 10) };
  if (i % 50 === 17) return { ...base, product_name: "" };
  if (i % 50 === 27) return { ...base, nutriments: { proteins_100g: 1 } };
  switch (i % 10) {
    case 3: {
      const { "energy-kcal_100g": _k, ...rest } = base.nutriments;
      return { ...base, nutriments: rest }; // kJ only
    }
    case 4:
      return {
        ...base,
        serving_quantity: "30",
        nutriments: Object.fromEntries(Object.entries(base.nutriments).map(([k, v]) => [k, String(v)])),
      };
    case 5: {
      const { sodium_100g: _s, ...rest } = base.nutriments;
      return { ...base, nutriments: rest }; // salt only
    }
    case 6:
      return {
        ...base,
        nutrition_data_per: "serving",
        nutriments: { "energy-kcal_serving": (kcal * 30) / 100, proteins_serving: 3, fat_serving: 1.5 },
      };
    default:
      return base;
  }
}

const TSV_COLUMNS = [
  "code",
  "product_name",
  "brands",
  "serving_size",
  "serving_quantity",
  "energy-kcal_100g",
  "energy-kj_100g",
  "proteins_100g",
  "fat_100g",
  "saturated-fat_100g",
  "carbohydrates_100g",
  "sugars_100g",
  "fiber_100g",
  "salt_100g",
  "sodium_100g",
];

export function fixtureLine(i: number, format: "jsonl" | "tsv", names: FixtureOptions["names"] = "test"): string {
  const p = fixtureProduct(i, names);
  if (format === "jsonl") return JSON.stringify(p);
  const n = p.nutriments as Record<string, unknown>;
  return TSV_COLUMNS.map((c) => String((c in p ? p[c] : n[c]) ?? "")).join("\t");
}

export const fixtureHeader = (format: "jsonl" | "tsv") => (format === "tsv" ? TSV_COLUMNS.join("\t") : null);

/** Writes the fixture; returns its path. Streams, so a million rows need no memory. */
export async function writeFixture(out: string, opts: FixtureOptions & { gzip?: boolean }): Promise<string> {
  const sink = Bun.file(out).writer();
  const gz = opts.gzip ? new CompressionStream("gzip") : null;
  const gzWriter = gz?.writable.getWriter();
  const piping = gz
    ? (async () => {
        for await (const c of gz.readable) sink.write(c);
      })()
    : null;
  const enc = new TextEncoder();
  let buf = "";
  const put = async (s: string) => {
    buf += s;
    if (buf.length < 1 << 16) return;
    if (gzWriter) await gzWriter.write(enc.encode(buf));
    else sink.write(buf);
    buf = "";
  };
  const header = fixtureHeader(opts.format);
  if (header) await put(`${header}\n`);
  for (let i = 1; i <= opts.rows; i++) await put(`${fixtureLine(i, opts.format, opts.names)}\n`);
  if (gzWriter) {
    await gzWriter.write(enc.encode(buf));
    await gzWriter.close();
    await piping;
  } else sink.write(buf);
  await sink.end();
  return out;
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  const val = (f: string) => args[args.indexOf(f) + 1];
  const out = args[0];
  if (!out || out.startsWith("--")) {
    console.error("usage: bun scripts/gen-off-fixture.ts OUT --rows N [--format jsonl|tsv] [--gzip]");
    process.exit(2);
  }
  const rows = Number(val("--rows") ?? 1000);
  const format = (args.includes("--format") ? val("--format") : "jsonl") as "jsonl" | "tsv";
  const s = performance.now();
  await writeFixture(out, { rows, format, gzip: args.includes("--gzip") });
  console.log(
    `wrote ${out}: ${rows} synthetic OFF products (${format}${args.includes("--gzip") ? ", gzip" : ""}) in ${((performance.now() - s) / 1000).toFixed(1)} s, ${Bun.file(out).size} bytes`,
  );
}
