#!/usr/bin/env bun
/**
 * The entry point: picks the command and imports only its module (src/cli/), so that `--help` and
 * `--version` answer at once and `serve` does not load the other commands' code (PostgreSQL, the
 * importers, backup), nor they the server's.
 */
import { ConfigError } from "./config-error";
import { parseCommandLine } from "./args";
import { explainStartError } from "./cli/startup";
import { PHOTO_WORKER_COMMAND } from "./features/scanner/recognition/process-worker";
import { VERSION } from "./version";

async function main(argv: string[]): Promise<void> {
  const cl = parseCommandLine(argv);
  if (cl.values.version) return void console.log(VERSION);
  if (cl.values.help || cl.command === "help") {
    // `morsel --help`: everything; `morsel backup --help` or `morsel help backup`: that command
    const topic = cl.command === "help" ? cl.positionals[0] : cl.command;
    // the help text is imported only here: every start would otherwise load it (bench:binary)
    const { COMMAND_HELP, HELP } = await import("./cli/help");
    return void console.log((topic && argv.some((a) => a === topic) && COMMAND_HELP[topic]) || HELP);
  }
  switch (cl.command) {
    case "serve":
      return (await import("./cli/serve")).serve(cl);
    case "import":
      return (await import("./cli/import-tracker")).importTrackerCommand(cl);
    case "import-off":
      return (await import("./cli/commands")).importCommand(cl);
    case "backup":
    case "restore":
      return (await import("./cli/commands")).backupCommand(cl, cl.command);
    case "user":
      return (await import("./cli/user")).userCommand(cl);
    case "healthcheck":
      return (await import("./cli/healthcheck")).healthcheckCommand(cl);
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
