/**
 * A stand-in for Open Food Facts on 127.0.0.1 (nothing here can reach it): its text search
 * (`/cgi/search.pl`) and its v2 product endpoint, over one list of products. Words listed in
 * `behaviour` answer 503, or not until the stand-in stops ("slow": only the client's own timeout ends
 * such a call, so a test of it needs no clock). Every request is recorded with its query and headers.
 */
export type Product = Record<string, unknown> & { code: string };

export function offSearchStandIn(products: Product[], behaviour: Record<string, "slow" | "503" | "garbage"> = {}) {
  const requests: { path: string; query: Record<string, string>; headers: Record<string, string> }[] = [];
  let release = () => {};
  const stopped = new Promise<void>((resolve) => (release = resolve));
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(req) {
      const url = new URL(req.url);
      requests.push({
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: Object.fromEntries(req.headers),
      });
      const code = url.pathname.match(/^\/api\/v2\/product\/(\d+)\.json$/)?.[1];
      if (code) {
        const product = products.find((p) => p.code === code);
        return Response.json(product ? { code, status: 1, product } : { code, status: 0 });
      }
      if (url.pathname !== "/cgi/search.pl") return new Response("not found", { status: 404 });
      const words = (url.searchParams.get("search_terms") ?? "").toLowerCase();
      const how = behaviour[words];
      if (how === "503") return new Response("busy", { status: 503 });
      if (how === "garbage") return new Response("<html>maintenance</html>", { status: 200 });
      if (how === "slow") await stopped;
      const found = products.filter((p) =>
        // each word's first five letters, as a stemming search finds "digestives" in "Digestive biscuits"
        words.split(" ").every((w) => `${p.product_name} ${p.brands}`.toLowerCase().includes(w.slice(0, 5))),
      );
      const size = Number(url.searchParams.get("page_size") ?? 24);
      // pagination numbers come as strings from the legacy search, as the real one sends them
      return Response.json({
        count: String(found.length),
        page: "1",
        page_size: String(size),
        products: found.slice(0, size),
      });
    },
  });
  return { url: `http://127.0.0.1:${server.port}`, requests, stop: () => (release(), server.stop(true)) };
}
