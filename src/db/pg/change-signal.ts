/**
 * "The database changed", across processes, on PostgreSQL: what SQLite's data_version tells
 * db/fresh-map.ts. Caches (signed-in sessions, personal foods, imported generations) keep a value
 * only while the stamp is unchanged, so a token revoked through one Morsel process must move every
 * other process's stamp before its next request is answered from cache.
 *
 * Every write to a table sends NOTIFY on one channel (a statement trigger on every table,
 * drizzle-pg/0001_change_signal.sql: PostgreSQL delivers it at commit and drops it on rollback, and
 * catches writes by anyone, psql included), and every process LISTENs. The stamp moves:
 * - on this process's own commits (`committed`, called by db/pg/store.ts), at once;
 * - on another process's commit, when its notification arrives (milliseconds on one server);
 * - whenever the listening connection is (re)established: notifications sent while it was down are
 *   lost, so anything may have changed (Bun.SQL re-subscribes by itself and calls back).
 */
import type { SQL } from "bun";

/** The channel every Morsel process on one database listens on. */
export const CHANGED_CHANNEL = "morsel_changed";

export class PgChangeSignal {
  private version = 0;
  private subscription: SQL.ListenSubscription | null = null;

  /** Listens on the channel; resolves once the first LISTEN is acknowledged. */
  static async start(sql: SQL): Promise<PgChangeSignal> {
    const signal = new PgChangeSignal();
    signal.subscription = await sql.listen(
      CHANGED_CHANNEL,
      () => signal.version++,
      () => signal.version++,
    );
    return signal;
  }

  /** Equal stamps: no commit anywhere can have changed what was read in between. */
  stamp(): number {
    return this.version;
  }

  /** This process committed a write: its own caches start over at once. */
  committed(): void {
    this.version++;
  }

  async stop(): Promise<void> {
    await this.subscription?.unlisten();
    this.subscription = null;
  }
}
