/**
 * The service worker: the app shell, the catalogue copy, the offline search's worker and the scanner's
 * wasm are cached at install (every built file; one cache per build, named by its content hash), so the
 * app opens and searches with no network after one visit (a dedicated worker's fetches come here too). Shell files are answered from that cache; a page load gets the cached shell when the
 * server cannot be reached. The API is never cached here: the app keeps its own data in IndexedDB.
 * A new build installs beside the old one and takes over at once; the pending queue lives in
 * IndexedDB, so it survives the update.
 */
/// <reference lib="webworker" />
declare const self: ServiceWorkerGlobalScope;
declare const __BUILD__: string;
declare const __PRECACHE__: string[];

const CACHE = `morsel-${__BUILD__}`;

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      await cache.addAll(__PRECACHE__.map((u) => new Request(u, { cache: "reload" })));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (key.startsWith("morsel-") && key !== CACHE) await caches.delete(key);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const req = event.request;
  const url = new URL(req.url);
  if (
    req.method !== "GET" ||
    url.origin !== location.origin ||
    url.pathname.startsWith("/api/") ||
    url.pathname === "/sw.js"
  )
    return;
  if (req.mode === "navigate") {
    // the newest shell when the server answers, the cached one when it does not
    event.respondWith(
      fetch(req).catch(async () => (await caches.match("/", { cacheName: CACHE })) ?? Response.error()),
    );
    return;
  }
  event.respondWith((async () => (await caches.match(req, { cacheName: CACHE })) ?? fetch(req))());
});
