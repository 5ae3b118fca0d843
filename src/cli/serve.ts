/**
 * `morsel serve`: reads config, opens the databases, calls createApp and listens, and stops
 * gracefully on SIGTERM/SIGINT. src/index.ts imports this module only for `serve`: it loads the
 * whole app, and the app serves the built web app (files.gen.ts, written by scripts/build-web.ts).
 * Every command works before any build: without the web app, serve answers `/` with a page that says
 * how to build it (features/webapp/routes.ts) and warns at start.
 */
import { join } from "node:path";
import { createApp, ready } from "../app";
import { extracted } from "../assets";
import { Registration } from "../features/auth/registration";
import { ConfigError, configFrom, describeConfig, isLoopback } from "../config";
import type { CommandLine } from "../args";
import { checkLoopbackTwin, listen, prepareDataDir } from "./startup";
import { Catalogue } from "../db/catalogue";
import { FoodSearch } from "../features/foods/search";
import { openUserDatabase, secretInDatabase } from "../db/open";
import { OffClient } from "../features/imported/online";
import { recogniserFor } from "../features/scanner/recognition";
import { startServer } from "../http/server";
import { builtWebFiles } from "../features/webapp/files";
import { jsonLogger } from "../lib/log";
import { loadOrCreateSecret } from "../lib/secret";
import { setNativeLibDir } from "../lib/sharp";
import { VERSION } from "../version";

/** How long a graceful stop waits for in-flight requests before closing connections. */
const DRAIN_MS = 10_000;

export async function serve(cl: CommandLine): Promise<void> {
  if (cl.positionals.length)
    throw new ConfigError(`"morsel serve" takes no arguments besides flags, got "${cl.positionals[0]}"`);
  const config = configFrom(cl.values);
  prepareDataDir(config.dataDir);
  const database = await openUserDatabase(config.database, config.dataDir);
  const { store } = database;
  // on PostgreSQL every process must verify every other's tokens: the secret lives in the database
  const {
    secret,
    created,
    path: secretPath,
  } = database.sqlite
    ? loadOrCreateSecret(config.dataDir)
    : { ...(await store.run(secretInDatabase(new Date()))), path: "the database" };
  // Inside the executable the catalogue is embedded; SQLite needs it as a file, so it is copied
  // into the data dir once (per catalogue build) and opened read-only from there.
  const catalogue = new Catalogue(extracted(config.cataloguePath, config.dataDir));
  setNativeLibDir(join(config.dataDir, "lib"));
  const offClient = new OffClient({ baseUrl: config.offUrl }); // asked only while the admin's setting allows it
  const lifecycle = { draining: false };
  const search = new FoodSearch(catalogue);
  const app = createApp({
    store, // the one store on this database: the app runs its work, the lines below ask it too
    ...(database.sqlite ? { db: database.sqlite } : {}),
    catalogue,
    search,
    jwtSecret: secret,
    logger: jsonLogger,
    logRequests: config.logRequests,
    offClient,
    lifecycle,
    tombstoneDays: config.tombstoneDays,
    recogniser: recogniserFor(config.photoWorkers, jsonLogger),
    trustProxy: config.trustProxy,
    allowedHosts: config.allowedHosts,
    registrationMode: config.registration ?? undefined,
    onlineLookupAtStart: config.onlineLookup ?? undefined,
    corsOrigins: config.corsOrigins,
    metrics: config.metrics ? { token: config.metricsToken } : null,
    forwardAuth: config.forwardAuth,
    publicUrl: config.publicUrl,
    oidc: config.oidc,
    passwordLogin: config.passwordLogin,
  });
  await ready(app);
  checkLoopbackTwin(config);
  // each route's body limit answers in the API's error format (src/http/server.ts: SERVER_BODY_LIMIT)
  const server = listen(() => startServer(app, { port: config.port, hostname: config.host }), config);
  // The search index (~120 ms) is built a second after the server listens instead of before: the
  // first requests are not kept waiting for it, and the first search usually finds it ready.
  setTimeout(() => search.warm(), 1000).unref();
  const registration = new Registration();
  if (!isLoopback(config.host) && (await store.run(registration.mode())) === "open") {
    jsonLogger.warn("registration is open", {
      detail: `this server listens on ${config.host}, and anyone who can reach it may create an account; start it with --registration invite (or closed) to stop that, or have the admin switch it (PATCH /api/v1/admin/settings)`,
    });
  } else if (!isLoopback(config.host) && !(await store.run(registration.hasUsers()))) {
    jsonLogger.warn("no account yet", {
      detail: `the first account registered becomes the admin, whatever --registration says; register yours now`,
    });
  }

  if (!builtWebFiles())
    jsonLogger.warn("the web app is not built", {
      detail: "the API works; / says how to build the app: run bun scripts/build-web.ts, then restart",
    });
  jsonLogger.info("morsel started", {
    version: VERSION,
    ...describeConfig(config),
    jwt_secret: `${secretPath} (${created ? "generated now" : "kept"}, value masked)`,
    foods: catalogue.foodCount,
    url: `http://${config.host}:${server.port}`,
  });
  const stop = async (signal: string) => {
    if (lifecycle.draining) return;
    lifecycle.draining = true;
    jsonLogger.info("stopping", { signal });
    const force = setTimeout(() => server.stop(true), DRAIN_MS);
    await server.stop(false); // no new connections; in-flight requests finish
    clearTimeout(force);
    await database.close();
    catalogue.close();
    jsonLogger.info("stopped", { signal });
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}
