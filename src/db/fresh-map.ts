import type { Database, Statement } from "bun:sqlite";

/**
 * What the database has seen: rows this connection changed (total_changes(), which also moves on a
 * write that is rolled back; 0.2 µs) and commits by other connections (data_version: `morsel user
 * disable` at the shell while the server runs). data_version costs ~4 µs, so it is read once per
 * turn of the event loop, shared by every request that turn handles: a commit elsewhere is seen by
 * every request read after it. Equal stamps mean nothing can have changed in between.
 */
interface Watch {
  changes: Statement<{ t: number }, []>;
  version: Statement<{ data_version: number }, []>;
  seen: number;
  fresh: boolean;
}
const watches = new WeakMap<Database, Watch>();
function stampOf(db: Database): string {
  let w = watches.get(db);
  if (!w) {
    w = {
      changes: db.prepare("SELECT total_changes() AS t"),
      version: db.prepare("PRAGMA data_version"),
      seen: 0,
      fresh: false,
    };
    watches.set(db, w);
  }
  if (!w.fresh) {
    w.seen = w.version.get()!.data_version;
    w.fresh = true;
    const watch = w;
    setImmediate(() => (watch.fresh = false));
  }
  return `${w.changes.get()!.t}:${w.seen}`;
}

/**
 * A cache of values read from the database that empties itself whenever the database changed since
 * it was filled — by any write of ours or any commit of another process — so a hit is always what a
 * fresh read would return. Nothing is kept while a transaction is open (its rows may roll back).
 * Bounded: it starts over at `capacity` entries.
 */
export class FreshMap<K, V> {
  private readonly map = new Map<K, V>();
  private stamp = "";
  constructor(
    private readonly db: Database,
    private readonly capacity = 10_000,
  ) {}

  /** The cached value, or `read()`'s (kept when nothing is in flight). */
  get(key: K, read: () => V | undefined): V | undefined {
    const now = stampOf(this.db);
    if (now !== this.stamp) {
      this.map.clear();
      this.stamp = now;
    }
    const hit = this.map.get(key);
    if (hit !== undefined) return hit;
    const value = read();
    if (value !== undefined && !this.db.inTransaction) {
      if (this.map.size >= this.capacity) this.map.clear();
      this.map.set(key, value);
    }
    return value;
  }
}
