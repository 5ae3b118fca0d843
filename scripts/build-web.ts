#!/usr/bin/env bun
/**
 * Builds the web app into web/dist/ and writes src/features/webapp/files.gen.ts, the list of files
 * the server serves at / (and embeds in `bun run build`'s executable). Both outputs are generated
 * (git-ignored); `bun start`, `bun run test` and `bun run build` run this first.
 *
 * Inputs:
 * - web/src/ (Preact app), web/sw.ts, web/search-worker.ts, web/scan-worker.ts, web/app.css, web/index.html, bundled with
 *   Bun's bundler; the food ranker and meal arithmetic come from src/features/ (one ranker);
 * - data/catalogue.sqlite → web/dist/catalogue.json, the compact offline copy: per food its ranking
 *   fields (name, group, synonyms, portion count, brand) and the eight meal nutrients, and every
 *   portion;
 * - node_modules/zxing-wasm/dist/reader/zxing_reader.wasm, for live scanning in the browser;
 * - the icon is drawn here (an SVG) and rasterised with sharp to 192 and 512 px.
 *
 *   bun scripts/build-web.ts            # build, print the sizes
 */
import { Database } from "bun:sqlite";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { gzipSync } from "node:zlib";
import sharp from "sharp";
import { MEAL_NUTRIENT_KEYS } from "../src/db/nutrients";

const ROOT = join(import.meta.dir, "..");
const WEB = join(ROOT, "web");
const DIST = join(WEB, "dist");
const GEN = join(ROOT, "src", "features", "webapp", "files.gen.ts");

rmSync(DIST, { recursive: true, force: true });
mkdirSync(join(DIST, "assets"), { recursive: true });
mkdirSync(join(DIST, "icons"), { recursive: true });

const hash = (b: Uint8Array | string) => new Bun.CryptoHasher("sha256").update(b).digest("hex").slice(0, 10);
const write = (rel: string, data: string | Uint8Array) => {
  mkdirSync(dirname(join(DIST, rel)), { recursive: true });
  writeFileSync(join(DIST, rel), data);
};

async function bundle(entry: string, naming: string, splitting: boolean) {
  const r = await Bun.build({
    entrypoints: [join(WEB, entry)],
    outdir: DIST,
    target: "browser",
    format: "esm",
    splitting,
    minify: true,
    naming: { entry: naming, chunk: "assets/chunk-[hash].[ext]", asset: "assets/[name]-[hash].[ext]" },
    tsconfig: join(WEB, "tsconfig.json"),
    define: { "process.env.NODE_ENV": '"production"' },
  });
  if (!r.success) {
    for (const log of r.logs) console.error(log);
    throw new Error(`bundling ${entry} failed`);
  }
  return r.outputs.map((o) => relative(DIST, o.path));
}

// 1. the app, the offline search's worker (the ranker and the catalogue copy, off the page's thread; not part
// of the first load) and the scanner worker
const app = await bundle("src/main.tsx", "assets/app-[hash].[ext]", true);
await bundle("search-worker.ts", "search-worker.[ext]", false);
await bundle("scan-worker.ts", "scan-worker.[ext]", false);
const entry = app.find((f) => f.startsWith("assets/app-"))!;
write("zxing_reader.wasm", readFileSync(join(ROOT, "node_modules/zxing-wasm/dist/reader/zxing_reader.wasm")));

// 2. styles and the page
const css = readFileSync(join(WEB, "app.css"));
const cssName = `assets/app-${hash(css)}.css`;
write(cssName, css);
write(
  "index.html",
  readFileSync(join(WEB, "index.html"), "utf8").replace("__CSS__", `/${cssName}`).replace("__JS__", `/${entry}`),
);

// 3. the offline catalogue copy
const db = new Database(join(ROOT, "data", "catalogue.sqlite"), { readonly: true });
const cols = MEAL_NUTRIENT_KEYS.join(", ");
const foods = db
  .query(`SELECT id, name, group_code, synonyms, portion_count, brand, ${cols}, short_name FROM food ORDER BY id`)
  .values();
// [food, id, name, amount, grams, 1 when it is the food's natural serving (default_portion)]
const portions = db
  .query(
    "SELECT p.food_id, p.id, p.name, p.amount, p.grams, CASE WHEN f.default_portion_id = p.id THEN 1 ELSE 0 END FROM portion p JOIN food f ON f.id = p.food_id ORDER BY p.food_id, p.seq",
  )
  .values();
const version =
  (db.query("SELECT value FROM meta WHERE key = 'version'").get() as { value: string } | null)?.value ?? "unknown";
write("catalogue.json", JSON.stringify({ version, foods, portions }));
db.close();

// 4. icons and the manifest
const icon = (size: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100"><rect width="100" height="100" fill="#2f6f4e"/><circle cx="50" cy="54" r="28" fill="#f4efe6"/><path d="M50 26c4-10 14-12 20-10-2 8-10 12-20 10z" fill="#9bd17b"/><circle cx="50" cy="54" r="9" fill="#2f6f4e"/></svg>`;
for (const size of [192, 512])
  write(
    `icons/icon-${size}.png`,
    await sharp(Buffer.from(icon(size)))
      .png()
      .toBuffer(),
  );
write(
  "manifest.webmanifest",
  JSON.stringify({
    name: "Morsel",
    short_name: "Morsel",
    description: "Self-hosted calorie tracker that works offline",
    start_url: "/",
    scope: "/",
    display: "standalone",
    background_color: "#f4efe6",
    theme_color: "#2f6f4e",
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any maskable" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any maskable" },
    ],
  }),
);

// 5. the service worker, with this build's file list and a version that changes with any of them
const shell = Array.from(new Bun.Glob("**/*").scanSync({ cwd: DIST })).sort();
const precache = shell.map((f) => (f === "index.html" ? "/" : `/${f}`));
const build = hash(
  shell
    .map((f) => readFileSync(join(DIST, f)))
    .reduce((h, b) => h.update(b), new Bun.CryptoHasher("sha256"))
    .digest("hex"),
);
const sw = await Bun.build({
  entrypoints: [join(WEB, "sw.ts")],
  target: "browser",
  minify: true,
  define: { __BUILD__: JSON.stringify(build), __PRECACHE__: JSON.stringify(precache) },
});
if (!sw.success) throw new Error("bundling the service worker failed");
write("sw.js", await sw.outputs[0]!.text());

// 6. what the server serves
const files = [...shell, "sw.js"].sort();
const lines = files.map((f, i) => `import f${i} from "../../../web/dist/${f}" with { type: "file" };`);
const map = files.map((f, i) => `  ${JSON.stringify(f === "index.html" ? "/" : `/${f}`)}: f${i},`);
writeFileSync(
  GEN,
  `// @ts-nocheck: files imported for their paths (type: "file"), which TypeScript cannot type
// Generated by scripts/build-web.ts (build ${build}); do not edit.\n${lines.join("\n")}\n\n/** URL path → file. */\nexport const WEB_FILES: Record<string, string> = {\n${map.join("\n")}\n};\nexport const WEB_BUILD = ${JSON.stringify(build)};\n`,
);

// 7. sizes: the first load (the page's script and what it imports statically) against the 150 KB budget, and
// all the JavaScript against 210 KB
const gz = (f: string) => gzipSync(readFileSync(join(DIST, f))).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const firstLoad = [entry, ...staticImports(entry)];
const total = firstLoad.reduce((n, f) => n + gz(f), 0);
console.log(`web app built (${build}): ${files.length} files in web/dist`);
console.log(`  first load JS: ${firstLoad.join(", ")}: ${kb(total)} gzipped (budget 150 KB)`);
for (const f of files.filter((f) => !firstLoad.includes(f) && /\.(js|json|wasm|css)$/.test(f)))
  console.log(`  ${f}: ${kb(gz(f))} gzipped`);
if (total > 150 * 1024) throw new Error(`first-load JavaScript is ${kb(total)} gzipped, over the 150 KB budget`);
// every script the app can load (its chunks, the workers, the service worker): what a person's device may
// fetch and parse in all, which first-load splitting alone does not bound (docs/performance.md, "Web bundle")
const scripts = files.filter((f) => f.endsWith(".js"));
const all = scripts.reduce((n, f) => n + gz(f), 0);
const raw = scripts.reduce((n, f) => n + readFileSync(join(DIST, f)).length, 0);
console.log(`  all JS: ${scripts.length} files, ${kb(all)} gzipped, ${kb(raw)} minified (budget 210 KB gzipped)`);
if (all > 210 * 1024) throw new Error(`the web app's JavaScript is ${kb(all)} gzipped in all, over the 210 KB budget`);

function staticImports(f: string, seen = new Set<string>()): string[] {
  const text = readFileSync(join(DIST, f), "utf8");
  for (const m of text.matchAll(/(?:^|[;}\s])import\s*(?:[\w*{}\s,$]+from\s*)?["']\.?\/?([^"']+\.js)["']/g)) {
    const dep = m[1]!.startsWith("assets/") ? m[1]! : `assets/${m[1]!.replace(/^\.\//, "")}`;
    if (!seen.has(dep)) {
      seen.add(dep);
      staticImports(dep, seen);
    }
  }
  return [...seen];
}
