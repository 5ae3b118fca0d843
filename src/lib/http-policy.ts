/**
 * Response headers every answer carries, and the Host check that stops DNS rebinding: a web page on
 * evil.example whose name is re-pointed at 127.0.0.1 would otherwise reach a loopback-bound server
 * with the victim's browser (the Host header says evil.example, which is how it is told apart).
 */
import { AppError } from "./errors";

/** Paths whose answers are public catalogue data and may be cached (search, detail); everything else is personal. */
const CACHEABLE = [/^\/api\/v1\/foods\/(search|\d+)$/, /^\/api\/v1\/openapi\.json$/];

/** Headers for a response to `path`: nosniff always; no-store for anything personal (tokens, /me, exports…). */
export function baseHeaders(path: string): Record<string, string> {
  const headers: Record<string, string> = { "x-content-type-options": "nosniff" };
  if (path.startsWith("/api/") && !CACHEABLE.some((p) => p.test(path))) headers["cache-control"] = "no-store";
  return headers;
}

/** `allowed` entries are names, `*.suffix` wildcards, or `[v6]` literals; null allows every name. */
export function hostAllowed(allowed: readonly string[] | null, hostname: string): boolean {
  if (!allowed) return true;
  const h = hostname.toLowerCase().replace(/\.$/, "");
  return allowed.some((a) => (a.startsWith("*.") ? h.endsWith(a.slice(1)) : a === h));
}

export function hostRefused(hostname: string): AppError {
  return new AppError(
    "host_not_allowed",
    `this server does not answer to the host name "${hostname}"; if that is how you reach it, start it with --allowed-hosts ${hostname} (or --public-url)`,
  );
}

/**
 * The path of a request's absolute URL ("http://host:port/path?query" → "/path"), as
 * `new URL(url).pathname` gives it for the URLs Bun hands a server (already normalised), without
 * building a URL object: the hot routes asked three times a request (issue 18).
 */
export function pathOf(url: string): string {
  const start = url.indexOf("/", url.indexOf("//") + 2);
  if (start < 0) return "/";
  const end = url.indexOf("?", start);
  const hash = url.indexOf("#", start);
  const stop = end < 0 ? hash : hash < 0 ? end : Math.min(end, hash);
  return stop < 0 ? url.slice(start) : url.slice(start, stop);
}
