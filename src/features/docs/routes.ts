/**
 * GET /docs — Swagger UI over /api/v1/openapi.json. Its assets come from the swagger-ui-dist
 * package and are served by us, so the page works with no network.
 */
import { Elysia } from "elysia";
import { ASSETS } from "../../assets";
import { AppError } from "../../lib/errors";

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
  <script>window.ui = SwaggerUIBundle({ url: "/api/v1/openapi.json", dom_id: "#swagger-ui" });</script>
</body>
</html>`;

export function docsRoutes() {
  return new Elysia()
    .get("/docs", () => new Response(PAGE, { headers: { "content-type": "text/html; charset=utf-8" } }), {
      detail: { hide: true },
    })
    .get(
      "/docs/assets/:file",
      ({ params }) => {
        const file = Object.hasOwn(FILES, params.file) ? FILES[params.file] : undefined;
        if (!file) throw new AppError("not_found", `no docs asset named ${params.file}`);
        return new Response(Bun.file(file.path), {
          headers: { "content-type": file.type, "cache-control": "public, max-age=86400" },
        });
      },
      { detail: { hide: true } },
    );
}
