#!/usr/bin/env bun
/**
 * The entry point: picks the command; `serve` reads config, opens the databases, calls createApp
 * and listens, and stops gracefully on SIGTERM/SIGINT. Other commands live in src/cli/.
 */
import { join } from "node:path";
import { extracted } from "./assets";
import { backupCommand, importCommand } from "./cli/commands";
import { userCommand } from "./cli/user";
import { healthcheckCommand } from "./cli/healthcheck";
import { Registration } from "./features/auth/registration";
import { COMMAND_HELP, HELP } from "./cli/help";
import { ConfigError, configFrom, describeConfig, isLoopback } from "./config";
import { parseCommandLine, type CommandLine } from "./args";
import { checkLoopbackTwin, explainStartError, listen, prepareDataDir } from "./cli/startup";
import { Catalogue } from "./db/catalogue";
import { FoodSearch } from "./features/foods/search";
import { openUserDatabase, secretInDatabase } from "./db/open";
import { OffClient } from "./features/imported/online";
import { recogniserFor } from "./features/scanner/recognition";
import { PHOTO_WORKER_COMMAND } from "./features/scanner/recognition/process-worker";
import { jsonLogger } from "./lib/log";
import { loadOrCreateSecret } from "./lib/secret";
import { setNativeLibDir } from "./lib/sharp";
import { VERSION } from "./version";

/** How long a graceful stop waits for in-flight requests before closing connections. */
const DRAIN_MS = 10_000;

async function serve(cl: CommandLine): Promise<void> {
  // imported here, not at the top: the app serves the built web app (files.gen.ts, written by
  // scripts/build-web.ts), and `--help`, `--version` and the other commands must work before any build
  const { createApp, ready } = await import("./app");
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
  });
  // Bun refuses bodies above this itself; every route has a lower limit of its own (JSON 1 MiB, photos
  // 10 MB, imports 64 MiB) that answers in the API's error format. Elysia asks Bun for reusePort,
  // which let a second server share the port (requests alternated between two databases): off.
  await ready(app);
  checkLoopbackTwin(config);
  const server = listen(
    () =>
      app.listen({ port: config.port, hostname: config.host, maxRequestBodySize: 65 * 1024 * 1024, reusePort: false }),
    config,
  );
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

  jsonLogger.info("morsel started", {
    version: VERSION,
    ...describeConfig(config),
    jwt_secret: `${secretPath} (${created ? "generated now" : "kept"}, value masked)`,
    foods: catalogue.foodCount,
    url: `http://${config.host}:${server.server?.port}`,
  });
  const stop = async (signal: string) => {
    if (lifecycle.draining) return;
    lifecycle.draining = true;
    jsonLogger.info("stopping", { signal });
    const force = setTimeout(() => server.server?.stop(true), DRAIN_MS);
    await server.server?.stop(false); // no new connections; in-flight requests finish
    clearTimeout(force);
    await database.close();
    catalogue.close();
    jsonLogger.info("stopped", { signal });
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

async function main(argv: string[]): Promise<void> {
  const cl = parseCommandLine(argv);
  if (cl.values.version) return void console.log(VERSION);
  if (cl.values.help || cl.command === "help") {
    // `morsel --help`: everything; `morsel backup --help` or `morsel help backup`: that command
    const topic = cl.command === "help" ? cl.positionals[0] : cl.command;
    return void console.log((topic && argv.some((a) => a === topic) && COMMAND_HELP[topic]) || HELP);
  }
  switch (cl.command) {
    case "serve":
      return await serve(cl);
    case "import":
      // loaded only for this command: it builds the whole service set, which serve loads through app.ts
      return (await import("./cli/import-tracker")).importTrackerCommand(cl);
    case "import-off":
      return importCommand(cl);
    case "backup":
    case "restore":
      return backupCommand(cl, cl.command);
    case "user":
      return userCommand(cl);
    case "healthcheck":
      return healthcheckCommand(cl);
  }
}

try {
  // the executable started as one of its own photo workers (features/scanner/recognition/process-worker.ts)
  if (process.argv[2] === PHOTO_WORKER_COMMAND) await import("./features/scanner/recognition/worker");
  else await main(process.argv.slice(2));
} catch (e) {
  if (e instanceof ConfigError) {
    console.error(`morsel: ${e.message}\nRun "morsel --help" for the options.`);
    process.exit(2);
  }
  console.error(`morsel: could not start: ${explainStartError(e)}`);
  process.exit(1);
}
