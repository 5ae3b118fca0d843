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
