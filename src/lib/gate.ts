/**
 * At most `perKey` requests of one kind at a time for one key (an account), and `total` for the
 * whole server; the rest are refused at once with 429 and Retry-After, before their bodies are read.
 * Imports use it: three 60 MB imports side by side reached 742 MB of memory, and a single slot for
 * the whole server let one account's import turn every other account's away. A slot is held from
 * `enter` until `leave` (idempotent: called when the answer has gone, and when the handler ends,
 * whichever comes first).
 */
import { AppError } from "./errors";

export class Gate {
  private readonly holders = new Map<Request, string | number>();
  constructor(
    private readonly total: number,
    private readonly perKey: number,
    private readonly what: string,
  ) {}

  enter(request: Request, key: string | number): void {
    if (this.holders.has(request)) return;
    let mine = 0;
    for (const k of this.holders.values()) if (k === key) mine++;
    if (mine >= this.perKey) throw this.busy(`another ${this.what} of yours is already running`);
    if (this.holders.size >= this.total)
      throw this.busy(`${this.total} ${this.what}s are already running on this server`);
    this.holders.set(request, key);
  }

  leave(request: Request): void {
    this.holders.delete(request);
  }

  private busy(why: string): AppError {
    return new AppError("rate_limited", `${why}; try again when it has finished`, undefined, { "retry-after": "5" });
  }
}
