/**
 * GET /docs — Swagger UI over /api/v1/openapi.json (served here too). Its assets come from the swagger-ui-dist
 * package and are served by us, so the page works with no network.
 */
import { Elysia } from "elysia";
import { ASSETS } from "../../assets";
import { AppError } from "../../lib/errors";
import { ErrorSchema } from "../../schema/schemas";
import { VERSION } from "../../version";
import type { buildOpenApi } from "./openapi";

const FILES: Record<string, { path: string; type: string }> = {
  "swagger-ui.css": { path: ASSETS.swaggerCss, type: "text/css; charset=utf-8" },
  "swagger-ui-bundle.js": { path: ASSETS.swaggerJs, type: "text/javascript; charset=utf-8" },
};

const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Morsel API</title>
  <link rel="stylesheet" href="/docs/assets/swagger-ui.css">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="/docs/assets/swagger-ui-bundle.js"></script>
  <script src="/docs/assets/init.js"></script>
</body>
</html>`;

const INIT = `window.ui = SwaggerUIBundle({ url: "/api/v1/openapi.json", dom_id: "#swagger-ui" });`;

/**
 * The page runs only our own scripts (the start-up call is a file, not inline) and may not be framed
 * (clickjacking). Swagger UI sets inline styles and shows data: images, hence those two allowances.
 */
const PAGE_HEADERS = {
  "content-type": "text/html; charset=utf-8",
  "content-security-policy":
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  "x-frame-options": "DENY",
  "referrer-policy": "no-referrer",
};

export function docsRoutes() {
  return new Elysia()
    .get("/docs", () => new Response(PAGE, { headers: PAGE_HEADERS }), {
      detail: { hide: true },
    })
    .get(
      "/docs/assets/:file",
      ({ params }) => {
        if (params.file === "init.js")
          return new Response(INIT, { headers: { "content-type": "text/javascript; charset=utf-8" } });
        const file = Object.hasOwn(FILES, params.file) ? FILES[params.file] : undefined;
        if (!file) throw new AppError("not_found", `no docs asset named ${params.file}`);
        return new Response(Bun.file(file.path), {
          headers: { "content-type": file.type, "cache-control": "public, max-age=86400" },
        });
      },
      { detail: { hide: true } },
    );
}

/**
 * GET /api/v1/openapi.json, built on first request from every route's schemas (openapi.ts); its builder
 * and examples are imported then too, not at start (bench:binary).
 */
export function openApiRoute(routes: () => readonly { method: string; path: string; hooks: unknown }[]) {
  let doc: string | undefined;
  return new Elysia().get(
    "/api/v1/openapi.json",
    async () => {
      if (doc === undefined) {
        const [{ buildOpenApi }, { OPENAPI_EXAMPLES }] = await Promise.all([import("./openapi"), import("./examples")]);
        doc = JSON.stringify(
          buildOpenApi(routes() as Parameters<typeof buildOpenApi>[0], {
            version: VERSION,
            errorSchema: ErrorSchema,
            examples: OPENAPI_EXAMPLES,
          }),
        );
      }
      return new Response(doc, { headers: { "content-type": "application/json; charset=utf-8" } });
    },
    { detail: { hide: true } },
  );
}
