/**
 * A per-client budget of server time (a token bucket whose tokens are milliseconds). Anonymous
 * food search spends it: a search that misses every cache is charged what it cost, so a client
 * sending expensive queries (a one-letter prefix with ever-new offsets cost ~100 ms each) runs dry
 * within a second and gets 429 with Retry-After, while a person typing never notices. Cheap hits
 * still pay a small floor, which bounds the request rate too.
 */
export interface BudgetLimits {
  /** Milliseconds a client may spend at once. */
  burstMs: number;
  /** Milliseconds it gets back per second. */
  refillMsPerS: number;
  /** What even a cached answer costs. */
  floorMs: number;
}

export const ANONYMOUS_SEARCH_BUDGET: BudgetLimits = { burstMs: 2000, refillMsPerS: 250, floorMs: 2 };
/**
 * A signed-in user's: twice the anonymous refill (half a core) and a larger burst. A person typing
 * spends a few milliseconds a keystroke; 8 expensive queries in flight (125–360 ms each) ran dry at once.
 */
export const SIGNED_IN_SEARCH_BUDGET: BudgetLimits = { burstMs: 3000, refillMsPerS: 500, floorMs: 1 };

const MAX_CLIENTS = 50_000;

export class CostBudget {
  private readonly buckets = new Map<string, { ms: number; at: number }>();
  constructor(private readonly limits: BudgetLimits = ANONYMOUS_SEARCH_BUDGET) {}

  private bucket(key: string, now: number) {
    let b = this.buckets.get(key);
    if (!b) {
      if (this.buckets.size >= MAX_CLIENTS) this.buckets.delete(this.buckets.keys().next().value!);
      this.buckets.set(key, (b = { ms: this.limits.burstMs, at: now }));
    }
    b.ms = Math.min(this.limits.burstMs, b.ms + ((now - b.at) / 1000) * this.limits.refillMsPerS);
    b.at = now;
    return b;
  }

  /** Seconds until this client may go on, or 0 when it has budget left. */
  retryAfter(key: string, now: number): number {
    const b = this.bucket(key, now);
    return b.ms > 0 ? 0 : Math.max(1, Math.ceil((-b.ms + this.limits.floorMs) / this.limits.refillMsPerS));
  }

  /** Charges what a request cost (at least the floor); the balance may go below zero. */
  charge(key: string, costMs: number, now: number): void {
    this.bucket(key, now).ms -= Math.max(this.limits.floorMs, costMs);
  }
}
