/**
 * The real app for the HTTP benchmarks, built as `morsel serve` builds it (src/index.ts) on a
 * fresh data dir, plus one empty route, GET /__floor: Elysia with all of our global hooks and
 * nothing else, the floor any route of ours stands on; GET /__floor/N answers N bytes of JSON the
 * same way (a floor carrying a real route's body size). Prints `PORT n`.
 *   --data-dir DIR        use this data dir (default: a new temp dir)
 *   --database URL        keep the data in this PostgreSQL database, as `morsel serve --database`
 *   --no-group-commit     each write commits alone (what POST /meals did before group commit)
 */
import { createApp } from "../../src/app";
import { Catalogue } from "../../src/db/catalogue";
import { openUserDatabase } from "../../src/db/open";
import { tx, type Q } from "../../src/db/q";
import { loadConfig } from "../../src/config";
import { jsonLogger } from "../../src/lib/log";
import { startServer } from "../../src/http/server";
import { recogniserFor } from "../../src/features/scanner/recognition";
import { tempDir } from "./tmp";

const bodies = new Map<number, string>();
/** A JSON string of exactly `n` bytes, as a prebuilt Response like reply() sends. */
function bodyOf(n: number): Response {
  let body = bodies.get(n);
  if (body === undefined) bodies.set(n, (body = JSON.stringify("x".repeat(Math.max(0, n - 2)))));
  return new Response(body, { headers: { "content-type": "application/json; charset=utf-8" } });
}
const arg = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const dataDir = arg("--data-dir") ?? tempDir();
const database = await openUserDatabase(arg("--database") ?? null, dataDir);
const db = database.sqlite;
const app = createApp({
  store: database.store,
  ...(db ? { db } : {}),
  catalogue: new Catalogue(loadConfig([], {}).cataloguePath),
  jwtSecret: "bench-secret-0123456789-abcdefghijklmnopqrstuvwxyz",
  logger: jsonLogger,
  logRequests: false,
  recogniser: recogniserFor(0),
  // cached signed-in search is measured for throughput: the per-account budget (by design about 500
  // requests a second per account, lib/cost-budget.ts) is lifted here, as in tests
  signedInSearchBudget: { burstMs: Number.POSITIVE_INFINITY, refillMsPerS: Number.POSITIVE_INFINITY, floorMs: 0 },
  // benchmarks sign up as many accounts as they measure (bench:pg: 64 per backend)
  registrationsPerHour: 100_000,
  ...(process.argv.includes("--no-group-commit")
    ? { commit: async <T>(write: () => Q<T>) => database.store.run(tx(write)) }
    : {}),
})
  .get("/__floor", () => "")
  .get("/__floor/:bytes", ({ params }) => bodyOf(Number(params.bytes)));
// the server as `morsel serve` starts it (src/http/server.ts)
console.log(`PORT ${startServer(app, { port: 0, hostname: "127.0.0.1" }).port}`);
