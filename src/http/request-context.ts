/**
 * The first hook of every request: its id (a safe incoming X-Request-Id is kept), when it started,
 * and the headers every answer carries (lib/http-policy.ts). Errors read the id from here.
 */
import { Elysia } from "elysia";
import { requestIds, SAFE_REQUEST_ID, startedAt } from "./error-response";
import { baseHeaders, pathOf } from "./http-policy";

export function requestContext() {
  return new Elysia().onRequest(({ request, set }) => {
    const incoming = request.headers.get("x-request-id");
    const id = incoming && SAFE_REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
    requestIds.set(request, id);
    startedAt.set(request, performance.now());
    Object.assign(set.headers, baseHeaders(pathOf(request.url), request.headers.has("authorization")));
    set.headers["x-request-id"] = id;
  });
}
