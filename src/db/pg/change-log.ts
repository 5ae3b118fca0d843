/**
 * The sync change log on PostgreSQL: the same rows and answers as db/change-log.ts, with one
 * difference that PostgreSQL's concurrency forces.
 *
 * SQLite has one writer, so seqs commit in order. PostgreSQL runs writers side by side: A takes
 * seq 9, B takes seq 10 and commits first, and a pull in between sees 10 without 9. Its cursor
 * moves to 10 and seq 9, committed a moment later, is never sent: a lost meal. So a pull returns
 * only rows written by transactions older than every transaction still open (`txid` below the
 * snapshot's xmin). Those have all ended, and any transaction still able to add a row starts at or
 * above xmin, and so took its seq later and will be read next time. Rows of a newer transaction wait
 * for the older ones to end, a few milliseconds with group commit; read-only transactions (pg_dump
 * among them) take no transaction id and hold nothing back.
 */
import type { SQL } from "bun";
import type { Entity, LogRow, Op } from "../change-log";

export class PgChangeLog {
  constructor(private readonly sql: SQL) {}

  /** Logs a write and returns the record's new version. Call with the write's transaction. */
  async record(tx: SQL, userId: number, entity: Entity, id: string | number, op: Op, data: unknown, now: Date) {
    const key = String(id);
    const json = op === "delete" ? null : JSON.stringify(data);
    await tx`DELETE FROM sync_log WHERE user_id = ${userId} AND entity = ${entity} AND entity_id = ${key}`;
    const [row] = await tx<{ seq: number }[]>`
      INSERT INTO sync_log (user_id, entity, entity_id, op, data, changed_at)
      VALUES (${userId}, ${entity}, ${key}, ${op}, ${json}, ${now.toISOString()}) RETURNING seq`;
    return row!.seq;
  }

  /** The record's latest log entry (its version, and whether it is a tombstone), or null. */
  async current(userId: number, entity: Entity, id: string | number): Promise<LogRow | null> {
    const [row] = await this.sql<LogRow[]>`
      SELECT seq, entity, entity_id, op, data, changed_at FROM sync_log
      WHERE user_id = ${userId} AND entity = ${entity} AND entity_id = ${String(id)}`;
    return row ?? null;
  }

  /** Whether another account deleted a record under this id (see ChangeLog.deletedElsewhere). */
  async deletedElsewhere(entity: Entity, id: string | number, userId: number): Promise<boolean> {
    const rows = await this.sql`
      SELECT 1 FROM sync_log WHERE entity = ${entity} AND entity_id = ${String(id)} AND op = 'delete'
      AND user_id <> ${userId} LIMIT 1`;
    return rows.length > 0;
  }

  /** The user's newest version that a pull may already hand out (committed, in order). */
  async latestSeq(userId: number): Promise<number> {
    const [row] = await this.sql<{ m: number | null }[]>`
      SELECT max(seq) AS m FROM sync_log
      WHERE user_id = ${userId} AND txid < pg_snapshot_xmin(pg_current_snapshot())`;
    return row?.m ?? 0;
  }

  /** Changes after `seq` in seq order, holding back any that an open transaction could precede. */
  async changesAfter(userId: number, seq: number, limit: number): Promise<LogRow[]> {
    return await this.sql<LogRow[]>`
      SELECT seq, entity, entity_id, op, data, changed_at FROM sync_log
      WHERE user_id = ${userId} AND seq > ${seq} AND txid < pg_snapshot_xmin(pg_current_snapshot())
      ORDER BY seq LIMIT ${limit}`;
  }

  async purgedThrough(userId: number): Promise<number> {
    const [row] = await this.sql<{ purged_through: number }[]>`
      SELECT purged_through FROM sync_state WHERE user_id = ${userId}`;
    return row?.purged_through ?? 0;
  }

  /** Drops this user's tombstones older than `days`, remembering the highest seq dropped. */
  async purgeTombstones(userId: number, now: Date, days: number): Promise<void> {
    const cutoff = new Date(now.getTime() - days * 86_400_000).toISOString();
    await this.sql.begin(async (tx) => {
      const gone = await tx<{ seq: number }[]>`
        DELETE FROM sync_log WHERE user_id = ${userId} AND op = 'delete' AND changed_at < ${cutoff}
        AND txid < pg_snapshot_xmin(pg_current_snapshot()) RETURNING seq`;
      if (!gone.length) return;
      const max = Math.max(...gone.map((r) => r.seq));
      await tx`
        INSERT INTO sync_state (user_id, purged_through) VALUES (${userId}, ${max})
        ON CONFLICT (user_id) DO UPDATE SET purged_through = greatest(sync_state.purged_through, excluded.purged_through)`;
    });
  }
}
