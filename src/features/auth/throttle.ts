/**
 * Password throttling (OWASP ASVS 2.2.1) for login and for the password checks of PATCH/DELETE
 * /me: failures are counted per email and per client address in a fixed window. Past the limit,
 * attempts for that key get 429 with Retry-After until the window ends.
 *
 * An attempt is reserved, counted as a failure, before its password hash runs: 40 parallel logins
 * for one email used to all pass a check made before any had failed. A right password then clears
 * that email's counter and gives the address back its one attempt; it never clears the address's
 * other failures (an attacker with one valid account could interleave it with guesses for ever).
 * In memory: a restart forgets the counts, which costs an attacker a restart they cannot cause.
 */
import { rateKey } from "../../lib/ip";

export interface ThrottleLimits {
  perEmail: number;
  perAddress: number;
  windowMs: number;
}

export const DEFAULT_LIMITS: ThrottleLimits = { perEmail: 5, perAddress: 20, windowMs: 15 * 60_000 };
const MAX_KEYS = 100_000;
/** How many of the oldest windows eviction compares. */
const EVICT_SAMPLE = 256;

interface Window {
  start: number;
  failures: number;
}

export class LoginThrottle {
  private readonly windows = new Map<string, Window>();
  constructor(private readonly limits: ThrottleLimits = DEFAULT_LIMITS) {}

  private keys(email: string, address: string): [string, number][] {
    return [
      [`e:${email}`, this.limits.perEmail],
      [`a:${rateKey(address)}`, this.limits.perAddress],
    ];
  }

  /**
   * Seconds to wait when the email or the address is at its limit (nothing is reserved then);
   * otherwise 0, and this attempt counts as a failure until `succeed` says otherwise.
   */
  reserve(email: string, address: string, now: number): number {
    const wait = this.retryAfter(email, address, now);
    if (wait === 0) this.fail(email, address, now);
    return wait;
  }

  /** Seconds to wait, or 0 when an attempt may proceed. */
  private retryAfter(email: string, address: string, now: number): number {
    let wait = 0;
    for (const [key, limit] of this.keys(email, address)) {
      const w = this.windows.get(key);
      if (!w) continue;
      const end = w.start + this.limits.windowMs;
      if (now >= end) {
        this.windows.delete(key);
        continue;
      }
      if (w.failures >= limit) wait = Math.max(wait, Math.ceil((end - now) / 1000));
    }
    return wait;
  }

  private fail(email: string, address: string, now: number): void {
    for (const [key] of this.keys(email, address)) {
      const w = this.windows.get(key);
      if (!w || now >= w.start + this.limits.windowMs) this.windows.set(key, { start: now, failures: 1 });
      else w.failures++;
    }
    if (this.windows.size > MAX_KEYS) this.evict(now);
  }

  /**
   * Room for new keys: windows that have ended go first; if none has, the one with the fewest failures
   * among the oldest EVICT_SAMPLE. Dropping simply the oldest let an attacker with many addresses flush
   * a victim's per-email count by making 100,000 keys of one failure each.
   */
  private evict(now: number): void {
    let victim: string | null = null;
    let fewest = Number.POSITIVE_INFINITY;
    let looked = 0;
    for (const [key, w] of this.windows) {
      if (now >= w.start + this.limits.windowMs) {
        this.windows.delete(key);
        return;
      }
      if (w.failures < fewest) [victim, fewest] = [key, w.failures];
      if (++looked >= EVICT_SAMPLE) break;
    }
    if (victim) this.windows.delete(victim);
  }

  /** The reserved attempt was right: the email starts afresh; the address gets that attempt back. */
  succeed(email: string, address: string): void {
    this.windows.delete(`e:${email}`);
    const key = `a:${rateKey(address)}`;
    const w = this.windows.get(key);
    if (w && --w.failures <= 0) this.windows.delete(key);
  }
}
