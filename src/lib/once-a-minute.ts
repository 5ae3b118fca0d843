/**
 * "Last used" bookkeeping without a write per request: `due(key, now)` is true the first time a key
 * is seen and then at most once a minute (or when the clock went back). Bounded: past 50,000 keys
 * the memory starts over, which costs one extra write per key.
 */
const EVERY_MS = 60_000;
const MAX_KEYS = 50_000;

export class OnceAMinute<K> {
  private readonly seen = new Map<K, number>();

  due(key: K, now: Date): boolean {
    const t = now.getTime();
    const last = this.seen.get(key);
    if (last !== undefined && t - last < EVERY_MS && t >= last) return false;
    if (this.seen.size >= MAX_KEYS) this.seen.clear();
    this.seen.set(key, t);
    return true;
  }
}
