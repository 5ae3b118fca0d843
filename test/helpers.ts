/**
 * Test harness: the real app over a fresh SQLite file in a temp dir and the real bundled
 * catalogue. Nothing of ours is mocked; the clock is injectable.
 */
import type { Recogniser } from "../src/features/scanner/recognition";
import { mkdtempSync, rmSync, statfsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "bun:test";
import { createApp, ready, type App, type AppOptions } from "../src/app";
import { SqliteStore, type Store } from "../src/db/store";
import { rows } from "../src/db/q";
import { postgresStore, TEST_BACKEND } from "./pg";
import { Catalogue } from "../src/db/catalogue";
import { openDatabase, type Db } from "../src/db/client";
import { loadConfig } from "../src/config";
import { FoodSearch } from "../src/features/foods/search";
import { quietLogger } from "../src/lib/log";
import type { OffClient } from "../src/features/imported/online";

/**
 * Real argon2id at a small cost (1 MiB, one pass): every registration and login still hashes and verifies, as
 * production does, but at about 1.6 ms of CPU instead of 63 ms at production's cost (DEFAULT_PASSWORD_COST, which
 * `morsel serve` processes, the browser tests and bench:auth use). The API suites hash thousands of times a run,
 * and no test here is about the cost itself: argon2's hash carries its parameters, so any cost verifies.
 */
export const TEST_PASSWORD_COST = { memoryCost: 1024, timeCost: 1 };

// One catalogue and search index per test process: they are read-only.
let shared: { catalogue: Catalogue; search: FoodSearch } | undefined;
export function catalogue(): { catalogue: Catalogue; search: FoodSearch } {
  if (!shared) {
    const c = new Catalogue(loadConfig([], {}).cataloguePath);
    shared = { catalogue: c, search: new FoodSearch(c) };
  }
  return shared;
}

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/**
 * Where test files go: a RAM-backed file system when the machine has a roomy one (/dev/shm with 2 GiB
 * free), else the system's temp dir; MORSEL_TEST_TMP overrides. They are real SQLite files either
 * way (WAL, fsync calls, other processes opening them); on tmpfs an fsync costs nothing, which was
 * two fifths of the sync property test's time. Durability itself is the crash test's
 * business: a killed process loses nothing the page cache holds, wherever the file is.
 */
const TEST_TMP = (() => {
  if (process.env.MORSEL_TEST_TMP) return process.env.MORSEL_TEST_TMP;
  try {
    const fs = statfsSync("/dev/shm");
    if (fs.bavail * fs.bsize >= 2 * 2 ** 30) return "/dev/shm";
  } catch {
    // no /dev/shm here
  }
  return tmpdir();
})();

export function tempDir(prefix = "morsel-test-"): string {
  const d = mkdtempSync(join(TEST_TMP, prefix));
  dirs.push(d);
  return d;
}

/** A settable clock: `clock.set("2026-11-22T08:00:00Z")`, `clock.advance(3600_000)`. */
export class Clock {
  private t: number;
  constructor(iso = "2026-11-22T12:00:00Z") {
    this.t = Date.parse(iso);
  }
  now = (): Date => new Date(this.t);
  set(iso: string): void {
    this.t = Date.parse(iso);
  }
  advance(ms: number): void {
    this.t += ms;
  }
}

export interface TestApp {
  /** The app (on PostgreSQL only once `started()` has settled). */
  app: App;
  /** The SQLite file's connection (SQLite only). */
  db: Db;
  /** The app once it is ready: on PostgreSQL its database is made on first use. */
  started: () => Promise<App>;
  /** Where its database is: the SQLite file's path, or the PostgreSQL database's URL. */
  databaseUrl: () => Promise<string>;
  /** The app's store (either backend), for work a test runs beside the app. */
  store: () => Promise<Store>;
  /** Raw SQL with `?` placeholders on the app's database, either backend (for looking at what was stored). */
  sql: <R>(text: string, ...params: (string | number | null)[]) => Promise<R[]>;
  dir: string;
  clock: Clock;
  secret: string;
  call: (method: string, path: string, opts?: CallOptions) => Promise<Reply>;
}

export interface CallOptions {
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
  /** Raw body text; sent as-is with the given or JSON content type. */
  raw?: string | Uint8Array;
}

export interface Reply {
  status: number;
  headers: Headers;
  json: any;
  text: string;
}

/**
 * Whether apps check every answer against its route's response schema (`validateResponses`), as tests
 * and development do. MORSEL_TEST_REPLIES=production (the test command's `test:production-replies`
 * pass over the API suites) turns it off, so the same tests go through production's reply path:
 * `reply()` serialising the value into a Response itself, which Elysia does not re-check.
 */
export const VALIDATE_RESPONSES = process.env.MORSEL_TEST_REPLIES !== "production";

/** Suites that search a lot through app.handle (one "address") are not about the anonymous budget; its own tests set it. */
const UNLIMITED_SEARCH = { burstMs: Number.MAX_SAFE_INTEGER, refillMsPerS: 0, floorMs: 0 };

export { TEST_BACKEND } from "./pg";

export function makeApp(
  opts: {
    clock?: Clock;
    secret?: string;
    offClient?: OffClient;
    passwordCost?: { memoryCost: number; timeCost: number };
    recogniser?: Recogniser;
    options?: Partial<AppOptions>;
    /**
     * A second server on the same database, over its own connections (another process, in
     * production): the same file on SQLite, the same database on PostgreSQL. Its clock and secret.
     */
    beside?: TestApp;
  } = {},
): TestApp {
  const dir = opts.beside?.dir ?? tempDir();
  const clock = opts.clock ?? opts.beside?.clock ?? new Clock();
  const secret = opts.secret ?? opts.beside?.secret ?? "test-secret-0123456789-abcdefghijklmnopqrstuvwxyz";
  const { catalogue: c, search } = catalogue();
  const options = (database: { db: Db } | { store: Store }): AppOptions => ({
    ...database,
    catalogue: c,
    search,
    jwtSecret: secret,
    now: clock.now,
    logger: quietLogger,
    validateResponses: VALIDATE_RESPONSES,
    logRequests: false,
    passwordCost: opts.passwordCost ?? TEST_PASSWORD_COST,
    offClient: opts.offClient ?? null,
    ...(opts.offClient ? { onlineLookupAtStart: true } : {}),
    ...(opts.recogniser ? { recogniser: opts.recogniser } : {}),
    searchBudget: UNLIMITED_SEARCH,
    signedInSearchBudget: UNLIMITED_SEARCH,
    registrationsPerHour: Number.MAX_SAFE_INTEGER,
    ...opts.options,
  });
  let started: () => Promise<App>;
  let databaseUrl: () => Promise<string>;
  let store: () => Promise<Store>;
  let testApp: Pick<TestApp, "app" | "db">;
  if (TEST_BACKEND === "sqlite") {
    const db = openDatabase(join(dir, "morsel.db"));
    const app = createApp(options({ db }));
    started = async () => app;
    databaseUrl = async () => db.$client.filename;
    const sqlite = new SqliteStore(db);
    store = async () => sqlite;
    testApp = { app, db };
  } else {
    let made: Promise<App> | undefined;
    let dispose: (() => Promise<void>) | undefined;
    let pgStore: Store | undefined;
    let url: string | undefined;
    let app: App | undefined;
    const build = async () => {
      const pg = await postgresStore(opts.beside && (await opts.beside.databaseUrl()));
      url = pg.url;
      dispose = pg.dispose;
      pgStore = pg.store;
      app = createApp(options({ store: pg.store }));
      await ready(app);
      return app;
    };
    started = () => (made ??= build());
    databaseUrl = async () => (await started(), url!);
    store = async () => (await started(), pgStore!);
    // scoped where makeApp was called: the file, the describe block, or (called in a test) that test
    afterAll(async () => {
      await made?.catch(() => undefined);
      await dispose?.();
    });
    testApp = Object.defineProperties({} as Pick<TestApp, "app" | "db">, {
      app: {
        get: () => {
          if (!app) throw new Error("on PostgreSQL the app is made on first use: `await t.started()` first");
          return app;
        },
      },
      db: {
        get: () => {
          throw new Error("t.db is the SQLite file: on PostgreSQL look with t.sql(…), or run this test on SQLite only");
        },
      },
    });
  }
  const sql = async <R>(text: string, ...params: (string | number | null)[]) =>
    (await store()).run(rows<R>(text, ...params));
  const call = async (method: string, path: string, o: CallOptions = {}): Promise<Reply> => {
    const headers: Record<string, string> = { ...o.headers };
    let body: string | Uint8Array | undefined;
    if (o.raw !== undefined) {
      body = o.raw;
      headers["content-type"] ??= "application/json";
    } else if (o.body !== undefined) {
      body = JSON.stringify(o.body);
      headers["content-type"] ??= "application/json";
    }
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    const res = await (await started()).handle(new Request(`http://localhost${path}`, { method, headers, body }));
    const text = await res.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: res.status, headers: res.headers, json, text };
  };
  return Object.defineProperties(
    { dir, clock, secret, call, started, sql, store, databaseUrl } as TestApp,
    Object.getOwnPropertyDescriptors(testApp),
  );
}

/** Asserts the contract's error envelope and returns it. */
export function expectError(
  r: Reply,
  status: number,
  code: string,
): { code: string; message: string; details?: { field?: string; message: string }[] } {
  if (r.status !== status || r.json?.error?.code !== code) {
    throw new Error(`expected ${status} ${code}, got ${r.status} ${r.text.slice(0, 300)}`);
  }
  if (typeof r.json.error.message !== "string" || r.json.error.message.length === 0)
    throw new Error("error without a message");
  if (/\bat .*\.(ts|js):\d+/.test(r.text)) throw new Error(`stack trace in error body: ${r.text}`);
  return r.json.error;
}

let userSeq = 0;
/** Registers a fresh user through the API; returns the token pair response. */
export async function registerUser(
  call: TestApp["call"],
  over: Partial<{ email: string; password: string; name: string; timezone: string }> = {},
) {
  const body = {
    email: `user${++userSeq}-${crypto.randomUUID().slice(0, 8)}@example.org`,
    password: "correct horse battery",
    name: "Ana",
    ...over,
  };
  const r = await call("POST", "/api/v1/register", { body });
  if (r.status !== 201) throw new Error(`register failed: ${r.status} ${r.text}`);
  return { ...r.json, password: body.password, email: body.email.trim().toLowerCase() } as {
    access_token: string;
    refresh_token: string;
    user: { id: number; email: string; name: string; timezone: string; role: "admin" | "user" };
    password: string;
    email: string;
  };
}

/** A fresh user with `api(method, path, body)` under /api/v1 and `push(mutations)` to /sync/push, as that user. */
export async function signedIn(app: Pick<TestApp, "call">, over: Parameters<typeof registerUser>[1] = {}) {
  const u = await registerUser(app.call, over);
  const auth = { token: u.access_token };
  return {
    ...u,
    api: (method: string, path: string, body?: unknown) => app.call(method, `/api/v1${path}`, { ...auth, body }),
    push: (mutations: object[]) => app.call("POST", "/api/v1/sync/push", { ...auth, body: { mutations } }),
  };
}

/** The payload of a JWT, without verifying it (tests inspect what we issued). */
export function jwtPayload(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString());
}
export function jwtHeader(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split(".")[0]!, "base64url").toString());
}

/**
 * A stand-in for the Open Food Facts v2 product endpoint on 127.0.0.1 (the one outside service
 * this machine cannot reach). `products` maps the 13-digit code to a product; codes listed in
 * `behaviour` answer 404, `status: 0`, with 503, or not until the stand-in stops ("slow": only a
 * client's own timeout can end such a call, so a test of it needs no clock).
 */
export function offStandIn(
  products: Record<string, Record<string, unknown>>,
  behaviour: Record<string, "404" | "status0" | "slow" | "503"> = {},
) {
  const requests: { path: string; userAgent: string | null }[] = [];
  let release = () => {};
  const stopped = new Promise<void>((resolve) => (release = resolve));
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(req) {
      const url = new URL(req.url);
      requests.push({ path: url.pathname, userAgent: req.headers.get("user-agent") });
      const code = url.pathname.match(/^\/api\/v2\/product\/(\d+)\.json$/)?.[1];
      if (!code) return new Response("not found", { status: 404 });
      const how = behaviour[code];
      if (how === "503") return new Response("busy", { status: 503 });
      if (how === "slow") await stopped;
      if (how === "404")
        return Response.json({ code, status: 0, status_verbose: "product not found" }, { status: 404 });
      if (how === "status0" || !products[code])
        return Response.json({ code, status: 0, status_verbose: "product not found" });
      return Response.json({ code, status: 1, status_verbose: "product found", product: products[code] });
    },
  });
  return { url: `http://127.0.0.1:${server.port}`, requests, stop: () => (release(), server.stop(true)) };
}

export { afterLastTest, commandEnv, processSql, processWithAccount, startProcess } from "./servers";

/** Waits until `done()` holds, checking every few ms: a condition, never a guess of wall-clock time (the test's timeout bounds it). */
export async function until(done: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await done())) await Bun.sleep(5);
}
