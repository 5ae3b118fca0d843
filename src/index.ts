#!/usr/bin/env bun
/**
 * The entry point: parses the command, reads config, opens the databases, calls createApp and
 * listens. No behaviour lives here.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { createApp } from "./app";
import { ConfigError, describeConfig, loadConfig, parseFlags } from "./config";
import { Catalogue } from "./db/catalogue";
import { openDatabase } from "./db/client";
import { loadOrCreateSecret } from "./lib/secret";
import { jsonLogger } from "./lib/log";
import { VERSION } from "./version";

const HELP = `morsel ${VERSION} — self-hosted calorie tracker

Usage:
  morsel [serve] [options]     start the HTTP API (default command)
  morsel --help                this text
  morsel --version             print the version

Options (flags win over environment variables):
  --port N            port to listen on (PORT, default 3000; 0 picks a free port)
  --host ADDR         address to bind (MORSEL_HOST, default 127.0.0.1; 0.0.0.0 for every interface)
  --data-dir DIR      where the database and JWT secret live (MORSEL_DATA_DIR,
                      default $XDG_DATA_HOME/morsel or ~/.local/share/morsel; created if missing)
  --catalogue FILE    food catalogue SQLite file (MORSEL_CATALOGUE, default: the bundled one)
  --log-requests B    one JSON line per request, true or false (MORSEL_LOG_REQUESTS, default true)

The API is served under /api/v1; /docs shows its OpenAPI description; /healthz answers liveness.
`;

function main(argv: string[]): void {
  const { flags, rest } = parseFlags(argv);
  if (flags.has("help") || rest[0] === "help") {
    console.log(HELP);
    return;
  }
  if (flags.has("version")) {
    console.log(VERSION);
    return;
  }
  const command = rest[0] ?? "serve";
  if (command !== "serve") {
    console.error(`morsel: unknown command "${command}"\n\n${HELP}`);
    process.exit(2);
  }
  const config = loadConfig(argv);
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const { secret, created, path: secretPath } = loadOrCreateSecret(config.dataDir);
  const db = openDatabase(join(config.dataDir, "morsel.db"));
  const catalogue = new Catalogue(config.cataloguePath);
  const app = createApp({ db, catalogue, jwtSecret: secret, logger: jsonLogger, logRequests: config.logRequests });
  const server = app.listen({ port: config.port, hostname: config.host, maxRequestBodySize: 16 * 1024 * 1024 });
  jsonLogger.info("morsel started", {
    version: VERSION,
    ...describeConfig(config),
    jwt_secret: `${secretPath} (${created ? "generated now" : "kept"}, value masked)`,
    foods: catalogue.foodCount,
    url: `http://${config.host}:${server.server?.port}`,
  });
}

try {
  main(process.argv.slice(2));
} catch (e) {
  if (e instanceof ConfigError) {
    console.error(`morsel: ${e.message}\nRun "morsel --help" for the options.`);
    process.exit(2);
  }
  console.error(`morsel: could not start: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
}
