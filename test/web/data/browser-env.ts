/**
 * The browser that the web app's data modules (web/src/store.ts, records/, sync/) expect, in bun: IndexedDB from
 * fake-indexeddb (a complete in-memory implementation of the standard), localStorage, the document's visibility,
 * and the page's origin, against which the app's "/api/v1/…" requests resolve. Nothing of ours is stood in for:
 * the modules under test run as they do in the page, against a real server on port 0 where a test names one.
 *
 * Each test file calls `browser()` at its top: bun loads this module once per process, so the page is set up
 * for each file's tests and taken down after them.
 */
import "fake-indexeddb/auto";
import { afterAll, beforeAll, beforeEach } from "bun:test";
import { IDBFactory } from "fake-indexeddb";

/** Nothing listens on port 1: until a test serves the page from its server, every request finds no server. */
const NOWHERE = "http://127.0.0.1:1";
let origin = NOWHERE;
/** The /sync/push requests sent since the last `serveFrom` (the page's own requests, counted as a proxy would). */
export const sent = { pushes: 0 };

/** The page is served from `url` (a server on port 0); requests go there from now on. */
export function serveFrom(url: string): void {
  origin = url;
  sent.pushes = 0;
}
/** The server cannot be reached (the network is down) until the next `serveFrom`. */
export const goOffline = () => serveFrom(NOWHERE);

class MemoryStorage {
  private readonly items = new Map<string, string>();
  getItem = (k: string) => this.items.get(k) ?? null;
  setItem = (k: string, v: string) => void this.items.set(k, String(v));
  removeItem = (k: string) => void this.items.delete(k);
  clear = () => this.items.clear();
}

const g = globalThis as Record<string, unknown>;
const bun = { fetch: globalThis.fetch, localStorage: g.localStorage, document: g.document };
/** The page's own origin as web/src/api.ts reads it at load (no `location` in bun): its requests go to `origin`. */
const PAGE = "http://localhost";
const pageFetch = (input: string | URL | Request, init?: RequestInit) => {
  const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
  const path = url.startsWith("/") ? url : url.startsWith(`${PAGE}/`) ? url.slice(PAGE.length) : null;
  if (path === null) return bun.fetch(input, init);
  if (path.startsWith("/api/v1/sync/push")) sent.pushes++;
  // the app sends a Request (api.ts): its method, headers and body go along to the page's server
  return input instanceof Request
    ? bun.fetch(new Request(`${origin}${path}`, input), init)
    : bun.fetch(`${origin}${path}`, init);
};
const storage = new MemoryStorage();

/** This file's tests run in the page: each starts with an empty browser (no databases, no session), offline. */
export function browser(): void {
  beforeAll(() => {
    g.fetch = Object.assign(pageFetch, bun.fetch);
    g.localStorage = storage;
    // sync/index.ts listens for the tab coming back into view (start/stop)
    g.document = Object.assign(new EventTarget(), { visibilityState: "visible" });
  });
  beforeEach(() => {
    g.indexedDB = new IDBFactory();
    storage.clear();
    goOffline();
  });
  // the other files in this process see bun's own globals again
  afterAll(() => Object.assign(g, bun));
}

/** Another browser (another device of the same person): an IndexedDB of its own from here on. */
export function otherBrowser(): void {
  g.indexedDB = new IDBFactory();
}
