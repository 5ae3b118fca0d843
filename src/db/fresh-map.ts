import type { Store } from "./store";
import { inTransaction, type Q } from "./q";

/**
 * A cache of values read from the database that empties itself whenever the database changed since
 * it was filled — by any write of ours or any commit of another process (the store's stamp) — so a
 * hit is what a fresh read would return. Nothing is kept while a transaction is open (its rows may
 * roll back), nor when the database changed while the value was being read.
 * Bounded: it starts over at `capacity` entries.
 */
export class FreshMap<K, V> {
  private readonly map = new Map<K, V>();
  private seen = "";
  constructor(
    private readonly store: Store,
    private readonly capacity = 10_000,
  ) {}

  /** The stamp now: take it before reading a value to `keep`. */
  stamp(): string {
    return this.store.stamp();
  }

  /** The cached value, if any, at the stamp `now` just taken (no read). */
  peek(key: K, now: string): V | undefined {
    this.freshen(now);
    return this.map.get(key);
  }

  /**
   * Keeps a value read outside any transaction after the stamp was `since`, unless the database
   * changed since then (work that cannot run as database work, such as verifying a signature).
   */
  keep(key: K, value: V, since: string): void {
    if (this.store.stamp() !== since) return;
    this.freshen(since);
    this.set(key, value);
  }

  private freshen(now: string): void {
    if (now !== this.seen) {
      this.map.clear();
      this.seen = now;
    }
  }

  private set(key: K, value: V): void {
    if (this.map.size >= this.capacity) this.map.clear();
    this.map.set(key, value);
  }

  /** The cached value, or `read()`'s (kept when nothing is in flight). */
  *get(key: K, read: () => Q<V | undefined>): Q<V | undefined> {
    const now = this.store.stamp();
    this.freshen(now);
    const hit = this.map.get(key);
    if (hit !== undefined) return hit;
    const value = yield* read();
    if (value !== undefined && !(yield* inTransaction()) && this.store.stamp() === now) this.set(key, value);
    return value;
  }
}
