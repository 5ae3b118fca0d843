/**
 * Configuration is read here, once: command-line flags win over environment variables, which win
 * over defaults. Nothing else in the code base reads `process.env` or `Bun.env`. A bad value
 * fails at start with a message that names the flag, the variable and what is accepted.
 */
import { homedir } from "node:os";
import { isAbsolute, join, resolve } from "node:path";
import { availableParallelism } from "node:os";
import { ASSETS } from "./assets";
import { parseCidr } from "./net";
import { parseCommandLine, type CommandLine } from "./args";

export interface Config {
  readonly port: number;
  readonly host: string;
  /** Absolute path of the data directory: user database, JWT secret, imports. */
  readonly dataDir: string;
  /** A postgres:// URL: user data in PostgreSQL instead of the data directory's SQLite file (null: SQLite). */
  readonly database: string | null;
  /** Absolute path of the read-only food catalogue. */
  readonly cataloguePath: string;
  readonly logRequests: boolean;
  /** Ask Open Food Facts online on a barcode miss; null when not given (the admin's stored setting, off by default, stays). */
  readonly onlineLookup: boolean | null;
  readonly offUrl: string;
  /** Days a deletion is remembered for sync; a client cursor older than that starts over (410). */
  readonly tombstoneDays: number;
  /** Photo workers running the food model and the label reader; 0 turns both off (barcodes still work). */
  readonly photoWorkers: number;
  /** Proxies (CIDRs) whose X-Forwarded-For / Forwarded name the client; empty: none trusted. */
  readonly trustProxy: readonly string[];
  /** The URL people reach the server at, when a proxy or another name fronts it. */
  readonly publicUrl: string | null;
  /** Host header names answered; null answers any (the default when not bound to loopback). */
  readonly allowedHosts: readonly string[] | null;
  /** Who may register, when --registration / MORSEL_REGISTRATION is given; null keeps the stored mode (open at first). */
  readonly registration: "open" | "invite" | "closed" | null;
  /** Origins whose web pages may call the API (CORS); "*" is any; empty (the default): none. */
  readonly corsOrigins: readonly string[];
  /** Serve GET /metrics (Prometheus) to loopback callers, or to callers with metricsToken. */
  readonly metrics: boolean;
  readonly metricsToken: string | null;
  /**
   * Trusted-header sign-in (POST /login/header): the request headers a forward-auth proxy names the
   * signed-in person by; null (the default) when off. Only requests from --trust-proxy addresses count.
   */
  readonly forwardAuth: { readonly userHeader: string; readonly emailHeader: string } | null;
  /** Single sign-on through an OpenID Provider (--oidc-issuer and its flags); null when not configured. Its fields are auth/oidc-client.ts OidcSettings'. */
  readonly oidc: Readonly<OidcSettings> | null;
  /** Whether POST /login and POST /register take a password (--password-login; default true). */
  readonly passwordLogin: boolean;
}

import { ConfigError } from "./config-error";

export { ConfigError };

/** Photo workers by default: every core but one for the HTTP thread, at least 1, at most 4. */
export function defaultWorkers(cores = availableParallelism()): number {
  return Math.max(1, Math.min(4, cores - 1));
}

type Env = Readonly<Record<string, string | undefined>>;
type Flags = CommandLine["values"];

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
  return configFrom(parseCommandLine(argv).values, env);
}

/** The configuration from already-parsed flags (src/args.ts) and the environment. */
export function configFrom(flags: Flags, env: Env = process.env): Config {
  const str = (flag: string, envName?: string): string | undefined => {
    const v = flags[flag];
    return typeof v === "string" ? v : envName ? env[envName] : undefined;
  };

  const portRaw = str("port", "PORT") ?? "3000";
  if (!/^\d{1,5}$/.test(portRaw) || Number(portRaw) > 65535) {
    throw new ConfigError(`--port / PORT must be an integer from 0 to 65535, got "${portRaw}"`);
  }
  const host = str("host", "MORSEL_HOST") ?? "127.0.0.1";
  if (!/^[A-Za-z0-9.:\-[\]]+$/.test(host)) {
    throw new ConfigError(`--host / MORSEL_HOST must be a host name or IP address, got "${host}"`);
  }
  if (/^[\d.]+$/.test(host) && !isDottedQuad(host)) {
    throw new ConfigError(
      `--host / MORSEL_HOST "${host}" is not an IPv4 address (four numbers from 0 to 255, such as 127.0.0.1 or 0.0.0.0)`,
    );
  }
  const dataDirRaw = str("data-dir", "MORSEL_DATA_DIR");
  if (dataDirRaw !== undefined && dataDirRaw.trim() === "") {
    throw new ConfigError("--data-dir / MORSEL_DATA_DIR must not be empty");
  }
  const dataDir = dataDirRaw ? resolve(dataDirRaw) : defaultDataDir(env);
  const database = databaseUrl(str("database", "MORSEL_DATABASE_URL"));
  const catalogueRaw = str("catalogue", "MORSEL_CATALOGUE");
  const logRaw = str("log-requests", "MORSEL_LOG_REQUESTS") ?? "true";
  if (!["true", "false", "1", "0"].includes(logRaw)) {
    throw new ConfigError(`--log-requests / MORSEL_LOG_REQUESTS must be true or false, got "${logRaw}"`);
  }

  const bool = (flag: string, envName: string, dflt: boolean): boolean => {
    const raw = str(flag, envName) ?? String(dflt);
    if (!["true", "false", "1", "0"].includes(raw))
      throw new ConfigError(`--${flag} / ${envName} must be true or false, got "${raw}"`);
    return raw === "true" || raw === "1";
  };
  const headerName = (flag: string, envName: string, dflt: string): string => {
    const raw = str(flag, envName) ?? dflt;
    if (!/^[A-Za-z0-9-]{1,64}$/.test(raw))
      throw new ConfigError(`--${flag} / ${envName} must be an HTTP header name such as ${dflt}, got "${raw}"`);
    return raw;
  };
  const offUrl = str("off-url", "MORSEL_OFF_URL") ?? "https://world.openfoodfacts.org";
  if (!/^https?:\/\/[^\s/]+/.test(offUrl))
    throw new ConfigError(`--off-url / MORSEL_OFF_URL must be an http(s) URL, got "${offUrl}"`);

  const tombRaw = str("tombstone-days", "MORSEL_TOMBSTONE_DAYS") ?? "90";
  if (!/^\d{1,5}$/.test(tombRaw) || Number(tombRaw) < 1) {
    throw new ConfigError(
      `--tombstone-days / MORSEL_TOMBSTONE_DAYS must be a whole number of days (at least 1), got "${tombRaw}"`,
    );
  }

  const workersRaw = str("photo-workers", "MORSEL_PHOTO_WORKERS") ?? String(defaultWorkers());
  if (!/^\d{1,2}$/.test(workersRaw) || Number(workersRaw) > 16) {
    throw new ConfigError(
      `--photo-workers / MORSEL_PHOTO_WORKERS must be a whole number from 0 (food recognition and label reading off) to 16, got "${workersRaw}"`,
    );
  }

  const trustProxy = list(str("trust-proxy", "MORSEL_TRUST_PROXY"));
  for (const cidr of trustProxy) {
    if (!parseCidr(cidr))
      throw new ConfigError(
        `--trust-proxy / MORSEL_TRUST_PROXY takes IP addresses or CIDRs separated by commas (e.g. 127.0.0.1,10.0.0.0/8), got "${cidr}"`,
      );
  }
  const publicRaw = str("public-url", "MORSEL_PUBLIC_URL");
  let publicUrl: URL | null = null;
  if (publicRaw !== undefined) {
    publicUrl = URL.canParse(publicRaw) ? new URL(publicRaw) : null;
    if (!publicUrl || !/^https?:$/.test(publicUrl.protocol))
      throw new ConfigError(
        `--public-url / MORSEL_PUBLIC_URL must be an http(s) URL such as https://morsel.example.org, got "${publicRaw}"`,
      );
  }
  const extraHosts = list(str("allowed-hosts", "MORSEL_ALLOWED_HOSTS")).map((h) => h.toLowerCase());
  for (const h of extraHosts) {
    if (!/^(\*\.)?[a-z0-9.-]+$|^\[[0-9a-f:.]+\]$/.test(h))
      throw new ConfigError(
        `--allowed-hosts / MORSEL_ALLOWED_HOSTS takes host names separated by commas (e.g. morsel.home.arpa,*.example.org), got "${h}"`,
      );
  }
  if (publicUrl) extraHosts.push(publicUrl.hostname.toLowerCase());
  // Loopback names are always answered: a rebinding page names its own domain, never localhost, and
  // `morsel healthcheck` asks by 127.0.0.1.
  const allowedHosts = isLoopback(host)
    ? [...LOOPBACK_NAMES, ...extraHosts]
    : extraHosts.length && str("allowed-hosts", "MORSEL_ALLOWED_HOSTS") !== undefined
      ? [...extraHosts, ...LOOPBACK_NAMES]
      : null;

  const registration = str("registration", "MORSEL_REGISTRATION");
  if (registration !== undefined && !["open", "invite", "closed"].includes(registration)) {
    throw new ConfigError(`--registration / MORSEL_REGISTRATION must be open, invite or closed, got "${registration}"`);
  }
  const corsOrigins = list(str("cors-origin", "MORSEL_CORS_ORIGIN")).map((o) => o.replace(/\/+$/, ""));
  for (const o of corsOrigins) {
    if (o !== "*" && !/^https?:\/\/[^\s/]+$/.test(o))
      throw new ConfigError(
        `--cors-origin / MORSEL_CORS_ORIGIN takes origins separated by commas (scheme, host and port, e.g. https://dash.example.org,http://localhost:8123) or *, got "${o}"`,
      );
  }
  const metricsToken = str("metrics-token", "MORSEL_METRICS_TOKEN") ?? null;
  if (metricsToken !== null && metricsToken.length < 16)
    throw new ConfigError("--metrics-token / MORSEL_METRICS_TOKEN must be at least 16 characters");

  const forwardAuth = bool("forward-auth", "MORSEL_FORWARD_AUTH", false)
    ? {
        userHeader: headerName("forward-auth-user-header", "MORSEL_FORWARD_AUTH_USER_HEADER", "Remote-User"),
        emailHeader: headerName("forward-auth-email-header", "MORSEL_FORWARD_AUTH_EMAIL_HEADER", "Remote-Email"),
      }
    : null;
  // without trusted proxies anyone could send the header themselves
  if (forwardAuth && trustProxy.length === 0)
    throw new ConfigError(
      "--forward-auth / MORSEL_FORWARD_AUTH needs --trust-proxy with the proxy's address: only requests from it may name the person",
    );

  const oidc = oidcSettings(str, publicUrl);
  const passwordLogin = bool("password-login", "MORSEL_PASSWORD_LOGIN", true);
  if (!passwordLogin && !oidc && !forwardAuth)
    throw new ConfigError(
      "--password-login false / MORSEL_PASSWORD_LOGIN=false leaves no way to sign in: configure --oidc-issuer or --forward-auth too",
    );

  return Object.freeze({
    forwardAuth,
    oidc,
    passwordLogin,
    registration: (registration ?? null) as Config["registration"],
    corsOrigins,
    metrics: bool("metrics", "MORSEL_METRICS", false),
    metricsToken,
    trustProxy,
    publicUrl: publicUrl ? publicUrl.href.replace(/\/+$/, "") : null,
    allowedHosts,
    photoWorkers: Number(workersRaw),
    tombstoneDays: Number(tombRaw),
    onlineLookup:
      str("online-lookup", "MORSEL_ONLINE_LOOKUP") === undefined
        ? null
        : bool("online-lookup", "MORSEL_ONLINE_LOOKUP", false),
    offUrl: offUrl.replace(/\/+$/, ""),
    port: Number(portRaw),
    host,
    dataDir,
    database,
    cataloguePath: catalogueRaw ? resolve(catalogueRaw) : DEFAULT_CATALOGUE,
    logRequests: logRaw === "true" || logRaw === "1",
  });
}

/** --oidc-issuer and its flags; the redirect URI is the public URL's, so --public-url is needed with them. */
function oidcSettings(
  str: (flag: string, envName: string) => string | undefined,
  publicUrl: URL | null,
): OidcSettings | null {
  const issuer = str("oidc-issuer", "MORSEL_OIDC_ISSUER");
  const clientId = str("oidc-client-id", "MORSEL_OIDC_CLIENT_ID");
  if (issuer === undefined) {
    if (clientId !== undefined)
      throw new ConfigError(
        "--oidc-client-id / MORSEL_OIDC_CLIENT_ID needs --oidc-issuer / MORSEL_OIDC_ISSUER, the provider's issuer URL",
      );
    return null;
  }
  if (!URL.canParse(issuer) || !/^https?:$/.test(new URL(issuer).protocol))
    throw new ConfigError(
      `--oidc-issuer / MORSEL_OIDC_ISSUER must be the provider's issuer URL, such as https://auth.example.org (Authelia, Authentik: https://authentik.example.org/application/o/morsel/), got "${issuer}"`,
    );
  if (!clientId?.trim())
    throw new ConfigError(
      "--oidc-issuer needs --oidc-client-id / MORSEL_OIDC_CLIENT_ID: the client id registered at the provider",
    );
  if (!publicUrl)
    throw new ConfigError(
      "--oidc-issuer needs --public-url / MORSEL_PUBLIC_URL: the redirect URI registered at the provider is <public-url>/api/v1/auth/oidc/callback",
    );
  const name = str("oidc-name", "MORSEL_OIDC_NAME") ?? "single sign-on";
  if (!name.trim() || name.length > 40)
    throw new ConfigError(
      `--oidc-name / MORSEL_OIDC_NAME must be 1–40 characters (the button says "Sign in with <name>"), got "${name}"`,
    );
  const adminClaim = str("oidc-admin-claim", "MORSEL_OIDC_ADMIN_CLAIM") ?? "groups";
  if (!/^[A-Za-z0-9_:.\/-]{1,100}$/.test(adminClaim))
    throw new ConfigError(
      `--oidc-admin-claim / MORSEL_OIDC_ADMIN_CLAIM must be a claim name such as groups, got "${adminClaim}"`,
    );
  const base = publicUrl.href.replace(/\/+$/, "");
  return {
    issuer,
    clientId: clientId.trim(),
    clientSecret: str("oidc-client-secret", "MORSEL_OIDC_CLIENT_SECRET") || null,
    name: name.trim(),
    adminClaim,
    adminGroup: str("oidc-admin-group", "MORSEL_OIDC_ADMIN_GROUP") || null,
    redirectUri: `${base}/api/v1/auth/oidc/callback`,
    appUrl: `${base}/`,
  };
}

/** What --oidc-issuer and its flags configure (features/auth/oidc-client.ts reads it; config.ts imports no feature). */
export interface OidcSettings {
  /** The issuer URL; discovery reads `<issuer>/.well-known/openid-configuration`. */
  issuer: string;
  clientId: string;
  /** null: a public client (PKCE alone, token_endpoint_auth_method none). */
  clientSecret: string | null;
  /** The button's words: "Sign in with <name>". */
  name: string;
  /** The claim that lists the person's groups (default `groups`), and the group that makes an admin (null: none does). */
  adminClaim: string;
  adminGroup: string | null;
  /** `<public-url>/api/v1/auth/oidc/callback`: the redirect URI registered at the provider. */
  redirectUri: string;
  /** The web app, `<public-url>/`: where the callback sends the browser, and the provider after RP-initiated logout. */
  appUrl: string;
}

/** --database / MORSEL_DATABASE_URL: absent or empty is the embedded SQLite file; otherwise a postgres:// URL. */
function databaseUrl(raw: string | undefined): string | null {
  if (raw === undefined || raw.trim() === "") return null;
  let url: URL | null = null;
  try {
    url = new URL(raw.trim());
  } catch {
    // refused below
  }
  if (!url || !["postgres:", "postgresql:"].includes(url.protocol) || !url.hostname)
    throw new ConfigError(
      `--database / MORSEL_DATABASE_URL must be a PostgreSQL URL such as postgres://morsel:PASSWORD@db.example.org:5432/morsel, got "${maskPassword(raw)}"; leave it out to keep the embedded SQLite file in the data directory`,
    );
  return raw.trim();
}

/** A database URL with its password replaced by ***, for logs and messages. */
export function maskPassword(url: string): string {
  return url.replace(/^([a-z]+:\/\/[^:/@]*):[^@]*@/i, "$1:***@");
}

const list = (raw: string | undefined): string[] =>
  (raw ?? "")
    .split(",")
    .map((x) => x.trim())
    .filter(Boolean);

/**
 * Four numbers from 0 to 255, written as the WHATWG URL parser writes them back (so not "1.2.3",
 * "01.2.3.4" or "256.0.0.1"), as node:net's isIP would say: loading node:net at every start costs
 * 2.7 ms (src/net.ts), and the default host is such an address.
 */
function isDottedQuad(host: string): boolean {
  try {
    return /^\d+\.\d+\.\d+\.\d+$/.test(host) && new URL(`http://${host}/`).hostname === host;
  } catch {
    return false;
  }
}

/** Host names a loopback-bound server answers to (DNS rebinding: no other name may reach it). */
export const LOOPBACK_NAMES = ["localhost", "127.0.0.1", "[::1]", "*.localhost"];

export function isLoopback(host: string): boolean {
  return host === "localhost" || host === "::1" || host === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** What `serve` prints at start; the JWT secret is never part of Config, so nothing to mask here. */
export function describeConfig(c: Config): Record<string, string | number | boolean> {
  return {
    port: c.port,
    host: c.host,
    data_dir: c.dataDir,
    database: c.database ? maskPassword(c.database) : `sqlite (${join(c.dataDir, "morsel.db")})`,
    catalogue: c.cataloguePath,
    log_requests: c.logRequests,
    online_lookup: c.onlineLookup ?? "as stored",
    tombstone_days: c.tombstoneDays,
    photo_workers: c.photoWorkers,
    trust_proxy: c.trustProxy.join(",") || "none",
    allowed_hosts: c.allowedHosts?.join(",") ?? "any",
    registration: c.registration ?? "as stored",
    cors_origins: c.corsOrigins.join(",") || "none",
    metrics: c.metrics ? (c.metricsToken ? "loopback or token" : "loopback only") : false,
    forward_auth: c.forwardAuth ? `${c.forwardAuth.userHeader}, ${c.forwardAuth.emailHeader}` : false,
    // the client secret is never printed
    oidc: c.oidc ? `${c.oidc.issuer} (client ${c.oidc.clientId}, button "Sign in with ${c.oidc.name}")` : false,
    password_login: c.passwordLogin,
    ...(c.publicUrl ? { public_url: c.publicUrl } : {}),
    ...(c.onlineLookup !== false ? { off_url: c.offUrl } : {}),
  };
}
