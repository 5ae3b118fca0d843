/**
 * Sync with the server (API.md §Sync): pending mutations go out through /sync/push in order, with
 * their stable mutation_id and base_version; changes come in through /sync/changes from the saved
 * cursor. Runs on start, on reconnect, shortly after each local change, and every 30 s.
 *
 * A conflict (the record changed elsewhere since this device last saw it) is kept for the person to
 * decide; a rejected mutation is kept with the server's reason and the local record is put back as
 * the server has it. A record with a mutation still waiting is never overwritten by a pull.
 *
 * The parts: push.ts (send and settle), pull.ts (the change feed), apply.ts (a server record put in the store),
 * rename.ts (a food made offline gets its id), labels.ts (conflicts and refusals in words). This file holds when
 * sync runs and the state the status bar shows.
 */
import { ApiError, isOffline } from "../api";
import type { Mutation, Store } from "../store";
import { pull } from "./pull";
import { push, type Made } from "./push";

export interface SyncState {
  online: boolean;
  syncing: boolean;
  pending: number;
  conflicts: number;
  problems: number;
  /** A push and pull has gone through since the app loaded: until then this device may not have the server's latest. */
  pulled: boolean;
  /** Set when the session ended and the person must sign in again. */
  error: string | null;
}

const PERIOD_MS = 30_000;
/** The longest wait between tries while the server cannot be reached: back within seconds once it answers. */
export const MAX_BACKOFF_MS = 4000;

export class Sync {
  state: SyncState = {
    online: navigator.onLine,
    syncing: false,
    pending: 0,
    conflicts: 0,
    problems: 0,
    pulled: false,
    error: null,
  };
  private readonly listeners = new Set<() => void>();
  private running: Promise<void> | null = null;
  private again = false;
  private backoff = 0;
  private soon: ReturnType<typeof setTimeout> | undefined;
  private timer: ReturnType<typeof setInterval> | undefined;
  /** `entity:id:base` → the version this device's push made of it (see `latest`). */
  private readonly made: Made = new Map();
  /** Called when local records changed (a local write, a pull or a push), so views re-read. */
  onData: () => void = () => {};

  constructor(readonly db: Store) {}

  start(): void {
    addEventListener("online", this.wake);
    addEventListener("offline", this.wentOffline);
    addEventListener("focus", this.wakeIfWaiting);
    document.addEventListener("visibilitychange", this.wakeIfWaiting);
    this.timer = setInterval(() => void this.run(), PERIOD_MS);
    void this.refreshCounts().then(() => this.run());
  }

  stop(): void {
    removeEventListener("online", this.wake);
    removeEventListener("offline", this.wentOffline);
    removeEventListener("focus", this.wakeIfWaiting);
    document.removeEventListener("visibilitychange", this.wakeIfWaiting);
    clearInterval(this.timer);
    clearTimeout(this.soon);
  }

  latest(entity: string, id: Mutation["id"], base: number | null): number | null {
    let v = base;
    for (
      let next = this.made.get(`${entity}:${id}:${v}`);
      next !== undefined;
      next = this.made.get(`${entity}:${id}:${v}`)
    )
      v = next;
    return v;
  }

  subscribe(l: () => void): () => void {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }

  private emit(patch: Partial<SyncState>): void {
    this.state = { ...this.state, ...patch };
    for (const l of this.listeners) l();
  }

  private readonly wake = () => {
    this.emit({ online: true });
    void this.run();
  };

  /** Back to the app (focus, a visible tab) while it could not reach the server: try now, not at the next retry. */
  private readonly wakeIfWaiting = () => {
    if (document.visibilityState === "visible" && (!this.state.online || this.state.pending > 0)) void this.run();
  };

  private readonly wentOffline = () => this.emit({ online: false });

  /** After a local change: views re-read; batch what the next few hundred ms bring, then push. */
  changed(): void {
    this.onData();
    void this.refreshCounts();
    clearTimeout(this.soon);
    this.soon = setTimeout(() => void this.run(), 300);
  }

  async refreshCounts(): Promise<void> {
    const [pending, conflicts, problems] = await Promise.all([
      this.db.count("queue"),
      this.db.count("conflicts"),
      this.db.count("problems"),
    ]);
    this.emit({ pending, conflicts, problems });
  }

  /** One sync at a time; a request while one runs makes it go round once more. */
  run(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      this.emit({ syncing: true });
      try {
        do {
          this.again = false;
          await push(this.db, this.made, () => this.onData());
          await pull(this.db, () => this.onData());
        } while (this.again);
        this.emit({ online: true, pulled: true, error: null });
        this.backoff = 0;
      } catch (e) {
        if (isOffline(e)) {
          this.emit({ online: false });
          // the server may be back before the browser says so: try again soon, then every few seconds (doubling
          // to 30 s left a person waiting about 21 s after the server answered again)
          this.backoff = Math.min(MAX_BACKOFF_MS, Math.max(1000, this.backoff * 2));
          clearTimeout(this.soon);
          // with no network at all the browser's `online` event wakes it instead
          if (navigator.onLine) this.soon = setTimeout(() => void this.run(), this.backoff);
        } else if (e instanceof ApiError && e.status === 401)
          this.emit({ error: "Your session ended; sign in again to send your changes." });
        else this.emit({ error: e instanceof Error ? e.message : String(e) });
      } finally {
        this.running = null;
        await this.refreshCounts();
        this.emit({ syncing: false });
      }
    })();
    return this.running;
  }
}
