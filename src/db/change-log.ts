/**
 * Writing and reading the change log (db/schema.ts changeLog). Services call `record` inside the
 * transaction of their write, so a change and its log entry commit together or not at all.
 */
import type { Db } from "./client";
import { FreshMap } from "./fresh-map";

export type Entity = "meal" | "food" | "goals" | "weight" | "recipe";
export type Op = "upsert" | "delete";

export interface LogRow {
  seq: number;
  entity: Entity;
  entity_id: string;
  op: Op;
  data: string | null;
  changed_at: string;
}

/** Tombstones older than this are purged; a cursor from before a purge gets 410. */
export const DEFAULT_TOMBSTONE_DAYS = 90;

export class ChangeLog {
  private readonly del;
  private readonly ins;
  private readonly one;
  private readonly after;
  private readonly purged;
  private readonly latest;
  constructor(readonly db: Db) {
    const c = db.$client;
    this.latestSeqs = new FreshMap(c);
    this.latest = c.prepare<{ m: number | null }, [number]>("SELECT max(seq) AS m FROM sync_log WHERE user_id = ?");
    this.del = c.prepare("DELETE FROM sync_log WHERE user_id = ? AND entity = ? AND entity_id = ?");
    this.ins = c.prepare<{ seq: number }, [number, string, string, string, string | null, string]>(
      "INSERT INTO sync_log (user_id, entity, entity_id, op, data, changed_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING seq",
    );
    this.one = c.prepare<LogRow, [number, string, string]>(
      "SELECT seq, entity, entity_id, op, data, changed_at FROM sync_log WHERE user_id = ? AND entity = ? AND entity_id = ?",
    );
    this.after = c.prepare<LogRow, [number, number, number]>(
      "SELECT seq, entity, entity_id, op, data, changed_at FROM sync_log WHERE user_id = ? AND seq > ? ORDER BY seq LIMIT ?",
    );
    this.purged = c.prepare<{ purged_through: number }, [number]>(
      "SELECT purged_through FROM sync_state WHERE user_id = ?",
    );
    this.deletedBy = c.prepare<{ user_id: number }, [string, string, number]>(
      "SELECT user_id FROM sync_log WHERE entity = ? AND entity_id = ? AND op = 'delete' AND user_id <> ? LIMIT 1",
    );
  }

  private readonly deletedBy;
  /**
   * Whether another account deleted a record under this id (its tombstone is kept): a client-made id
   * (a meal's UUID) stays its owner's, so the owner's undo is not answered with a conflict.
   */
  deletedElsewhere(entity: Entity, id: string | number, userId: number): boolean {
    return this.deletedBy.get(entity, String(id), userId) !== null;
  }

  /** Logs a write and returns the record's new version. Call inside the write's transaction. */
  record(userId: number, entity: Entity, id: string | number, op: Op, data: unknown, now: Date): number {
    const key = String(id);
    this.del.run(userId, entity, key);
    return this.ins.get(userId, entity, key, op, op === "delete" ? null : JSON.stringify(data), now.toISOString())!.seq;
  }

  /** The record's latest log entry (its version, and whether it is a tombstone), or null. */
  current(userId: number, entity: Entity, id: string | number): LogRow | null {
    return this.one.get(userId, entity, String(id)) ?? null;
  }

  /** The user's newest version: it moves with every write to anything the user owns. */
  latestSeq(userId: number): number {
    return this.latestSeqs.get(userId, () => this.latest.get(userId)?.m ?? 0)!;
  }
  /** Cached until the database changes (db/fresh-map.ts): the day cache asks on every read. */
  private readonly latestSeqs: FreshMap<number, number>;

  changesAfter(userId: number, seq: number, limit: number): LogRow[] {
    return this.after.all(userId, seq, limit);
  }

  purgedThrough(userId: number): number {
    return this.purged.get(userId)?.purged_through ?? 0;
  }

  /** Drops this user's tombstones older than `days`, remembering the highest seq dropped. */
  purgeTombstones(userId: number, now: Date, days: number): void {
    const cutoff = new Date(now.getTime() - days * 86_400_000).toISOString();
    const c = this.db.$client;
    c.transaction(() => {
      const max = c
        .query<{ m: number | null }, [number, string]>(
          "SELECT max(seq) AS m FROM sync_log WHERE user_id = ? AND op = 'delete' AND changed_at < ?",
        )
        .get(userId, cutoff)?.m;
      if (!max) return;
      c.query("DELETE FROM sync_log WHERE user_id = ? AND op = 'delete' AND changed_at < ?").run(userId, cutoff);
      c.query(
        "INSERT INTO sync_state (user_id, purged_through) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET purged_through = max(purged_through, excluded.purged_through)",
      ).run(userId, max);
    }).immediate();
  }
}
