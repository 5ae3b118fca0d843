#!/usr/bin/env bun
/**
 * bun run bench:search-http — GET /api/v1/foods/search req/s with wrk, beside a bare Bun.serve
 * hello-world on the same machine in the same run. Rounds alternate (A B A B …) and the medians
 * are compared, because this 2-core box is shared and noisy. Client and servers share the cores.
 *
 *   --seconds N   per wrk run (default 5)   --rounds N (default 3)
 */
import { tempDir } from "./lib/tmp";
import { machine, median, numberArg, requireWrk, startServer, type WrkResult, wrk } from "./lib/wrk";
import { SEARCH_CASES } from "../test/fixtures/search-queries";

const seconds = numberArg("--seconds", 5);
const rounds = numberArg("--rounds", 3);
requireWrk();

const hello = await startServer(["bun", `${import.meta.dir}/lib/hello.ts`]);
const morsel = await startServer(["bun", `${import.meta.dir}/../src/index.ts`, "serve", "--port", "0", "--data-dir", tempDir()], {
  MORSEL_LOG_REQUESTS: "false",
});
const paths = SEARCH_CASES.map((c) => `/api/v1/foods/search?q=${encodeURIComponent(c.q)}&limit=20`);

const base: WrkResult[] = [];
const ours: WrkResult[] = [];
try {
  // warm-up
  wrk(`http://127.0.0.1:${hello.port}/`, { seconds: 1 });
  wrk(`http://127.0.0.1:${morsel.port}/`, { seconds: 1, paths });
  for (let r = 0; r < rounds; r++) {
    base.push(wrk(`http://127.0.0.1:${hello.port}/`, { seconds }));
    ours.push(wrk(`http://127.0.0.1:${morsel.port}/`, { seconds, paths }));
  }
} finally {
  hello.proc.kill();
  morsel.proc.kill();
}

const m = (xs: WrkResult[], k: keyof WrkResult) => median(xs.map((x) => x[k]));
console.log(`bench:search-http — wrk -t2 -c64, ${rounds} alternating rounds of ${seconds}s each; ${machine()}`);
console.log(`search paths rotate over the ${paths.length} queries of test/fixtures/search-queries.ts (limit=20)\n`);
console.log("| server | req/s (median) | p50 ms | p99 ms | non-2xx |");
console.log("|---|---|---|---|---|");
console.log(`| bare Bun.serve hello-world | ${m(base, "rps").toFixed(0)} | ${m(base, "p50ms").toFixed(2)} | ${m(base, "p99ms").toFixed(2)} | ${base.reduce((a, x) => a + x.non2xx, 0)} |`);
console.log(`| Morsel GET /foods/search | ${m(ours, "rps").toFixed(0)} | ${m(ours, "p50ms").toFixed(2)} | ${m(ours, "p99ms").toFixed(2)} | ${ours.reduce((a, x) => a + x.non2xx, 0)} |`);
console.log(`\nratio (search / bare): ${(m(ours, "rps") / m(base, "rps")).toFixed(2)}×  (goal ≥ 0.6×)`);
console.log(`summary: GET /foods/search, req/s (wrk -c64) | ${m(ours, "rps").toFixed(0)}, p99 ${m(ours, "p99ms").toFixed(1)} ms | bare Bun.serve ${m(base, "rps").toFixed(0)}, p99 ${m(base, "p99ms").toFixed(1)} ms | ${(m(ours, "rps") / m(base, "rps")).toFixed(2)}× (goal ≥ 0.6×)`);
console.log(`per-round req/s: bare ${base.map((x) => x.rps.toFixed(0)).join(", ")}; search ${ours.map((x) => x.rps.toFixed(0)).join(", ")}`);
