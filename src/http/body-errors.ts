/**
 * A body that could not be read (415, 413, malformed JSON or multipart) is recorded here at parse
 * time and reported later, after authentication: parsing runs before the auth macro, so throwing
 * then would answer a tokenless call with 400/413/415 instead of 401. JSON routes report it when
 * their body fails validation, and a global beforeHandle (app.ts) catches the rest.
 */
import type { AppError } from "../lib/errors";

const errors = new WeakMap<Request, AppError>();

/** What a route's body becomes when it could not be read; fails any object schema. */
export const BODY_FAILED = "\u0000morsel: unreadable body";

export function recordBodyError(request: Request, e: AppError): typeof BODY_FAILED {
  errors.set(request, e);
  return BODY_FAILED;
}

export function bodyError(request: Request): AppError | undefined {
  return errors.get(request);
}
