/**
 * GET /metrics (only with --metrics): to callers on this machine that came straight here (loopback
 * peer, no forwarding header: a reverse proxy on the same host adds one), or to any caller with
 * `Authorization: Bearer <--metrics-token>`. Everyone else gets 403 saying how to get in.
 */
import { Elysia } from "elysia";
import type { Server } from "bun";
import { hashSecret, sameHash } from "../auth/secrets";
import { AppError } from "../../lib/errors";
import type { Metrics } from "./metrics";

const FORWARDED = ["x-forwarded-for", "forwarded", "x-real-ip"];

export function isLoopbackAddress(address: string | undefined): boolean {
  return !!address && (/^127\./.test(address) || address === "::1" || /^::ffff:127\./.test(address));
}

export function metricsRoutes(metrics: Metrics, token: string | null) {
  const tokenHash = token ? hashSecret(token) : null;
  const allowed = (request: Request, server: Server<unknown> | null): boolean => {
    const direct =
      isLoopbackAddress(server?.requestIP(request)?.address) && !FORWARDED.some((h) => request.headers.has(h));
    if (direct) return true;
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get("authorization") ?? "")?.[1];
    return !!(tokenHash && bearer && sameHash(hashSecret(bearer), tokenHash));
  };
  return new Elysia().get(
    "/metrics",
    async ({ request, server }) => {
      if (!allowed(request, server)) {
        throw new AppError(
          "forbidden",
          "metrics are served to this machine only, or with 'Authorization: Bearer <token>' when the server runs with --metrics-token",
        );
      }
      return new Response(await metrics.text(), {
        headers: { "content-type": metrics.contentType, "cache-control": "no-store" },
      });
    },
    { detail: { hide: true } },
  );
}
