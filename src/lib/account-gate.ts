/**
 * Admission to a shared line (the photo workers): at most `perAccount` requests of one account and
 * `total` of all accounts in it at a time, queued or running; the rest are refused at once with 429
 * and Retry-After, before their bodies are read. Memory follows: 60 concurrent 40 MP uploads from one
 * account took the server from 564 MB to 1.6 GB when every one was read, decoded and queued. A slot is
 * held from `enter` until `leave` (idempotent: called when the answer has gone, or on an error).
 */
import { AppError } from "./errors";
import type { Admission } from "./gate";

export interface AccountLimits {
  perAccount: number;
  total: number;
}

export class AccountGate implements Admission {
  private readonly holders = new Map<Request, number>();
  private readonly perAccount = new Map<number, number>();

  constructor(
    readonly limits: AccountLimits,
    private readonly what: string,
    private readonly retryAfterS = 2,
  ) {}

  enter(request: Request, account: number | null): void {
    if (this.holders.has(request)) return;
    const key = account ?? 0;
    const mine = this.perAccount.get(key) ?? 0;
    if (mine >= this.limits.perAccount) {
      throw this.refuse(
        `you already have ${mine} ${this.what} waiting or in progress; send the next when one is answered`,
      );
    }
    if (this.holders.size >= this.limits.total) {
      throw this.refuse(`too many ${this.what} are waiting on this server; try again in a few seconds`);
    }
    this.holders.set(request, key);
    this.perAccount.set(key, mine + 1);
  }

  leave(request: Request): void {
    const key = this.holders.get(request);
    if (key === undefined) return;
    this.holders.delete(request);
    const left = (this.perAccount.get(key) ?? 1) - 1;
    if (left > 0) this.perAccount.set(key, left);
    else this.perAccount.delete(key);
  }

  /** Requests holding a slot (for /metrics and the tests). */
  get size(): number {
    return this.holders.size;
  }

  private refuse(message: string): AppError {
    return new AppError("rate_limited", message, undefined, { "retry-after": String(this.retryAfterS) });
  }
}
