/** CORS for the API (--cors-origin; cors-policy.ts): preflights answered here, allowed origins' headers on every answer, errors too. */
import { Elysia } from "elysia";
import { Cors } from "./cors-policy";
import { NO_REQUEST } from "./request-state";
import { AppError } from "../lib/errors";
import { pathOf } from "./http-policy";

export function cors(origins: readonly string[]) {
  const policy = new Cors(origins);
  const plugin = new Elysia().decorate("rq", NO_REQUEST);
  if (!policy.enabled) return plugin;
  return plugin.onRequest(({ request, set, rq }) => {
    if (!pathOf(request.url).startsWith("/api/")) return;
    const preflight = policy.preflight(request);
    if (preflight instanceof AppError) throw preflight;
    if (preflight) return preflight;
    const headers = policy.headers(request.headers.get("origin"));
    if (headers) {
      Object.assign(set.headers, headers);
      rq.extraHeaders = headers;
    }
  });
}
