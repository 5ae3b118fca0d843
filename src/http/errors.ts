/**
 * Anything thrown becomes the contract's error envelope (http/error-response.ts), with the 405's
 * Allow header from the route table; a route's own Response (reply, noContent) goes out as it is.
 */
import { Elysia } from "elysia";
import { errorResponse, toAppError } from "./error-response";
import type { Logger } from "../lib/log";
import { NO_REQUEST } from "./request-state";
import { sendAsBuilt } from "./reply";
import type { RouteTable } from "./route-table";

export function errorEnvelope(logger: Logger, routes: RouteTable) {
  return new Elysia()
    .decorate("rq", NO_REQUEST)
    .mapResponse({ as: "global" }, sendAsBuilt)
    .onError({ as: "global" }, ({ code, error, request, rq }) => {
      const appError = toAppError(code, error, request, rq, logger, (path) => routes.methodsAt(path));
      if (rq !== NO_REQUEST) rq.errorStatus = appError.status;
      return errorResponse(appError, request, rq);
    });
}
