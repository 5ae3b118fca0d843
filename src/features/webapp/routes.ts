/**
 * The web app at / (web/, built by scripts/build-web.ts into web/dist and listed in files.gen.ts,
 * so `bun run build` embeds it). Only the built files are served, each at its own path; the app
 * routes with the URL hash, so no path needs a fallback, and unknown paths (including /api/*) keep
 * their JSON 404.
 */
import { Elysia } from "elysia";
import { WEB_FILES } from "./files.gen";

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

export function webappRoutes() {
  let app = new Elysia();
  for (const [path, file] of Object.entries(WEB_FILES)) {
    const headers = headersFor(path);
    app = app.get(path, () => new Response(Bun.file(file), { headers }), {
      detail: { hide: true },
    }) as unknown as typeof app;
  }
  return app;
}
