/**
 * Configuration is read here, once: command-line flags win over environment variables, which win
 * over defaults. Nothing else in the code base reads `process.env` or `Bun.env`. A bad value
 * fails at start with a message that names the flag, the variable and what is accepted.
 */
import { homedir } from "node:os";
import { isAbsolute, join, resolve } from "node:path";
import { availableParallelism } from "node:os";
import { ASSETS } from "./assets";

export interface Config {
  readonly port: number;
  readonly host: string;
  /** Absolute path of the data directory: user database, JWT secret, imports. */
  readonly dataDir: string;
  /** Absolute path of the read-only food catalogue. */
  readonly cataloguePath: string;
  readonly logRequests: boolean;
  /** Ask Open Food Facts online on a barcode miss. Off by default: nothing leaves the machine. */
  readonly onlineLookup: boolean;
  readonly offUrl: string;
  /** Days a deletion is remembered for sync; a client cursor older than that starts over (410). */
  readonly tombstoneDays: number;
  /** Photo workers running the food model; 0 turns food recognition off (barcodes still work). */
  readonly photoWorkers: number;
}

export class ConfigError extends Error {}

/** Photo workers by default: every core but one for the HTTP thread, at least 1, at most 4. */
export function defaultWorkers(cores = availableParallelism()): number {
  return Math.max(1, Math.min(4, cores - 1));
}

type Env = Readonly<Record<string, string | undefined>>;

/** Splits `--name value` and `--name=value` flags; bare words are returned as `rest`. */
export function parseFlags(argv: readonly string[]): { flags: Map<string, string | true>; rest: string[] } {
  const flags = new Map<string, string | true>();
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (!a.startsWith("--")) {
      rest.push(a);
      continue;
    }
    const eq = a.indexOf("=");
    if (eq > 0) {
      flags.set(a.slice(2, eq), a.slice(eq + 1));
    } else if (argv[i + 1] !== undefined && !argv[i + 1]!.startsWith("--")) {
      flags.set(a.slice(2), argv[++i]!);
    } else {
      flags.set(a.slice(2), true);
    }
  }
  return { flags, rest };
}

function defaultDataDir(env: Env): string {
  const xdg = env.XDG_DATA_HOME;
  if (xdg && isAbsolute(xdg)) return join(xdg, "morsel");
  return join(env.HOME || homedir(), ".local", "share", "morsel");
}

const DEFAULT_CATALOGUE = ASSETS.catalogue;

/**
 * Resolves the configuration for `serve` and the other commands.
 * @throws ConfigError naming the offending flag or variable.
 */
export function loadConfig(argv: readonly string[] = process.argv.slice(2), env: Env = process.env): Config {
  const { flags } = parseFlags(argv);
  const str = (flag: string, envName?: string): string | undefined => {
    const v = flags.get(flag);
    if (v === true) throw new ConfigError(`--${flag} needs a value`);
    return v ?? (envName ? env[envName] : undefined);
  };

  const portRaw = str("port", "PORT") ?? "3000";
  if (!/^\d{1,5}$/.test(portRaw) || Number(portRaw) > 65535) {
    throw new ConfigError(`--port / PORT must be an integer from 0 to 65535, got "${portRaw}"`);
  }
  const host = str("host", "MORSEL_HOST") ?? "127.0.0.1";
  if (!/^[A-Za-z0-9.:\-\[\]]+$/.test(host)) {
    throw new ConfigError(`--host / MORSEL_HOST must be a host name or IP address, got "${host}"`);
  }
  const dataDirRaw = str("data-dir", "MORSEL_DATA_DIR");
  if (dataDirRaw !== undefined && dataDirRaw.trim() === "") {
    throw new ConfigError("--data-dir / MORSEL_DATA_DIR must not be empty");
  }
  const dataDir = dataDirRaw ? resolve(dataDirRaw) : defaultDataDir(env);
  const catalogueRaw = str("catalogue", "MORSEL_CATALOGUE");
  const logRaw = str("log-requests", "MORSEL_LOG_REQUESTS") ?? "true";
  if (!["true", "false", "1", "0"].includes(logRaw)) {
    throw new ConfigError(`--log-requests / MORSEL_LOG_REQUESTS must be true or false, got "${logRaw}"`);
  }

  const bool = (flag: string, envName: string, dflt: boolean): boolean => {
    const raw = flags.get(flag) === true ? "true" : (str(flag, envName) ?? String(dflt));
    if (!["true", "false", "1", "0"].includes(raw)) throw new ConfigError(`--${flag} / ${envName} must be true or false, got "${raw}"`);
    return raw === "true" || raw === "1";
  };
  const offUrl = str("off-url", "MORSEL_OFF_URL") ?? "https://world.openfoodfacts.org";
  if (!/^https?:\/\/[^\s/]+/.test(offUrl)) throw new ConfigError(`--off-url / MORSEL_OFF_URL must be an http(s) URL, got "${offUrl}"`);

  const tombRaw = str("tombstone-days", "MORSEL_TOMBSTONE_DAYS") ?? "90";
  if (!/^\d{1,5}$/.test(tombRaw) || Number(tombRaw) < 1) {
    throw new ConfigError(`--tombstone-days / MORSEL_TOMBSTONE_DAYS must be a whole number of days (at least 1), got "${tombRaw}"`);
  }

  const workersRaw = str("photo-workers", "MORSEL_PHOTO_WORKERS") ?? String(defaultWorkers());
  if (!/^\d{1,2}$/.test(workersRaw) || Number(workersRaw) > 16) {
    throw new ConfigError(`--photo-workers / MORSEL_PHOTO_WORKERS must be a whole number from 0 (food recognition off) to 16, got "${workersRaw}"`);
  }

  return Object.freeze({
    photoWorkers: Number(workersRaw),
    tombstoneDays: Number(tombRaw),
    onlineLookup: bool("online-lookup", "MORSEL_ONLINE_LOOKUP", false),
    offUrl: offUrl.replace(/\/+$/, ""),
    port: Number(portRaw),
    host,
    dataDir,
    cataloguePath: catalogueRaw ? resolve(catalogueRaw) : DEFAULT_CATALOGUE,
    logRequests: logRaw === "true" || logRaw === "1",
  });
}

/** What `serve` prints at start; the JWT secret is never part of Config, so nothing to mask here. */
export function describeConfig(c: Config): Record<string, string | number | boolean> {
  return {
    port: c.port,
    host: c.host,
    data_dir: c.dataDir,
    catalogue: c.cataloguePath,
    log_requests: c.logRequests,
    online_lookup: c.onlineLookup,
    tombstone_days: c.tombstoneDays,
    photo_workers: c.photoWorkers,
    ...(c.onlineLookup ? { off_url: c.offUrl } : {}),
  };
}
