/**
 * The one error model (API.md §Errors). Services throw `AppError(code)`; the app's single
 * onError turns it into `{ error: { code, message, details? } }` with the status from
 * ERROR_STATUS. Nothing else decides an error status.
 */
export const ERROR_STATUS = {
  validation_failed: 400,
  malformed_json: 400,
  invalid_barcode: 400,
  missing_token: 401,
  invalid_token: 401,
  token_expired: 401,
  invalid_credentials: 401,
  invalid_refresh_token: 401,
  refresh_token_reused: 401,
  forbidden: 403,
  password_login_off: 403,
  not_found: 404,
  food_not_found: 404,
  meal_not_found: 404,
  barcode_not_found: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  email_taken: 409,
  id_conflict: 409,
  cursor_expired: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  host_not_allowed: 421,
  invalid_image: 422,
  rate_limited: 429,
  internal_error: 500,
  not_ready: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ErrorDetail {
  field?: string;
  message: string;
  [extra: string]: unknown;
}

export interface ErrorBody {
  error: { code: ErrorCode; message: string; details?: ErrorDetail[] };
}

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
    /** Extra response headers, e.g. Retry-After for 429. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.status = ERROR_STATUS[code];
  }

  body(): ErrorBody {
    return { error: { code: this.code, message: this.message, ...(this.details ? { details: this.details } : {}) } };
  }
}

/** Shorthand for a single-field validation failure. */
export function invalid(field: string, message: string): AppError {
  return new AppError("validation_failed", `${field} ${message}`, [{ field, message }]);
}
