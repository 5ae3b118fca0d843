/**
 * Sync with the server (API.md §Sync): pending mutations go out through /sync/push in order, with
 * their stable mutation_id and base_version; changes come in through /sync/changes from the saved
 * cursor. Runs on start, on reconnect, shortly after each local change, and every 30 s.
 *
 * A conflict (the record changed elsewhere since this device last saw it) is kept for the person to
 * decide; a rejected mutation is kept with the server's reason and the local record is put back as
 * the server has it. A record with a mutation still waiting is never overwritten by a pull.
 */
import type { Ok } from "./api-data";
import { api, ApiError, isOffline } from "./api";
import { apiErrorInWords } from "./refusals";
import { isActivityEntity, storeActivity } from "./activity-records";
import {
  fromDay,
  fromFood,
  fromMeal,
  fromRecipe,
  fromSavedMeal,
  fromWeight,
  renamedKey,
  renamedPortion,
  type Renamed,
} from "./records";
import { getMeta, setMeta, writeAll, type Conflict, type Mutation, type Store, type Tx } from "./store";

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

/** The server's answer to one pushed mutation. */
type Result = Ok<"pushMutations">["results"][number];

/** One change of the feed (GET /sync/changes). */
type Change = Ok<"pullChanges">["changes"][number];

const PERIOD_MS = 30_000;
/** The longest wait between tries while the server cannot be reached: back within seconds once it answers. */
export const MAX_BACKOFF_MS = 4000;
const BATCH = 100;

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
  private readonly made = new Map<string, number>();
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
          await this.push();
          await this.pull();
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

  private async push(): Promise<void> {
    for (;;) {
      const queue = await this.db.getAll("queue", undefined, BATCH);
      if (!queue.length) return;
      // A custom food made offline goes alone first: the meals after it need its real id.
      // At most one mutation per record per push: the next one needs the version this one makes.
      const keys = new Set<string>();
      let end = queue.findIndex((m) => {
        const k = `${m.entity}:${m.id}`;
        if (keys.has(k)) return true;
        keys.add(k);
        return false;
      });
      if (end < 0) end = queue.length;
      // A custom food or recipe made offline goes alone first: the meals (and recipes) after it need its real id.
      const cut = queue.findIndex(madeHere);
      const batch = cut === 0 ? queue.slice(0, 1) : queue.slice(0, cut > 0 ? Math.min(cut, end) : end);
      const wire = batch.map(({ seq: _, ...m }) => ({ ...m, id: typeof m.id === "number" && m.id < 0 ? null : m.id }));
      const { results } = await api<{ results: Result[] }>("POST", "/sync/push", { mutations: wire });
      for (let i = 0; i < batch.length; i++) await this.settle(batch[i]!, results[i]!);
      this.onData();
    }
  }

  private async settle(m: Mutation, r: Result): Promise<void> {
    const tx = writeAll(this.db);
    await tx.objectStore("queue").delete(m.seq!);
    const ok = r.status === "applied" || r.status === "duplicate";
    let id = m.id;
    if (ok && madeHere(m) && r.current) {
      id = Number(r.current.id);
      await this.renameFood(tx, m.id as number, id, (r.current.portions as { id: number }[] | undefined) ?? []);
    }
    // The record's later changes build on what this one made; after a failure they are dropped
    // (the conflict keeps this device's latest version, a refusal puts back the server's).
    let later = await tx.objectStore("queue").openCursor();
    while (later) {
      if (later.value.entity === m.entity && later.value.id === id) {
        if (ok) await later.update({ ...later.value, base_version: r.version });
        else await later.delete();
      }
      later = await later.continue();
    }
    if (ok) {
      if (typeof r.version === "number" && r.version > (m.base_version ?? 0))
        this.made.set(`${m.entity}:${id}:${m.base_version}`, r.version);
      await this.store(tx, m.entity, id, r.current, r.version);
    } else if (r.status === "conflict") {
      const mine = m.op === "delete" ? null : await this.mine(tx, m);
      const conflict: Conflict = {
        key: `${m.entity}:${m.id}`,
        entity: m.entity,
        id: m.id!,
        label: label(mine ?? r.current),
        mine,
        theirs: r.current,
        version: r.version,
      };
      await tx.objectStore("conflicts").put(conflict);
    } else {
      const why = r.error ? apiErrorInWords(r.error) : "refused.";
      await tx
        .objectStore("problems")
        .put({ mutation_id: m.mutation_id, text: `${describe(m)} was not saved: ${why}` });
      await this.store(tx, m.entity, m.id, r.current, r.version); // back to what the server has
    }
    await tx.done;
  }

  private async mine(tx: Tx, m: Mutation): Promise<Record<string, unknown> | null> {
    if (m.entity === "meal")
      return ((await tx.objectStore("meals").get(String(m.id))) as unknown as Record<string, unknown>) ?? m.data;
    return m.data;
  }

  /** The record as the server has it (or gone), unless a later local change to it is still waiting. */
  private async store(
    tx: Tx,
    entity: Change["entity"],
    id: Mutation["id"],
    data: Record<string, unknown> | null,
    version: number | null,
  ): Promise<void> {
    if (await tx.objectStore("conflicts").get(`${entity}:${id}`)) return; // the person decides
    // a recipe's change waiting here also holds its food (the server writes both)
    const waiting = (await tx.objectStore("queue").getAll()).some(
      (q) => q.id === id && (q.entity === entity || (entity === "food" && q.entity === "recipe")),
    );
    if (waiting) {
      // this device's newer change stays on screen; it will build on this version
      const meal = entity === "meal" ? await tx.objectStore("meals").get(String(id)) : undefined;
      if (meal) await tx.objectStore("meals").put({ ...meal, version });
      return;
    }
    if (entity === "meal") {
      if (data) await tx.objectStore("meals").put(fromMeal(data, version));
      else await tx.objectStore("meals").delete(String(id));
    } else if (entity === "food") {
      if (data) await tx.objectStore("foods").put(fromFood(data, version));
      else if (typeof id === "number") await tx.objectStore("foods").delete(id);
    } else if (entity === "goals") {
      await tx.objectStore("meta").put({ goals: data, version }, "goals");
    } else if (entity === "target_profile" || entity === "targets") {
      await tx.objectStore("meta").put({ data, version }, entity); // targets-local.ts reads them
    } else if (entity === "weight") {
      if (data) await tx.objectStore("weights").put(fromWeight(String(id), data, version));
      else await tx.objectStore("weights").delete(String(id));
    } else if (entity === "day") {
      if (data) await tx.objectStore("days").put(fromDay(String(id), data, version));
      else await tx.objectStore("days").delete(String(id));
    } else if (isActivityEntity(entity)) {
      await storeActivity(tx, entity, String(id), data, version);
    } else if (entity === "saved_meal") {
      if (data) await tx.objectStore("saved_meals").put(fromSavedMeal(data, version));
      else await tx.objectStore("saved_meals").delete(String(id));
    } else if (entity === "recipe" && typeof id === "number") {
      if (data) {
        await tx.objectStore("recipes").put(fromRecipe(data, version));
        // its food comes as a change of its own; one made here has none yet until the next pull
        if (!(await tx.objectStore("foods").get(id)))
          await tx.objectStore("foods").put(
            fromFood(
              {
                ...data,
                source: "custom",
                barcode: null,
                default_portion: (data.portions as unknown[])?.[0] ?? null,
              },
              null,
            ),
          );
      } else {
        await tx.objectStore("recipes").delete(id);
        await tx.objectStore("foods").delete(id); // its food goes with it (a refused one made here too)
      }
    }
  }

  /**
   * A custom food made offline got its id: the queue and the meals that name it follow, and so do
   * its portions (made here as temp − 1, temp − 2, …, in the order the server numbers them).
   */
  private async renameFood(tx: Tx, temp: number, real: number, portions: { id: number }[]): Promise<void> {
    await tx.objectStore("foods").delete(temp);
    await tx.objectStore("recipes").delete(temp);
    // a form still open on the temporary food logs under the real id (records.ts serverIds)
    const renamed: Renamed = { id: real, portions: portions.map((p) => p.id) };
    await tx.objectStore("meta").put(renamed, renamedKey(temp));
    const portion = (id: unknown) => renamedPortion(temp, renamed, id);
    let cursor = await tx.objectStore("queue").openCursor();
    while (cursor) {
      const q = cursor.value;
      if (q.entity === "meal" && q.data) {
        // a new meal names the food; an edit may name only one of its portions
        const data = {
          ...q.data,
          ...(q.data.food_id === temp ? { food_id: real } : {}),
          ...(q.data.portion_id != null ? { portion_id: portion(q.data.portion_id) } : {}),
        };
        if (JSON.stringify(data) !== JSON.stringify(q.data)) await cursor.update({ ...q, data });
      }
      if ((q.entity === "food" || q.entity === "recipe") && q.id === temp) await cursor.update({ ...q, id: real });
      else if (q.entity === "recipe" && Array.isArray(q.data?.ingredients)) {
        // a recipe made of it names it as an ingredient
        const ingredients = (q.data.ingredients as { food_id: number; portion_id?: number }[]).map((i) =>
          i.food_id === temp
            ? { ...i, food_id: real, ...(i.portion_id != null ? { portion_id: portion(i.portion_id) } : {}) }
            : i,
        );
        await cursor.update({ ...q, data: { ...q.data, ingredients } });
      }
      cursor = await cursor.continue();
    }
    let meals = await tx.objectStore("meals").openCursor();
    while (meals) {
      const meal = meals.value;
      if (meal.food?.id === temp)
        await meals.update({
          ...meal,
          food: { ...meal.food, id: real },
          portion: meal.portion ? { ...meal.portion, id: portion(meal.portion.id) as number } : meal.portion,
        });
      meals = await meals.continue();
    }
  }

  private async pull(): Promise<void> {
    let cursor = (await getMeta<string>(this.db, "cursor")) ?? "";
    for (;;) {
      let page: Ok<"pullChanges">;
      try {
        page = await api("GET", `/sync/changes?limit=500&cursor=${encodeURIComponent(cursor)}`);
      } catch (e) {
        if (e instanceof ApiError && e.code === "cursor_expired") {
          cursor = ""; // older than the kept deletions: read everything again
          continue;
        }
        throw e;
      }
      if (page.changes.length) {
        const tx = writeAll(this.db);
        for (const c of page.changes)
          await this.store(tx, c.entity, c.id, c.op === "delete" ? null : c.data, c.version);
        await tx.done;
        this.onData();
      }
      cursor = page.next_cursor;
      await setMeta(this.db, "cursor", cursor);
      if (!page.has_more) return;
    }
  }
}

/** A custom food or recipe made on this device that the server has not numbered yet. */
const madeHere = (m: Mutation) =>
  (m.entity === "food" || m.entity === "recipe") && typeof m.id === "number" && m.id < 0;

function label(r: Record<string, unknown> | null): string {
  if (!r) return "a record";
  const food = r.food as { name?: string } | undefined;
  if (typeof r.kg === "number" && !r.food) return `a weigh-in (${r.date ?? ""})`.replace(" ()", "");
  if (typeof r.complete === "boolean") return `the mark of ${String(r.date ?? "a day")}`;
  if ("birth_year" in r) return "your profile";
  if ("fiber_per_energy" in r) return "your nutrient targets";
  if (typeof r.metric === "string")
    return `${r.metric.replace(/_(ml|cm|pct)$/, "").replace("_", " ")} of ${String(r.date ?? "a day")}`;
  if (typeof r.exercise_in_budget === "boolean" || typeof r.glass_ml === "number") return "your activity settings";
  return String(food?.name ?? r.name ?? "your goals");
}

function describe(m: Mutation): string {
  const what =
    m.entity === "meal"
      ? "A meal"
      : m.entity === "food" || m.entity === "recipe"
        ? `The ${m.entity} ${String(m.data?.name ?? "")}`.trim()
        : m.entity === "weight"
          ? `The weigh-in of ${String(m.id)}`
          : m.entity === "day"
            ? `Day complete for ${String(m.id)}`
            : m.entity === "saved_meal"
              ? `The saved meal ${String(m.data?.name ?? "")}`.trim()
              : m.entity === "exercise"
                ? `The exercise ${String(m.data?.name ?? "")}`.trim()
                : m.entity === "daily_value"
                  ? `The ${String(m.id).split(":")[1]?.replace("_", " ")} of ${String(m.id).split(":")[0]}`
                  : m.entity === "activity_settings"
                    ? "Your activity settings"
                    : m.entity === "target_profile"
                      ? "Your profile"
                      : m.entity === "targets"
                        ? "Your nutrient targets"
                        : "Your goals";
  return m.op === "delete" ? `Deleting ${what.toLowerCase()}` : what;
}
