/**
 * The command line, read strictly with node:util `parseArgs`: each command takes its own flags, and
 * an unknown one stops the program (exit 2) with its name and the nearest known flag, instead of
 * being ignored (`--prot 3001` used to start on 3000; `backup X --data-dri D` backed up the default
 * database).
 */
import { parseArgs } from "node:util";
import { ConfigError } from "./config-error";

export const COMMANDS = ["serve", "import", "import-off", "backup", "restore", "user", "healthcheck", "help"] as const;
export type Command = (typeof COMMANDS)[number];

/** Flags that take true/false but may be given bare (`--online-lookup` means true). */
const BOOLEAN_VALUED = new Set(["online-lookup", "log-requests", "metrics", "forward-auth", "password-login"]);
/** Flags that are only ever given bare (`morsel import … --preview`). */
const SWITCHES = new Set(["preview", "skip-invalid", "dietary-energy"]);

const SERVE_FLAGS = [
  "port",
  "host",
  "data-dir",
  "database",
  "catalogue",
  "log-requests",
  "online-lookup",
  "off-url",
  "tombstone-days",
  "photo-workers",
  "trust-proxy",
  "public-url",
  "allowed-hosts",
  "registration",
  "cors-origin",
  "metrics",
  "metrics-token",
  "forward-auth",
  "forward-auth-user-header",
  "forward-auth-email-header",
  "oidc-issuer",
  "oidc-client-id",
  "oidc-client-secret",
  "oidc-name",
  "oidc-admin-claim",
  "oidc-admin-group",
  "password-login",
];
const FLAGS: Record<Command, string[]> = {
  serve: SERVE_FLAGS,
  import: ["data-dir", "database", "format", "user", "preview", "weight-unit", "skip-invalid", "dietary-energy"],
  "import-off": ["data-dir", "database"],
  backup: ["data-dir", "database"],
  restore: ["data-dir", "database"],
  user: ["data-dir", "database", "password"],
  healthcheck: ["port", "host", "url"],
  help: [],
};

export interface CommandLine {
  command: Command;
  /** Bare words after the command. */
  positionals: string[];
  /** Flag name → value; `help` and `version` are true when given. */
  values: Record<string, string | boolean | undefined>;
}

/** Edit distance, for "did you mean". */
function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length]!;
}

export function nearest(word: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestD = Infinity;
  for (const c of candidates) {
    const d = distance(word, c);
    if (d < bestD) [best, bestD] = [c, d];
  }
  return best;
}

/** `--online-lookup` bare means true: the value is filled in so parseArgs can require one. */
function fillBareBooleans(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    out.push(a);
    if (a.startsWith("--") && BOOLEAN_VALUED.has(a.slice(2))) {
      const next = argv[i + 1];
      if (next === undefined || next.startsWith("-")) out.push("true");
    }
  }
  return out;
}

/**
 * Reads argv (without the program name).
 * @throws ConfigError for an unknown command or flag, or a flag without its value.
 */
export function parseCommandLine(argv: readonly string[]): CommandLine {
  const first = commandWord(argv);
  const named = first !== undefined && (COMMANDS as readonly string[]).includes(first);
  if (first !== undefined && !named) {
    const guess = nearest(first, COMMANDS);
    throw new ConfigError(
      `unknown command "${first}"; did you mean "${guess}"? The commands are ${COMMANDS.join(", ")}`,
    );
  }
  const command: Command = named ? (first as Command) : "serve";
  const known = FLAGS[command];
  const options = Object.fromEntries([
    ...known.map((f) => [f, { type: SWITCHES.has(f) ? ("boolean" as const) : ("string" as const) }]),
    ["help", { type: "boolean" as const, short: "h" }],
    ["version", { type: "boolean" as const }],
  ]);
  let parsed;
  try {
    parsed = parseArgs({ args: fillBareBooleans(argv), options, strict: true, allowPositionals: true });
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    const flag = /'(-[^' ]*)/.exec(message)?.[1] ?? "?";
    const code = (e as { code?: string }).code;
    if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") {
      const name = flag.replace(/^-+/, "").split("=")[0]!;
      if (Object.values(FLAGS).some((f) => f.includes(name))) {
        throw new ConfigError(
          `unknown option ${flag} for "morsel ${command}", which takes ${[...known, "help"].map((f) => `--${f}`).join(", ")}`,
        );
      }
      const guess = nearest(name, [...known, "help", "version"]);
      throw new ConfigError(
        `unknown option ${flag} for "morsel ${command}"${guess ? `; did you mean --${guess}?` : ""}`,
      );
    }
    if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE") {
      if (message.includes("does not take an argument")) throw new ConfigError(`${flag} does not take a value`);
      throw new ConfigError(`${flag} needs a value (write ${flag} VALUE or ${flag}=VALUE)`);
    }
    throw new ConfigError(message);
  }
  const positionals = [...parsed.positionals];
  if (named) positionals.splice(positionals.indexOf(first!), 1);
  return { command, positionals, values: parsed.values as CommandLine["values"] };
}

/** The first bare word that is not a flag's value. */
function commandWord(argv: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--") return argv[i + 1];
    if (!a.startsWith("-")) return a;
    if (a.includes("=") || ["--help", "-h", "--version"].includes(a) || SWITCHES.has(a.slice(2))) continue;
    const next = argv[i + 1];
    if (BOOLEAN_VALUED.has(a.slice(2)) && (next === undefined || next.startsWith("-"))) continue;
    i++; // the flag's value
  }
  return undefined;
}
