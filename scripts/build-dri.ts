/**
 * Builds data/dri.json, the Dietary Reference Intakes by life-stage group for the catalogue's
 * nutrients, from the hand transcription of the NASEM summary tables in scripts/dri/tables.ts
 * (scripts/dri/build.ts converts each table's unit to the catalogue's and checks every row).
 *
 *   bun scripts/build-dri.ts      (bun run build:dri)
 */
import { writeFileSync } from "node:fs";
import { buildDri, driJson } from "./dri/build";
import { GROUPS, ROWS, SOURCE } from "./dri/tables";

const OUT = new URL("../data/dri.json", import.meta.url).pathname;
writeFileSync(OUT, driJson());
const nutrients = Object.values(buildDri().nutrients);
console.log(
  `dri: ${SOURCE.name} (${SOURCE.version}); ${ROWS.length} table rows → ${nutrients.length} catalogue nutrients (${nutrients.filter((n) => n.minimum).length} with an RDA/AI, ${nutrients.filter((n) => n.maximum).length} with a UL or CDRR), ${GROUPS.length} life-stage groups → ${OUT}`,
);
