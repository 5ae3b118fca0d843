#!/usr/bin/env bun
/**
 * Builds data/activities.json, the bundled activity catalogue (GET /activities, exercise kcal).
 *
 * Input: data/activities/met-values.tsv, Morsel's own table. Each row names the source of its MET value (the
 * 2011 Compendium of Physical Activities code it was taken from); the descriptions are ours. The 2024 Adult
 * Compendium is not bundled: no terms allowing its tables to be redistributed were found (docs/exercise.md).
 *
 * Output: deterministic JSON (no timestamps), sorted as the table is. Prints the input's sha256 and counts.
 *
 *   bun scripts/build-activities.ts [--out data/activities.json]
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { createHash } from "node:crypto";

const root = join(import.meta.dir, "..");
const input = join(root, "data", "activities", "met-values.tsv");
const outAt = process.argv.indexOf("--out");
const out = resolve(outAt >= 0 ? process.argv[outAt + 1]! : join(root, "data", "activities.json"));
const KINDS = new Set(["cardio", "strength", "sport", "other"]);

const text = readFileSync(input, "utf8");
const lines = text.split("\n").filter((l) => l.trim() && !l.startsWith("#"));
const header = lines.shift()!.split("\t");
const want = ["code", "name", "met", "speed_kmh", "kind", "words", "source"];
if (header.join() !== want.join()) throw new Error(`${input}: the header must be ${want.join(", ")}`);
const seen = new Set<string>();
const items = lines.map((line, i) => {
  const [code, name, met, speed, kind, words, source] = line.split("\t");
  const where = `${input}:${i + 2} (${code})`;
  if (!code || !/^[a-z0-9.-]{2,40}$/.test(code) || seen.has(code)) throw new Error(`${where}: bad or repeated code`);
  seen.add(code);
  const m = Number(met);
  if (!(m >= 1 && m <= 25)) throw new Error(`${where}: MET must be 1–25`);
  if (!KINDS.has(kind!)) throw new Error(`${where}: kind must be one of ${[...KINDS].join(", ")}`);
  if (!name || !source) throw new Error(`${where}: name and source are required`);
  return {
    code,
    name,
    met: m,
    speed_kmh: speed ? Number(speed) : null,
    kind,
    words: words ?? "",
    source,
  };
});
const sha = createHash("sha256").update(text).digest("hex");
writeFileSync(
  out,
  `${JSON.stringify(
    {
      source: "Morsel's own table; each MET value from the 2011 Compendium of Physical Activities code it names",
      input: "data/activities/met-values.tsv",
      input_sha256: sha,
      items,
    },
    null,
    1,
  )}\n`,
);
console.log(`activities: ${items.length} from data/activities/met-values.tsv (sha256 ${sha.slice(0, 16)}…) → ${out}`);
