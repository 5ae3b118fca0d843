/**
 * Anything thrown while answering a request becomes the contract's error envelope here
 * (API.md §Errors): known AppErrors as they are, validation failures with their details, unknown
 * errors logged and hidden behind internal_error.
 */
import { ValidationError } from "elysia";
import { AppError } from "../lib/errors";
import { baseHeaders, pathOf } from "./http-policy";
import type { Logger } from "../lib/log";
import { validationDetails } from "../schema/validation";
import type { RequestState } from "./request-state";

export const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

export function errorResponse(err: AppError, request: Request, rq: RequestState): Response {
  const requestId = rq.id;
  const headers: Record<string, string> = {
    "content-type": "application/json; charset=utf-8",
    ...baseHeaders(pathOf(request.url), request.headers.has("authorization")),
    ...rq.extraHeaders,
    ...err.headers,
  };
  if (requestId) headers["x-request-id"] = requestId;
  return new Response(JSON.stringify(err.body()), { status: err.status, headers });
}

/** Maps anything thrown to the contract's envelope; unknown errors are logged and hidden. */
export function toAppError(
  code: string | number,
  error: unknown,
  request: Request,
  rq: RequestState,
  logger: Logger,
  allow?: (path: string) => string[],
): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof ValidationError || code === "VALIDATION") {
    const v = error as ValidationError;
    const unreadable = rq.bodyError;
    if (unreadable && v.type === "body") return unreadable;
    if (v.type === "response") {
      logger.error("response failed its schema", {
        request_id: rq.id,
        path: pathOf(request.url),
        detail: v.message?.slice(0, 500),
      });
      return new AppError("internal_error", "the server could not produce a valid response; the error was logged");
    }
    const details = validationDetails(v);
    const first = details[0]!;
    return new AppError("validation_failed", `${first.field} ${first.message}`, details);
  }
  if (code === "NOT_FOUND") {
    const path = pathOf(request.url);
    const allowed = allow?.(path) ?? [];
    if (allowed.length) {
      return new AppError(
        "method_not_allowed",
        `${path} does not take ${request.method}; it takes ${allowed.join(", ")}`,
        undefined,
        { allow: allowed.join(", ") },
      );
    }
    return new AppError("not_found", `no route for ${request.method} ${path}`);
  }
  if (code === "PARSE") {
    const cause = error instanceof Error ? error.cause : undefined;
    return cause instanceof AppError ? cause : new AppError("malformed_json", "request body could not be parsed");
  }
  logger.error("unhandled error", {
    request_id: rq.id,
    method: request.method,
    path: pathOf(request.url),
    error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    stack: error instanceof Error ? error.stack?.split("\n").slice(0, 6).join(" | ") : undefined,
  });
  return new AppError("internal_error", "internal error; it was logged with this response's X-Request-Id");
}
