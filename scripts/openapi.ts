/**
 * Writes the OpenAPI document the server serves at /api/v1/openapi.json to a file, without
 * listening: the app is built over a throwaway database and the bundled catalogue.
 *   bun scripts/openapi.ts            (`bun run openapi`)
 * then generates web/src/api-types.gen.ts from it with openapi-typescript (the web app's types of
 * API data, and through test/client/api.d.ts the typed-client tests') and lints it with @redocly/cli,
 * failing on any error. Both outputs are git-ignored; `bun run test` runs this before tsc.
 *
 * openapi-typescript drives TypeScript's compiler API, which TypeScript 7 (our `tsc`) no longer
 * has, so it runs under Node with its `import "typescript"` pointed at the `typescript5` alias
 * (TypeScript 5.9.3) by scripts/typescript5-hook.mjs.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { createApp } from "../src/app";
import { loadConfig } from "../src/config";
import { Catalogue } from "../src/db/catalogue";
import { openDatabase } from "../src/db/client";
import { quietLogger } from "../src/lib/log";

const out = "build/openapi.json";
const typesOut = "web/src/api-types.gen.ts";
const dir = mkdtempSync(join(tmpdir(), "morsel-openapi-"));
try {
  const db = openDatabase(join(dir, "morsel.db"));
  const app = createApp({
    db,
    catalogue: new Catalogue(loadConfig([], {}).cataloguePath),
    jwtSecret: "openapi-document-only",
    logger: quietLogger,
    logRequests: false,
  }); // photo workers start lazily: none here
  const res = await app.handle(new Request("http://localhost/api/v1/openapi.json"));
  if (res.status !== 200) throw new Error(`openapi.json answered ${res.status}`);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, JSON.stringify(await res.json(), null, 2));
  db.$client.close();
  console.log(`wrote ${out}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

// openapi-typescript under Node with a resolve hook (scripts/typescript5-hook.mjs)
const cli = join(import.meta.dir, "..", "node_modules", "openapi-typescript", "bin", "cli.js");
const gen = Bun.spawnSync(["node", "--import", join(import.meta.dir, "typescript5.mjs"), cli, out, "-o", typesOut], {
  stdout: "inherit",
  stderr: "inherit",
});
if (gen.exitCode !== 0) process.exit(1);

const redocly = join(import.meta.dir, "..", "node_modules", ".bin", "redocly");
const lint = Bun.spawnSync([redocly, "lint", "--format=stylish", out], {
  env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
  stdout: "pipe",
  stderr: "pipe",
});
const report = `${lint.stdout.toString()}${lint.stderr.toString()}`
  .split("\n")
  .filter((l) => !/[║╔╚]/.test(l))
  .join("\n");
console.log(report.trim());
if (lint.exitCode !== 0) {
  console.error("redocly lint found errors in the OpenAPI document");
  process.exit(1);
}
