/**
 * Login throttling (OWASP ASVS 2.2.1): failures are counted per email and per client address in
 * a fixed window. Past the limit, logins for that key get 429 with Retry-After until the window
 * ends; a successful login clears both counters. In memory: a restart forgets the counts, which
 * for a single-process home server costs an attacker a restart they cannot cause.
 */
export interface ThrottleLimits {
  perEmail: number;
  perAddress: number;
  windowMs: number;
}

export const DEFAULT_LIMITS: ThrottleLimits = { perEmail: 5, perAddress: 20, windowMs: 15 * 60_000 };
const MAX_KEYS = 100_000;

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
      [`a:${address}`, this.limits.perAddress],
    ];
  }

  /** Seconds to wait, or 0 when a login attempt may proceed. */
  retryAfter(email: string, address: string, now: number): number {
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

  fail(email: string, address: string, now: number): void {
    for (const [key] of this.keys(email, address)) {
      const w = this.windows.get(key);
      if (!w || now >= w.start + this.limits.windowMs) this.windows.set(key, { start: now, failures: 1 });
      else w.failures++;
    }
    if (this.windows.size > MAX_KEYS) this.windows.delete(this.windows.keys().next().value!);
  }

  succeed(email: string, address: string): void {
    for (const [key] of this.keys(email, address)) this.windows.delete(key);
  }
}
