/**
 * At most `size` requests of one kind at a time, the rest refused at once with 429 and Retry-After,
 * before their bodies are read. Imports use it: three 60 MB imports side by side reached 742 MB of
 * memory. A slot is held from `enter` until `leave` (idempotent: called when the answer has gone, and
 * when the handler ends, whichever comes first).
 */
import { AppError } from "./errors";

/**
 * What http/body.ts enters before a route's body is read and leaves when the answer has gone.
 * `account` is the caller's user id on a route that needs a token, else null.
 */
export interface Admission {
  enter(request: Request, account: number | null): void;
  leave(request: Request): void;
}

export class Gate implements Admission {
  private readonly holders = new Set<Request>();
  constructor(
    private readonly size: number,
    private readonly what: string,
  ) {}

  enter(request: Request): void {
    if (this.holders.has(request)) return;
    if (this.holders.size >= this.size) {
      throw new AppError(
        "rate_limited",
        `${this.what} is already running on this server; try again when it has finished`,
        undefined,
        { "retry-after": "5" },
      );
    }
    this.holders.add(request);
  }

  leave(request: Request): void {
    this.holders.delete(request);
  }
}
