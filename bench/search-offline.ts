#!/usr/bin/env bun
/**
 * bun run bench:search-offline — the web app's offline search (the server's ranker over the
 * catalogue copy, src/features/foods/offline.ts, no FTS5) beside the server's search, on the public
 * query set (test/fixtures/search-queries.ts), in one run. Needs web/dist/catalogue.json
 * (bun run build:web). Quoted in the README.
 */
import { Catalogue } from "../src/db/catalogue";
import { loadConfig } from "../src/config";
import { FoodSearch } from "../src/features/foods/search";
import { MemorySearch } from "../src/features/foods/offline";
import type { RankInput } from "../src/features/foods/rank";
import { SEARCH_CASES } from "../test/fixtures/search-queries";
import { machine } from "./lib/wrk";

const copy = (await Bun.file(new URL("../web/dist/catalogue.json", import.meta.url)).json()) as {
  version: string;
  foods: unknown[][];
};
const rows: RankInput[] = copy.foods.map((r) => ({
  id: r[0] as number,
  name: r[1] as string,
  group_code: r[2] as string,
  synonyms: r[3] as string,
  portion_count: r[4] as number,
  brand: r[5] as string | null,
}));
const server = new FoodSearch(new Catalogue(loadConfig([], {}).cataloguePath));
const offline = new MemorySearch(rows);

function evaluate(rank: (q: string) => number[]) {
  let hit1 = 0;
  let hit3 = 0;
  const ms: number[] = [];
  const misses: string[] = [];
  for (const c of SEARCH_CASES) {
    const t = performance.now();
    const ids = rank(c.q);
    ms.push(performance.now() - t);
    if (c.expect.includes(ids[0]!)) hit1++;
    else misses.push(c.q);
    if (ids.slice(0, 3).some((id) => c.expect.includes(id))) hit3++;
  }
  ms.sort((a, b) => a - b);
  return { hit1, hit3, p50: ms[Math.floor(ms.length / 2)]!, misses };
}

const n = SEARCH_CASES.length;
const pc = (x: number) => `${((100 * x) / n).toFixed(1)} %`;
const on = evaluate((q) => server.search(q, { limit: 20, offset: 0 }).ids);
const off = evaluate((q) => offline.search(q, { limit: 20 }));
console.log(`machine: ${machine()}; catalogue copy ${copy.version}, ${rows.length} foods; ${n} queries`);
console.log("| search | hit@1 | hit@3 | median per query |");
console.log("|---|---|---|---|");
console.log(
  `| server (FTS5 candidates + ranker) | ${on.hit1}/${n} (${pc(on.hit1)}) | ${on.hit3}/${n} (${pc(on.hit3)}) | ${on.p50.toFixed(2)} ms |`,
);
console.log(
  `| offline (token match + the same ranker) | ${off.hit1}/${n} (${pc(off.hit1)}) | ${off.hit3}/${n} (${pc(off.hit3)}) | ${off.p50.toFixed(2)} ms |`,
);
console.log(
  `offline misses that the server gets: ${off.misses.filter((q) => !on.misses.includes(q)).join(", ") || "none"}`,
);
console.log(
  `server misses that offline gets: ${on.misses.filter((q) => !off.misses.includes(q)).join(", ") || "none"}`,
);
