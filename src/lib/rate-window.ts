/**
 * A fixed-window counter per key: at most `limit` events per `windowMs`. Used for open registration
 * (60 parallel registrations from one address made 60 accounts). In memory, with at most MAX_KEYS keys:
 * ended windows are dropped first, then the oldest.
 */
const MAX_KEYS = 50_000;

export class RateWindow {
  private readonly windows = new Map<string, { start: number; count: number }>();
  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one event for `key`; returns 0, or the seconds until the key may go on (nothing counted then). */
  take(key: string, now: number): number {
    let w = this.windows.get(key);
    if (w && now >= w.start + this.windowMs) {
      this.windows.delete(key);
      w = undefined;
    }
    if (!w) {
      if (this.windows.size >= MAX_KEYS) this.makeRoom(now);
      this.windows.set(key, (w = { start: now, count: 0 }));
    }
    if (w.count >= this.limit) return Math.max(1, Math.ceil((w.start + this.windowMs - now) / 1000));
    w.count++;
    return 0;
  }

  private makeRoom(now: number): void {
    for (const [key, w] of this.windows) if (now >= w.start + this.windowMs) this.windows.delete(key);
    if (this.windows.size >= MAX_KEYS) this.windows.delete(this.windows.keys().next().value!);
  }
}
