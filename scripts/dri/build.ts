/**
 * data/dri.json from the transcribed tables (tables.ts): each catalogue nutrient's minimum (RDA or AI)
 * and maximum (UL or CDRR) per life-stage group, converted to the catalogue's unit. Throws on a row
 * or mapping that does not fit. scripts/build-dri.ts writes it; a test checks the file is its output.
 */
import { NUTRIENTS } from "../../src/db/nutrients";
import { GROUPS, MAPPING, ROWS, SOURCE, type SourceRow } from "./tables";

interface Bound {
  kind: SourceRow["kind"];
  table: string;
  source_unit: string;
  scope?: string;
  note?: string;
  values: (number | null)[];
}

export function buildDri() {
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
      ...((m.scope ?? row.scope) ? { scope: m.scope ?? row.scope } : {}),
      ...(row.note ? { note: row.note } : {}),
      values: row.values.map((v) => (v === null ? null : clean(v * m.factor))),
    };
    const entry = (nutrients[m.key] ??= {});
    const side = row.kind === "RDA" || row.kind === "AI" ? "minimum" : "maximum";
    if (entry[side]) throw new Error(`${m.key} has two ${side} rows`);
    entry[side] = bound;
    if (m.caveat) entry.caveat = m.caveat;
  }
  return { source: SOURCE, groups: GROUPS, nutrients };
}

/** The file's text, as written. */
export const driJson = () => `${JSON.stringify(buildDri(), null, 1)}\n`;
