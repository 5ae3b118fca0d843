/**
 * Writing and reading the change log (db/schema.ts changeLog). Services call `record` inside the
 * transaction of their write, so a change and its log entry commit together or not at all.
 *
 * The ordering guarantee is per account, as the feed is read (API.md §Sync): an account's seqs
 * commit in order, so its pull hands out every committed row after its cursor and never passes one
 * that commits later. SQLite has one writer; on PostgreSQL `record` takes the account's lock
 * (db/q.ts ownAccount, db/pg/account-locks.ts) before its seq, so one account's writers take turns
 * and other accounts' run side by side. Seqs of different accounts interleave in any order, which no
 * reader sees: every query of the feed names one account. No record is read by more than one
 * account's feed: every row has one user_id. The one look across accounts, `deletedElsewhere`, asks
 * whether a tombstone exists, not in which order; two accounts creating one meal id at once meet at
 * the meals table's primary key instead.
 */
import { FreshMap } from "./fresh-map";
import type { RawRow } from "./raw-row";
import type { changeLog } from "./schema";
import { dialect, inTransaction, ownAccount, pgRaw, row, rows, run, tx, type Leaf, type PgTables, type Q } from "./q";
import type { Store } from "./store";

export type Entity =
  | "meal"
  | "food"
  | "goals"
  | "weight"
  | "recipe"
  | "day"
  | "saved_meal"
  | "exercise"
  | "daily_value"
  | "activity_settings"
  | "target_profile"
  | "targets";
export type Op = "upsert" | "delete";

type Param = string | number | boolean | null;

/**
 * A write its change-log record goes with (`recordWith`), said for each backend. On PostgreSQL it is
 * one statement that the record joins (`WITH w AS (write RETURNING 1) INSERT INTO sync_log … FROM w`):
 * the write and its record are one round trip, not two, and the record is only made when the write
 * wrote a row (its condition, e.g. a day's cap, held).
 */
export interface LoggedWrite {
  /** SQLite: runs the write; whether it wrote a row (false: nothing is recorded). */
  sqlite: () => Q<boolean>;
  /** PostgreSQL: one INSERT, UPDATE or DELETE without RETURNING, `?` placeholders, and its parameters. */
  pg: (t: PgTables) => { text: string; params: Param[] };
}

/** A raw SQL write (`?` placeholders, one text for both dialects, no RETURNING) as a LoggedWrite: it wrote when it changed a row. */
export function loggedRun(text: string, ...params: Param[]): LoggedWrite {
  return {
    *sqlite() {
      return (yield* run(text, ...params)) > 0;
    },
    pg: () => ({ text, params }),
  };
}

/**
 * What a request whose only write this is says (its route): nothing follows the write in its job, so on
 * PostgreSQL its last statement may take COMMIT along (recordWith's `final`, db/q.ts Leaf). A sync push or
 * an import, which go on after it, leave it out.
 */
export interface Alone {
  alone?: boolean;
}

/** A log record as raw SQL gives it (db/raw-row.ts), `entity` and `op` narrowed to what `record` writes into the text columns. */
export type LogRow = Omit<RawRow<typeof changeLog>, "user_id" | "entity" | "op"> & { entity: Entity; op: Op };

/** Tombstones older than this are purged; a cursor from before a purge gets 410. */
export const DEFAULT_TOMBSTONE_DAYS = 90;

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
    const hit = yield* row(DELETED_ELSEWHERE, entity, String(id), userId);
    return hit !== null;
  }

  /** Logs a write and returns the record's new version. Call inside the write's transaction. */
  *record(userId: number, entity: Entity, id: string | number, op: Op, data: unknown, now: Date): Q<number> {
    // outside a transaction the seq would commit at once, past a lower one still in flight (db/pg/store.ts)
    if (!(yield* inTransaction())) throw new Error("ChangeLog.record runs inside the write's transaction");
    yield* ownAccount(userId); // before the seq: the account's seqs commit in the order they are taken
    const key = String(id);
    // the record's earlier entry goes and a new one, with a new seq, takes its place: two statements on
    // SQLite (microseconds each), one on PostgreSQL (a round trip saved on every write)
    yield* dialect({
      sqlite: (db) => db.$client.query(FORGET).run(userId, entity, key),
      pg: async () => undefined,
    });
    const added = yield* row<{ seq: number }>(
      RECORD,
      userId,
      entity,
      key,
      op,
      op === "delete" ? null : JSON.stringify(data),
      now.toISOString(),
    );
    return added!.seq;
  }

  /**
   * `write` and its record, in the write's transaction: the record's new version, or null when the
   * write wrote nothing (then nothing is recorded). `unlessDeletedElsewhere`: nor when another account
   * deleted a record under this id (`deletedElsewhere`; on PostgreSQL a condition the write's WHERE
   * gets, so `write.pg`'s text must end in one). The account is owned first, as `record` does, so
   * a condition the write checks (a day's cap) holds against the account's other writers. `final`: the
   * work does nothing with the database after it, and throws after it only when it got null (db/q.ts
   * Leaf: on PostgreSQL COMMIT may go out right behind it).
   */
  *recordWith(
    write: LoggedWrite,
    userId: number,
    entity: Entity,
    id: string | number,
    op: Op,
    data: unknown,
    now: Date,
    { unlessDeletedElsewhere = false, final = false } = {},
  ): Q<number | null> {
    if (!(yield* inTransaction())) throw new Error("ChangeLog.recordWith runs inside the write's transaction");
    yield* ownAccount(userId);
    if (this.store.inProcess) {
      if (unlessDeletedElsewhere && (yield* this.deletedElsewhere(entity, id, userId))) return null;
      if (!(yield* write.sqlite())) return null;
      return yield* this.record(userId, entity, id, op, data, now);
    }
    // sent right behind the account lock's question (db/pg/account-locks.ts): with BEGIN, one round trip
    const record = [userId, entity, String(id), op, op === "delete" ? null : JSON.stringify(data), now.toISOString()];
    const leaf: Leaf = {
      sqlite: () => null, // told apart above: SQLite's store is in process
      pg: async (db, t, wrote) => {
        const { text, params } = write.pg(t);
        const guard = unlessDeletedElsewhere ? [entity, String(id), userId] : [];
        const full = withRecord(unlessDeletedElsewhere ? `${text} AND NOT EXISTS (${DELETED_ELSEWHERE})` : text);
        const added = (await pgRaw(db, full, [...params, ...guard, ...record], wrote)) as unknown as { seq: number }[];
        return added[0]?.seq ?? null;
      },
      final,
    };
    return (yield leaf) as number | null;
  }

  /**
   * The record's latest log entry (its version, and whether it is a tombstone), or null. Inside a
   * transaction the account is owned first, so a version checked here is still the version at commit.
   */
  *current(userId: number, entity: Entity, id: string | number): Q<LogRow | null> {
    yield* ownAccount(userId);
    return yield* row<LogRow>(
      `SELECT ${COLUMNS} FROM sync_log WHERE user_id = ? AND entity = ? AND entity_id = ?`,
      userId,
      entity,
      String(id),
    );
  }

  /**
   * A key that changes whenever anything the user owns may have changed (the day-page cache's). On
   * SQLite the user's newest seq (seqs commit in order, so every write raises it; read in microseconds,
   * and cached until the database changes). On PostgreSQL the store's stamp, which moves at this
   * process's commits and, by NOTIFY, every other process's: no round trip on a cached day, at the
   * price of emptying every user's pages on any commit.
   */
  *version(userId: number): Q<string> {
    if (!this.store.inProcess) return this.store.stamp();
    const read = () => row<{ m: number | null }>(LATEST, userId);
    return String(
      yield* this.latestSeqs.get(userId, function* () {
        return (yield* read())?.m ?? 0;
      }),
    );
  }

  /** Changes after `seq`, in seq order. */
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

const FORGET = "DELETE FROM sync_log WHERE user_id = ? AND entity = ? AND entity_id = ?";
const INSERT = "INSERT INTO sync_log (user_id, entity, entity_id, op, data, changed_at) VALUES (?, ?, ?, ?, ?, ?)";
const RECORD = {
  sqlite: `${INSERT} RETURNING seq`,
  // seq = DEFAULT: the identity's next value, as the DELETE and INSERT give on SQLite
  pg: `${INSERT} ON CONFLICT (user_id, entity, entity_id) DO UPDATE SET seq = DEFAULT, op = excluded.op,
    data = excluded.data, changed_at = excluded.changed_at RETURNING seq`,
};
const DELETED_ELSEWHERE =
  "SELECT user_id FROM sync_log WHERE entity = ? AND entity_id = ? AND op = 'delete' AND user_id <> ? LIMIT 1";
/** A write's text with its record joined (recordWith): built once per write text. */
const joined = new Map<string, string>();
function withRecord(write: string): string {
  let text = joined.get(write);
  if (text === undefined) {
    text = `WITH w AS (${write} RETURNING 1)
      INSERT INTO sync_log (user_id, entity, entity_id, op, data, changed_at) SELECT ?::int, ?, ?, ?, ?, ? FROM w
      ON CONFLICT (user_id, entity, entity_id) DO UPDATE SET seq = DEFAULT, op = excluded.op,
      data = excluded.data, changed_at = excluded.changed_at RETURNING seq`;
    joined.set(write, text);
  }
  return text;
}
const LATEST = "SELECT max(seq) AS m FROM sync_log WHERE user_id = ?";
const AFTER = `SELECT ${COLUMNS} FROM sync_log WHERE user_id = ? AND seq > ? ORDER BY seq LIMIT ?`;
const PURGEABLE = "SELECT max(seq) AS m FROM sync_log WHERE user_id = ? AND op = 'delete' AND changed_at < ?";
/** Only up to the seq found, so a tombstone written meanwhile is not dropped unremembered. */
const PURGE = "DELETE FROM sync_log WHERE user_id = ? AND op = 'delete' AND changed_at < ? AND seq <= ?";
