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
import { importOff } from "./features/imported/import";
import { OffClient } from "./features/imported/online";
import { backup, restore } from "./db/backup";
import { extracted } from "./assets";
import { setNativeLibDir } from "./lib/sharp";
import { progressBar } from "./lib/progress";

const HELP = `morsel ${VERSION} — self-hosted calorie tracker

Usage:
  morsel [serve] [options]     start the HTTP API (default command)
  morsel import-off FILE       import an Open Food Facts export (JSONL or CSV/TSV, plain or .gz)
                               into the data dir, so barcode scans find those products offline;
                               safe to re-run; bad lines are skipped and listed by number
  morsel backup PATH           write a consistent copy of the database to PATH (the server may keep running)
  morsel restore PATH          replace the database with the backup at PATH (stop the server first;
                               the current database is kept beside it as morsel.db.before-restore-…)
  morsel --help                this text
  morsel --version             print the version

Options (flags win over environment variables):
  --port N            port to listen on (PORT, default 3000; 0 picks a free port)
  --host ADDR         address to bind (MORSEL_HOST, default 127.0.0.1; 0.0.0.0 for every interface)
  --data-dir DIR      where the database and JWT secret live (MORSEL_DATA_DIR,
                      default $XDG_DATA_HOME/morsel or ~/.local/share/morsel; created if missing)
  --catalogue FILE    food catalogue SQLite file (MORSEL_CATALOGUE, default: the bundled one)
  --log-requests B    one JSON line per request, true or false (MORSEL_LOG_REQUESTS, default true)
  --online-lookup B   on a barcode miss, ask Open Food Facts online and keep the answer
                      (MORSEL_ONLINE_LOOKUP, default false: nothing ever leaves the machine)
  --off-url URL       Open Food Facts base URL for that lookup (MORSEL_OFF_URL)

The API is served under /api/v1; /docs shows its OpenAPI description; /healthz answers liveness.
`;

async function importCommand(argv: string[], file: string | undefined): Promise<void> {
  if (!file) {
    console.error("morsel import-off: give the export file to import\n\n" + HELP);
    process.exit(2);
  }
  const config = loadConfig(argv);
  if (!(await Bun.file(file).exists())) {
    console.error(`morsel import-off: no file at ${file}`);
    process.exit(2);
  }
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const db = openDatabase(join(config.dataDir, "morsel.db"));
  const bar = progressBar("importing");
  const report = await importOff(db, file, {
    onProgress: ({ bytesRead, bytesTotal, lines }) => bar.update(bytesRead, bytesTotal, `${lines.toLocaleString("en")} lines`),
  });
  bar.done();
  const rate = Math.round(report.lines / Math.max(report.seconds, 0.001));
  console.log(
    `${file}: ${report.format}${report.gzip ? " (gzip)" : ""}, ${report.lines} lines in ${report.seconds.toFixed(1)} s (${rate} lines/s): ` +
      `${report.inserted} new, ${report.updated} updated, ${report.unchanged} unchanged, ${report.skippedCount} skipped`,
  );
  for (const s of report.skipped) console.log(`  line ${s.line}: ${s.reason}`);
  if (report.skippedCount > report.skipped.length) console.log(`  … and ${report.skippedCount - report.skipped.length} more skipped lines`);
  if (report.error) {
    console.error(`morsel import-off: ${report.error}`);
    process.exit(1);
  }
}

function backupCommand(argv: string[], command: "backup" | "restore", path: string | undefined): void {
  if (!path) {
    console.error(`morsel ${command}: give the backup file's path\n\n${HELP}`);
    process.exit(2);
  }
  const config = loadConfig(argv);
  const live = join(config.dataDir, "morsel.db");
  try {
    if (command === "backup") {
      const s = backup(live, path);
      console.log(`backed up ${live} → ${path}: ${s.users} users, ${s.meals} meals, ${s.customFoods} custom foods; integrity ${s.integrity}`);
    } else {
      mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
      const { summary: s, previous } = restore(path, live);
      console.log(`restored ${path} → ${live}: ${s.users} users, ${s.meals} meals, ${s.customFoods} custom foods; integrity ${s.integrity}`);
      if (previous) console.log(`the database it replaced is kept at ${previous}`);
    }
  } catch (e) {
    console.error(`morsel ${command}: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  }
}

async function main(argv: string[]): Promise<void> {
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
  if (command === "import-off") return importCommand(argv, rest[1]);
  if (command === "backup" || command === "restore") return backupCommand(argv, command, rest[1]);
  if (command !== "serve") {
    console.error(`morsel: unknown command "${command}"\n\n${HELP}`);
    process.exit(2);
  }
  const config = loadConfig(argv);
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const { secret, created, path: secretPath } = loadOrCreateSecret(config.dataDir);
  const db = openDatabase(join(config.dataDir, "morsel.db"));
  // Inside the executable the catalogue is embedded; SQLite needs it as a file, so it is copied
  // into the data dir once (per catalogue build) and opened read-only from there.
  const catalogue = new Catalogue(extracted(config.cataloguePath, config.dataDir));
  setNativeLibDir(join(config.dataDir, "lib"));
  const offClient = config.onlineLookup ? new OffClient({ baseUrl: config.offUrl }) : null;
  const app = createApp({ db, catalogue, jwtSecret: secret, logger: jsonLogger, logRequests: config.logRequests, offClient });
  // Bun refuses bodies above this itself; every route has a lower limit of its own (JSON 1 MiB, photos
  // 10 MB, imports 64 MiB) that answers in the API's error format.
  const server = app.listen({ port: config.port, hostname: config.host, maxRequestBodySize: 65 * 1024 * 1024 });
  jsonLogger.info("morsel started", {
    version: VERSION,
    ...describeConfig(config),
    jwt_secret: `${secretPath} (${created ? "generated now" : "kept"}, value masked)`,
    foods: catalogue.foodCount,
    url: `http://${config.host}:${server.server?.port}`,
  });
}

try {
  await main(process.argv.slice(2));
} catch (e) {
  if (e instanceof ConfigError) {
    console.error(`morsel: ${e.message}\nRun "morsel --help" for the options.`);
    process.exit(2);
  }
  console.error(`morsel: could not start: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
}
