/**
 * Builds data/dri.json, the Dietary Reference Intakes by life-stage group for the catalogue's
 * nutrients, from the hand transcription of the NASEM summary tables in scripts/dri/tables.ts.
 * Converts each table's unit to the catalogue's (db/nutrients.ts) and checks every row and mapping.
 *
 *   bun scripts/build-dri.ts
 */
import { writeFileSync } from "node:fs";
import { NUTRIENTS } from "../src/db/nutrients";
import { GROUPS, MAPPING, ROWS, SOURCE, type SourceRow } from "./dri/tables";

const OUT = new URL("../data/dri.json", import.meta.url).pathname;

interface Bound {
  kind: SourceRow["kind"];
  table: string;
  source_unit: string;
  scope?: string;
  note?: string;
  values: (number | null)[];
}

const keys = new Set<string>(NUTRIENTS.map((n) => n.key));
const clean = (x: number) => Number(x.toPrecision(12)); // 340 × 0.001 is 0.34, not 0.34000000000000002

const nutrients: Record<string, { minimum?: Bound; maximum?: Bound; caveat?: string }> = {};
for (const m of MAPPING) {
  if (!keys.has(m.key)) throw new Error(`${m.key} is not a catalogue nutrient`);
  const row = ROWS.find((r) => r.nutrient === m.nutrient && r.table === m.table);
  if (!row) throw new Error(`no row "${m.nutrient}" in table ${m.table}`);
  if (row.values.length !== GROUPS.length)
    throw new Error(`${m.nutrient} (${m.table}) has ${row.values.length} values`);
  const bound: Bound = {
    kind: row.kind,
    table: row.table,
    source_unit: row.unit,
    ...(row.scope ? { scope: row.scope } : {}),
    ...(row.note ? { note: row.note } : {}),
    values: row.values.map((v) => (v === null ? null : clean(v * m.factor))),
  };
  const entry = (nutrients[m.key] ??= {});
  const side = row.kind === "RDA" || row.kind === "AI" ? "minimum" : "maximum";
  if (entry[side]) throw new Error(`${m.key} has two ${side} rows`);
  entry[side] = bound;
  if (m.caveat) entry.caveat = m.caveat;
}

writeFileSync(OUT, `${JSON.stringify({ source: SOURCE, groups: GROUPS, nutrients }, null, 1)}\n`);
const withMin = Object.values(nutrients).filter((n) => n.minimum).length;
const withMax = Object.values(nutrients).filter((n) => n.maximum).length;
console.log(
  `dri: ${SOURCE.name} (${SOURCE.version}); ${ROWS.length} table rows → ${Object.keys(nutrients).length} catalogue nutrients (${withMin} with an RDA/AI, ${withMax} with a UL or CDRR), ${GROUPS.length} life-stage groups → ${OUT}`,
);
