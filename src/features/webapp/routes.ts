/**
 * The web app at / (web/, built by scripts/build-web.ts into web/dist and listed in files.gen.ts,
 * so `bun run build` embeds it). Only the built files are served, each at its own path; the app
 * routes with the URL hash, so no path needs a fallback, and unknown paths (including /api/*) keep
 * their JSON 404.
 *
 * Before the first build (a fresh clone started with `bun src/index.ts serve`) there is no
 * files.gen.ts: the API works and `/` answers 503 with a page that says how to build the web app.
 * It is not built on start instead: the build takes seconds and writes into the source tree, and
 * servers started side by side (the tests start dozens) would each empty web/dist under the others.
 */
import { Elysia } from "elysia";
import { builtWebFiles } from "./files";

/** No inline script, nothing from another origin; wasm for the barcode worker; blob: for the camera and downloads. */
export const APP_CSP =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data: blob:; media-src 'self' blob:; connect-src 'self'; worker-src 'self'; manifest-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

const TYPES: Record<string, string> = {
  html: "text/html; charset=utf-8",
  js: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
  json: "application/json",
  webmanifest: "application/manifest+json",
  wasm: "application/wasm",
  png: "image/png",
};

function headersFor(path: string): Record<string, string> {
  const ext = path === "/" ? "html" : (path.split(".").pop() ?? "");
  return {
    "content-type": TYPES[ext] ?? "application/octet-stream",
    "content-security-policy": APP_CSP,
    "x-frame-options": "DENY",
    "referrer-policy": "no-referrer",
    // content-hashed names never change; everything else is checked on each visit (the service worker keeps the offline copy)
    "cache-control": path.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "no-cache",
  };
}

/** What `/` says when the web app is not built: the API works, and how to build the app. */
export const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Morsel: the web app is not built</title></head>
<body><main><h1>The web app is not built yet</h1>
<p>This server was started from source before its web app was built. The API works at <code>/api/v1</code>
(its description at <a href="/docs">/docs</a>).</p>
<p>To build the web app, run <code>bun scripts/build-web.ts</code> in the checkout, then restart the server
(<code>bun start</code> does both).</p></main></body></html>
`;

export function webappRoutes() {
  let app = new Elysia();
  const files = builtWebFiles();
  if (!files) {
    const headers = { ...headersFor("/"), "cache-control": "no-store" };
    return app.get("/", () => new Response(NOT_BUILT_PAGE, { status: 503, headers }), {
      detail: { hide: true },
    }) as unknown as typeof app;
  }
  for (const [path, file] of Object.entries(files)) {
    const headers = headersFor(path);
    app = app.get(path, () => new Response(Bun.file(file), { headers }), {
      detail: { hide: true },
    }) as unknown as typeof app;
  }
  return app;
}
