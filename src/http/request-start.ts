/**
 * The first hook of every request: its state on Elysia's context (`rq`, http/request-state.ts: its id, a
 * safe incoming X-Request-Id kept, and when it started) and the headers every answer carries
 * (http-policy.ts). Every later hook reads the request's facts from `rq`.
 */
import { Elysia } from "elysia";
import { NO_REQUEST, requestState } from "./request-state";
import { SAFE_REQUEST_ID } from "./error-response";
import { baseHeaders, pathOf } from "./http-policy";

export function requestStart() {
  return new Elysia({ name: "morsel-request-start" }).decorate("rq", NO_REQUEST).onRequest((c) => {
    const { request, set } = c;
    const incoming = request.headers.get("x-request-id");
    const id = incoming && SAFE_REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
    c.rq = requestState(id);
    Object.assign(set.headers, baseHeaders(pathOf(request.url), request.headers.has("authorization")));
    set.headers["x-request-id"] = id;
  });
}
