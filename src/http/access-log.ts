/** One JSON line per request (request id, method, path, status, duration), and the metrics' request counters. */
import { Elysia } from "elysia";
import { NO_REQUEST } from "./request-state";
import { pathOf } from "./http-policy";
import type { Logger } from "../lib/log";

export interface RequestObserver {
  observe(method: string, route: string, status: number, seconds: number): void;
}

export function accessLog(logger: Logger | null, metrics: RequestObserver | null) {
  const plugin = new Elysia().decorate("rq", NO_REQUEST);
  if (!logger && !metrics) return plugin;
  return plugin.onAfterResponse({ as: "global" }, ({ request, set, responseValue, route, rq }) => {
    const status =
      rq.errorStatus ??
      (responseValue instanceof Response ? responseValue.status : typeof set.status === "number" ? set.status : 200);
    const ms = rq === NO_REQUEST ? 0 : performance.now() - rq.started;
    metrics?.observe(request.method, route || "unmatched", status, ms / 1000);
    logger?.info("request", {
      request_id: rq.id || undefined,
      method: request.method,
      path: pathOf(request.url),
      status,
      duration_ms: rq === NO_REQUEST ? undefined : Math.round(ms * 100) / 100,
    });
  });
}
