/**
 * What http/body.ts enters before a route's body is read and leaves when the answer has gone: a
 * route's gate (lib/account-gate.ts: imports, the photo line). `account` is the caller's user id on
 * a route that needs a token, else null. `leave` is idempotent: called when the answer has gone, and
 * when the handler ends, whichever comes first.
 */
export interface Admission {
  enter(request: Request, account: number | null): void;
  leave(request: Request): void;
}
