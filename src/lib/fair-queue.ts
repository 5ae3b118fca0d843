/**
 * A waiting line shared by accounts, served in turns: each account's items in the order it sent them,
 * and accounts taking turns, so one account's backlog never stands in front of another's first item.
 * (One line in arrival order let 60 large uploads from one account keep another's small photo waiting
 * 87.6 s.) It is start-time fair queueing with every item costing one: an item's tag is where its
 * account's previous item ended, or the line's clock (the tag last served) if that is later; the lowest
 * tag is served first, arrival order breaking ties. An account that was idle thus starts at the clock,
 * never with credit saved up, and one that has sent five waits its turn for each.
 */
export class FairQueue<T> {
  private items: { key: number; tag: number; seq: number; item: T }[] = [];
  /** Each account's next tag: where its last item ends. */
  private next = new Map<number, number>();
  private clock = 0;
  private seq = 0;

  get length(): number {
    return this.items.length;
  }

  /** Queues `item` for account `key`, behind that account's earlier items. */
  push(key: number, item: T): void {
    const tag = Math.max(this.clock, this.next.get(key) ?? 0);
    this.next.set(key, tag + 1);
    this.items.push({ key, tag, seq: this.seq++, item });
  }

  /** Counts a turn of account `key` served without waiting (the line was empty): its next item queues behind it. */
  served(key: number): void {
    const tag = Math.max(this.clock, this.next.get(key) ?? 0);
    this.next.set(key, tag + 1);
    this.clock = tag;
  }

  /** Puts `item` first in line, before every turn (a job whose worker died is tried again at once). */
  pushFront(key: number, item: T): void {
    this.items.push({ key, tag: Number.NEGATIVE_INFINITY, seq: this.seq++, item });
  }

  /** The next item: the lowest tag, then the earliest sent. */
  shift(): T | undefined {
    if (!this.items.length) return undefined;
    let best = 0;
    for (let i = 1; i < this.items.length; i++) {
      const a = this.items[i]!;
      const b = this.items[best]!;
      if (a.tag < b.tag || (a.tag === b.tag && a.seq < b.seq)) best = i;
    }
    const [first] = this.items.splice(best, 1);
    if (Number.isFinite(first!.tag)) this.clock = first!.tag;
    // an account whose next tag is behind the clock starts at the clock anyway: forget it
    if (this.next.size > 2 * this.items.length + 16)
      for (const [key, tag] of this.next) if (tag <= this.clock) this.next.delete(key);
    return first!.item;
  }

  /** Takes `item` out of the line (withdrawn while it waits); false when it was not there. */
  remove(item: T): boolean {
    const i = this.items.findIndex((e) => e.item === item);
    if (i < 0) return false;
    this.items.splice(i, 1);
    return true;
  }

  /** Every item, in no particular order, and the line emptied. */
  drain(): T[] {
    const all = this.items.map((e) => e.item);
    this.items = [];
    return all;
  }
}

/**
 * At most `size` tasks running at a time; the rest wait in a FairQueue by account, and a slot that
 * frees is handed to the next in turn.
 */
export class FairSlots {
  private running = 0;
  private readonly line = new FairQueue<() => void>();

  constructor(private readonly size: number) {}

  async run<R>(key: number, task: () => Promise<R>): Promise<R> {
    if (this.running < this.size) {
      this.running++;
      this.line.served(key);
    } else await new Promise<void>((resolve) => this.line.push(key, resolve)); // the slot is handed over
    try {
      return await task();
    } finally {
      const next = this.line.shift();
      if (next) next();
      else this.running--;
    }
  }
}
