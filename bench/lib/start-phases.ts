/**
 * The executable's start in phases, compiled like it (bench:binary --phases): the runtime's own start,
 * loading the server's modules (`serve`'s whole static import graph), opening the databases, building
 * the app, and answering the first /healthz in process, in CPU ms (all threads), printed as one JSON
 * line. Shows where a start goes, which the first-200 figure alone does not.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** CPU time of the process so far, every thread, in ms: steadier than wall time on a shared machine. */
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const t0 = cpu();
const { createApp, ready } = await import("../../src/app");
const { Catalogue } = await import("../../src/db/catalogue");
const { openUserDatabase } = await import("../../src/db/open");
const { ASSETS, extracted } = await import("../../src/assets");
const { FoodSearch } = await import("../../src/features/foods/search");
const t1 = cpu();
const dataDir = process.argv[2] ?? mkdtempSync(join(tmpdir(), "phases-"));
const database = await openUserDatabase(null, dataDir);
const t2 = cpu();
const catalogue = new Catalogue(extracted(ASSETS.catalogue, dataDir));
const t3 = cpu();
const app = createApp({
  store: database.store,
  db: database.sqlite!,
  catalogue,
  search: new FoodSearch(catalogue),
  jwtSecret: "x".repeat(32),
  logRequests: false,
});
await ready(app);
const t4 = cpu();
const r = await app.handle(new Request("http://localhost/healthz"));
const t5 = cpu();
console.log(
  JSON.stringify({
    status: r.status,
    runtime: +t0.toFixed(1),
    modules: +(t1 - t0).toFixed(1),
    database: +(t2 - t1).toFixed(1),
    catalogue: +(t3 - t2).toFixed(1),
    createApp: +(t4 - t3).toFixed(1),
    firstRequest: +(t5 - t4).toFixed(1),
  }),
);
process.exit(0);
