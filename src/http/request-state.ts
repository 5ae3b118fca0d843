/**
 * What the pipeline knows of one request, kept on Elysia's context as `rq` from the first hook on
 * (http/request-start.ts), as Hono keeps such values on `c`: the request id and start time, the
 * caller once authenticated, a body that could not be read, the gate it holds, the error status
 * sent and the headers an error answer carries too. Every hook that needs one reads it from there.
 */
import type { AuthedUser } from "../context";
import type { AppError } from "../lib/errors";
import type { Admission } from "../lib/gate";

export interface RequestState {
  readonly id: string;
  /** performance.now() at the first hook. */
  readonly started: number;
  /** The caller: undefined until the credential was checked, null for none (optionalAuth). */
  user: AuthedUser | null | undefined;
  /** The request's time, taken once with its credential check (the context's `now`). */
  now: Date | undefined;
  /** A body that could not be read (413, 415, malformed), reported after authentication (http/body.ts). */
  bodyError: AppError | undefined;
  /** The gate this request entered before its body was read; left once, when the answer has gone. */
  gate: Admission | undefined;
  /** The temp file a spooled body (kind "file") was written to; deleted with the gate's exit. */
  spooled: string | undefined;
  /** The status of the error answer sent, for the access log. */
  errorStatus: number | undefined;
  /** Headers an error answer carries too (CORS). */
  extraHeaders: Record<string, string> | undefined;
}

export function requestState(id: string): RequestState {
  return {
    id,
    started: performance.now(),
    user: undefined,
    now: undefined,
    bodyError: undefined,
    gate: undefined,
    spooled: undefined,
    errorStatus: undefined,
    extraHeaders: undefined,
  };
}

/**
 * The placeholder Elysia copies into each new context before the first hook replaces it (Elysia's
 * `decorate`: it gives the plugins the typed `rq`). Never written to.
 */
export const NO_REQUEST: RequestState = Object.freeze(requestState(""));
