/**
 * Anything thrown becomes the contract's error envelope (lib/error-response.ts), with the 405's
 * Allow header from the route table; a route's own Response (reply, noContent) goes out as it is.
 */
import { Elysia } from "elysia";
import { errorResponse, errorStatus, toAppError } from "./error-response";
import type { Logger } from "../lib/log";
import { sendAsBuilt } from "./reply";
import type { RouteTable } from "./route-table";

export function errorEnvelope(logger: Logger, routes: RouteTable) {
  return new Elysia()
    .mapResponse({ as: "global" }, sendAsBuilt)
    .onError({ as: "global" }, ({ code, error, request }) => {
      const appError = toAppError(code, error, request, logger, (path) => routes.methodsAt(path));
      errorStatus.set(request, appError.status);
      return errorResponse(appError, request);
    });
}
