/**
 * Writing and reading the change log (db/schema.ts changeLog). Services call `record` inside the
 * transaction of their write, so a change and its log entry commit together or not at all.
 *
 * On PostgreSQL a pull must also wait for commit order. SQLite has one writer, so seqs commit in
 * order. PostgreSQL runs writers side by side: A takes seq 9, B takes seq 10 and commits first, and
 * a pull in between sees 10 without 9. Its cursor moves to 10 and seq 9, committed a moment later,
 * is never sent: a lost meal. So there a pull returns only rows written by transactions older than
 * every transaction that may still add a row (`txid` below the horizon, COMMITTED below). Those are
 * the transactions in progress at the pull's snapshot that hold a write lock on sync_log in this
 * database (a row's seq is taken inside its INSERT, under that lock), and, to be safe, any that ended
 * between the snapshot and the look at the locks. Transactions in other databases of the cluster, and
 * readers here (pg_dump among them), hold nothing back; the cluster-wide snapshot xmin did, so a long
 * transaction of another application on a shared server stalled every pull. Rows of a newer
 * transaction wait for the older writers to end: a few milliseconds with group commit.
 */
import { FreshMap } from "./fresh-map";
import { dialect, row, rows, run, tx, type Q } from "./q";
import type { Store } from "./store";

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

/**
 * PostgreSQL: the oldest transaction, in progress at this statement's snapshot, that may still add a
 * sync_log row (see above); null when there is none.
 */
const HORIZON = `(SELECT min(xip) FROM pg_snapshot_xip(pg_current_snapshot()) AS xip
  WHERE pg_xact_status(xip) <> 'in progress' OR xid(xip) IN (
    SELECT x.transactionid FROM pg_locks r
    JOIN pg_locks x ON x.virtualtransaction = r.virtualtransaction AND x.locktype = 'transactionid'
    WHERE r.locktype = 'relation' AND r.relation = 'sync_log'::regclass AND r.mode = 'RowExclusiveLock'
      AND r.database = (SELECT oid FROM pg_database WHERE datname = current_database())))`;
/** PostgreSQL: only rows no open transaction can still precede (see above). */
const COMMITTED = `txid < coalesce(${HORIZON}, pg_snapshot_xmax(pg_current_snapshot()))`;
const COLUMNS = "seq, entity, entity_id, op, data, changed_at";

export class ChangeLog {
  /** SQLite's version, cached until the database changes (db/fresh-map.ts): the day cache asks on every read. */
  private readonly latestSeqs: FreshMap<number, number>;
  constructor(private readonly store: Store) {
    this.latestSeqs = new FreshMap(store);
  }

  /**
   * Whether another account deleted a record under this id (its tombstone is kept): a client-made id
   * (a meal's UUID) stays its owner's, so the owner's undo is not answered with a conflict.
   */
  *deletedElsewhere(entity: Entity, id: string | number, userId: number): Q<boolean> {
    const hit = yield* row(
      "SELECT user_id FROM sync_log WHERE entity = ? AND entity_id = ? AND op = 'delete' AND user_id <> ? LIMIT 1",
      entity,
      String(id),
      userId,
    );
    return hit !== null;
  }

  /** Logs a write and returns the record's new version. Call inside the write's transaction. */
  *record(userId: number, entity: Entity, id: string | number, op: Op, data: unknown, now: Date): Q<number> {
    const key = String(id);
    yield* run("DELETE FROM sync_log WHERE user_id = ? AND entity = ? AND entity_id = ?", userId, entity, key);
    const added = yield* row<{ seq: number }>(
      "INSERT INTO sync_log (user_id, entity, entity_id, op, data, changed_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING seq",
      userId,
      entity,
      key,
      op,
      op === "delete" ? null : JSON.stringify(data),
      now.toISOString(),
    );
    return added!.seq;
  }

  /** The record's latest log entry (its version, and whether it is a tombstone), or null. */
  *current(userId: number, entity: Entity, id: string | number): Q<LogRow | null> {
    return yield* row<LogRow>(
      `SELECT ${COLUMNS} FROM sync_log WHERE user_id = ? AND entity = ? AND entity_id = ?`,
      userId,
      entity,
      String(id),
    );
  }

  /**
   * A key that changes whenever anything the user owns may have changed (the day-page cache's). On
   * SQLite the user's newest seq: one writer, so seqs commit in order and a write always raises it.
   * On PostgreSQL a seq taken early can commit after a higher one without raising the max, so there
   * it is the store's stamp, which moves at this process's commits and, by NOTIFY, everyone else's.
   */
  *version(userId: number): Q<string> {
    const stamp = yield* dialect({ sqlite: () => null, pg: async () => this.store.stamp() });
    if (stamp !== null) return stamp;
    const read = () => row<{ m: number | null }>(LATEST, userId);
    return String(
      yield* this.latestSeqs.get(userId, function* () {
        return (yield* read())?.m ?? 0;
      }),
    );
  }

  /** Changes after `seq`, in seq order (on PostgreSQL, holding back any an open transaction could precede). */
  *changesAfter(userId: number, seq: number, limit: number): Q<LogRow[]> {
    return yield* rows<LogRow>(AFTER, userId, seq, limit);
  }

  *purgedThrough(userId: number): Q<number> {
    return (
      (yield* row<{ purged_through: number }>("SELECT purged_through FROM sync_state WHERE user_id = ?", userId))
        ?.purged_through ?? 0
    );
  }

  /** Drops this user's tombstones older than `days`, remembering the highest seq dropped. */
  *purgeTombstones(userId: number, now: Date, days: number): Q<void> {
    const cutoff = new Date(now.getTime() - days * 86_400_000).toISOString();
    yield* tx(function* () {
      const max = (yield* row<{ m: number | null }>(PURGEABLE, userId, cutoff))?.m;
      if (!max) return;
      yield* run(PURGE, userId, cutoff, max);
      yield* run(
        {
          sqlite: `INSERT INTO sync_state (user_id, purged_through) VALUES (?, ?) ON CONFLICT (user_id)
            DO UPDATE SET purged_through = max(purged_through, excluded.purged_through)`,
          pg: `INSERT INTO sync_state (user_id, purged_through) VALUES (?, ?) ON CONFLICT (user_id)
            DO UPDATE SET purged_through = greatest(sync_state.purged_through, excluded.purged_through)`,
        },
        userId,
        max,
      );
    });
  }
}

const LATEST = "SELECT max(seq) AS m FROM sync_log WHERE user_id = ?";
const AFTER = {
  sqlite: `SELECT ${COLUMNS} FROM sync_log WHERE user_id = ? AND seq > ? ORDER BY seq LIMIT ?`,
  pg: `SELECT ${COLUMNS} FROM sync_log WHERE user_id = ? AND seq > ? AND ${COMMITTED} ORDER BY seq LIMIT ?`,
};
const PURGEABLE = {
  sqlite: "SELECT max(seq) AS m FROM sync_log WHERE user_id = ? AND op = 'delete' AND changed_at < ?",
  pg: `SELECT max(seq) AS m FROM sync_log WHERE user_id = ? AND op = 'delete' AND changed_at < ? AND ${COMMITTED}`,
};
/** Only up to the seq found, so a tombstone written meanwhile (PostgreSQL) is not dropped unremembered. */
const PURGE = "DELETE FROM sync_log WHERE user_id = ? AND op = 'delete' AND changed_at < ? AND seq <= ?";
