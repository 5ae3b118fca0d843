/** One JSON line per request (request id, method, path, status, duration), and the metrics' request counters. */
import { Elysia } from "elysia";
import { errorStatus, requestIds, startedAt } from "./error-response";
import { pathOf } from "./http-policy";
import type { Logger } from "../lib/log";

export interface RequestObserver {
  observe(method: string, route: string, status: number, seconds: number): void;
}

export function accessLog(logger: Logger | null, metrics: RequestObserver | null) {
  const plugin = new Elysia();
  if (!logger && !metrics) return plugin;
  return plugin.onAfterResponse({ as: "global" }, ({ request, set, responseValue, route }) => {
    const started = startedAt.get(request);
    const status =
      errorStatus.get(request) ??
      (responseValue instanceof Response ? responseValue.status : typeof set.status === "number" ? set.status : 200);
    const ms = started === undefined ? 0 : performance.now() - started;
    metrics?.observe(request.method, route || "unmatched", status, ms / 1000);
    logger?.info("request", {
      request_id: requestIds.get(request),
      method: request.method,
      path: pathOf(request.url),
      status,
      duration_ms: started === undefined ? undefined : Math.round(ms * 100) / 100,
    });
  });
}
