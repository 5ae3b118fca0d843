/**
 * Response headers every answer carries, and the Host check that stops DNS rebinding: a web page on
 * evil.example whose name is re-pointed at 127.0.0.1 would otherwise reach a loopback-bound server
 * with the victim's browser (the Host header says evil.example, which is how it is told apart).
 */
import { AppError } from "../lib/errors";

/** Paths whose answers are public catalogue data and may be cached (search, detail); everything else is personal. */
const CACHEABLE = [/^\/api\/v1\/foods\/(search|\d+)$/, /^\/api\/v1\/openapi\.json$/];

/**
 * Headers for a response to `path`: nosniff always; no-store for anything personal (tokens, /me,
 * exports…). Search and food detail are public catalogue data, but a bearer token personalises them
 * (the caller's custom foods, their ranking): then `private, no-store`, and `Vary: Authorization`
 * always, so no shared cache hands one person's answer to another.
 */
export function baseHeaders(path: string, authorised = false): Record<string, string> {
  const headers: Record<string, string> = { "x-content-type-options": "nosniff" };
  if (!path.startsWith("/api/")) return headers;
  if (!CACHEABLE.some((p) => p.test(path))) headers["cache-control"] = "no-store";
  else if (path !== "/api/v1/openapi.json") {
    headers.vary = "Authorization";
    if (authorised) headers["cache-control"] = "private, no-store";
  }
  return headers;
}

/** `allowed` entries are names, `*.suffix` wildcards, or `[v6]` literals; null allows every name. */
export function hostAllowed(allowed: readonly string[] | null, hostname: string): boolean {
  if (!allowed) return true;
  const h = hostname.toLowerCase().replace(/\.$/, "");
  return allowed.some((a) => (a.startsWith("*.") ? h.endsWith(a.slice(1)) : a === h));
}

/**
 * Whether a Host header is a valid `host[:port]` (RFC 9110 §7.2): a DNS name (letters, digits, `-`, `_`,
 * dots; a trailing dot allowed), an IPv4 address, or a bracketed IPv6 address, and an optional port of
 * 1–65535. Anything else (empty, `a/b`, `x@y`, `x y`, `a?b`) is refused before routing: for such values
 * Bun hands the server a bare path as the request URL, and nothing downstream can be trusted to read it.
 */
const HOST_NAME = /^(?:[A-Za-z0-9_](?:[A-Za-z0-9_-]*[A-Za-z0-9_])?\.)*[A-Za-z0-9_](?:[A-Za-z0-9_-]*[A-Za-z0-9_])?\.?$/;
const HOST_V6 = /^\[[0-9A-Fa-f:.]+\]$/;
export function hostHeaderValid(host: string | null): boolean {
  if (!host || host.length > 300) return false;
  const m = host.match(/^(\[[^\]]*\]|[^:]*)(?::(\d{1,5}))?$/);
  if (!m) return false;
  if (m[2] !== undefined && (Number(m[2]) < 1 || Number(m[2]) > 65535)) return false;
  return HOST_V6.test(m[1]!) || HOST_NAME.test(m[1]!);
}

/** The `host[:port]` of an absolute http(s) URL as Bun hands it to a server; null when the URL is not absolute. */
export function urlHost(url: string): string | null {
  const m = url.match(/^https?:\/\/([^/?#]*)/);
  return m ? m[1]! : null;
}

/** 400 for a request whose Host header is missing or is not `host[:port]` (or whose URL Bun could not make absolute). */
export function badHost(host: string | null): AppError {
  const message =
    host === null
      ? "the request has no Host header"
      : `the Host header ${JSON.stringify(host.slice(0, 100))} is not a valid host[:port]`;
  return new AppError("validation_failed", message, [
    { field: "Host", message: "must be host[:port], e.g. localhost:3000" },
  ]);
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
 * building a URL object: the hot routes asked three times a request (profiled in process).
 */
export function pathOf(url: string): string {
  const start = url.indexOf("/", url.indexOf("//") + 2);
  if (start < 0) return "/";
  const end = url.indexOf("?", start);
  const hash = url.indexOf("#", start);
  const stop = end < 0 ? hash : hash < 0 ? end : Math.min(end, hash);
  return stop < 0 ? url.slice(start) : url.slice(start, stop);
}
