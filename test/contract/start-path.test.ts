/**
 * What `morsel serve` loads before its first answer: the static imports reachable from src/index.ts and
 * src/cli/serve.ts, read from the bundler's own graph (Bun.build's metafile, bundled as `bun run build`
 * splits it). Code that only some requests need is imported when the first of them comes (each
 * feature's lazy.ts, or an import() where it is used), so that a start does not load it (bench:binary
 * measures the start; docs/performance.md, "Start time"). A static import that pulls one of these back
 * onto the start path fails here, naming the chain of imports that reaches it.
 */
import { describe, expect, test } from "bun:test";
import { join } from "node:path";

const ROOT = join(import.meta.dir, "..", "..");

/** Modules a start must not load, and the first request that loads each. */
const LOADED_ON_FIRST_USE: Record<string, string> = {
  "node_modules/otpauth/": "a two-factor request",
  "node_modules/qrcode/": "POST /me/two-factor",
  "node_modules/pngjs/": "POST /me/two-factor (qrcode's)",
  "src/cli/help.ts": "morsel --help",
  "src/features/docs/openapi.ts": "GET /api/v1/openapi.json",
  "src/features/docs/examples.ts": "GET /api/v1/openapi.json",
  "src/features/scanner/service.ts": "a scan",
  "src/features/scanner/label/ocr.ts": "POST /scan/label",
  "src/features/scanner/label/parse.ts": "POST /scan/label",
  "src/features/portability/export.ts": "an export",
  "src/features/portability/import.ts": "an import (or a health import, which writes through it)",
  "src/features/bridges/service.ts": "a health import",
  "src/features/bridges/google-fit.ts": "a Google Fit import",
  "src/features/scanner/recognition/embedding.ts": "POST /scan/photo (models/embedding-mean.json)",
  "src/features/targets/report.ts": "GET /report",
  "src/features/targets/day.ts": "GET /report/day",
  "src/features/stats/expenditure-view.ts": "GET /stats/expenditure",
  "src/features/stats/expenditure.ts": "GET /stats/expenditure",
  "src/db/schema.ts": "the first query built with drizzle's tables (db/store.ts), or the first meal insert",
};

type Graph = Record<string, { imports: { path: string; kind: string }[] }>;

/** Each module reachable by static imports from the entry points → the module that imported it first. */
function startPath(inputs: Graph, entries: string[]): Map<string, string | null> {
  const from = new Map<string, string | null>(entries.map((e) => [e, null]));
  const queue = [...entries];
  for (let at = queue.shift(); at !== undefined; at = queue.shift()) {
    for (const i of inputs[at]?.imports ?? []) {
      if (i.kind !== "import-statement" || from.has(i.path)) continue;
      from.set(i.path, at);
      queue.push(i.path);
    }
  }
  return from;
}

function chain(from: Map<string, string | null>, file: string): string {
  const names: string[] = [];
  for (let at: string | null | undefined = file; at; at = from.get(at)) names.push(at);
  return names.join(" ← ");
}

describe("the start path", () => {
  test("modules that only some requests need are not loaded by a start", async () => {
    const built = await Bun.build({
      entrypoints: [join(ROOT, "src/index.ts")],
      root: ROOT,
      splitting: true,
      target: "bun",
      format: "esm",
      metafile: true,
    });
    expect(built.success).toBe(true);
    const inputs = built.metafile!.inputs as Graph;
    // the executable imports serve.ts on `morsel serve` (src/index.ts), so its static imports load at start too
    const from = startPath(inputs, ["src/index.ts", "src/cli/serve.ts"]);
    expect(from.has("src/app.ts")).toBe(true); // the graph is the one we think it is
    const loaded = [...from.keys()].flatMap((file) => {
      const hit = Object.keys(LOADED_ON_FIRST_USE).find((m) =>
        file.replace(/^.*?node_modules\//, "node_modules/").startsWith(m),
      );
      return hit ? [`${hit} (for ${LOADED_ON_FIRST_USE[hit]}): ${chain(from, file)}`] : [];
    });
    expect(loaded).toEqual([]);
  }, 120_000);
});
