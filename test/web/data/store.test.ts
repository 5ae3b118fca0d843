/**
 * The browser's store (web/src/store.ts) on IndexedDB: every store the app reads, one database per account, meals
 * by date, meta values, one transaction over every store, and upgrades from older versions that keep the records
 * and read the change feed again.
 */
import { browser } from "./browser-env";
import { describe, expect, test } from "bun:test";
import { openDB } from "idb";
import { ALL_STORES, getMeta, mealsOn, openStore, setMeta, writeAll, type Meal } from "../../../web/src/store";

browser();

const meal = (id: string, date: string): Meal => ({
  id,
  food: { id: 1, name: "Banana" },
  meal_type: "breakfast",
  quantity: 120,
  portion: null,
  grams: 120,
  date,
  eaten_at: `${date}T08:00:00Z`,
  note: null,
  nutrients: { energy_kcal: 107 },
  version: null,
});

/** Each store's key path as openStore makes it (meta is keyed by the caller). */
const KEY_PATHS: Record<(typeof ALL_STORES)[number], string | undefined> = {
  queue: "seq",
  meals: "id",
  foods: "id",
  conflicts: "key",
  problems: "mutation_id",
  meta: undefined,
  weights: "date",
  recipes: "id",
  days: "date",
  activity: "key",
  saved_meals: "id",
};

describe("store", () => {
  test("a new database has every store the app reads, at the current version", async () => {
    const db = await openStore(1);
    expect(db.name).toBe("morsel-1");
    expect(db.version).toBe(7);
    expect([...db.objectStoreNames].sort()).toEqual([...ALL_STORES].sort());
    db.close();
  });

  test("meals are found by their date; meta values are kept by key; the queue numbers its mutations", async () => {
    const db = await openStore(1);
    await db.put("meals", meal("a", "2026-03-01"));
    await db.put("meals", meal("b", "2026-03-02"));
    await db.put("meals", meal("c", "2026-03-01"));
    expect((await mealsOn(db, "2026-03-01")).map((m) => m.id).sort()).toEqual(["a", "c"]);
    expect(await mealsOn(db, "2026-03-03")).toEqual([]);

    expect(await getMeta<string>(db, "cursor")).toBeUndefined();
    await setMeta(db, "cursor", "abc");
    expect(await getMeta<string>(db, "cursor")).toBe("abc");

    const m = { entity: "weight", id: "2026-03-01", op: "delete", base_version: 1, data: null } as const;
    const first = await db.add("queue", { ...m, mutation_id: "m1" });
    const second = await db.add("queue", { ...m, mutation_id: "m2" });
    expect(second).toBeGreaterThan(first);
    expect((await db.getAll("queue")).map((q) => [q.seq, q.mutation_id])).toEqual([
      [first, "m1"],
      [second, "m2"],
    ]);
    db.close();
  });

  test("each account has its own database: a second person on this browser sees none of the first one's data", async () => {
    const ana = await openStore(1);
    const ben = await openStore(2);
    await ana.put("meals", meal("a", "2026-03-01"));
    await setMeta(ana, "cursor", "ana's");
    expect(await ben.count("meals")).toBe(0);
    expect(await getMeta(ben, "cursor")).toBeUndefined();
    ana.close();
    ben.close();
  });

  test("writeAll is one transaction over every store: aborted, none of its writes is kept", async () => {
    const db = await openStore(1);
    const tx = writeAll(db);
    await tx.objectStore("meals").put(meal("a", "2026-03-01"));
    await tx.objectStore("queue").add({
      entity: "meal",
      id: "a",
      op: "upsert",
      base_version: null,
      data: {},
      mutation_id: "m1",
    });
    tx.abort();
    await tx.done.catch(() => undefined);
    expect(await db.count("meals")).toBe(0);
    expect(await db.count("queue")).toBe(0);

    const ok = writeAll(db);
    await ok.objectStore("meals").put(meal("a", "2026-03-01"));
    await ok.objectStore("weights").put({ date: "2026-03-01", kg: 70, note: null, version: null });
    await ok.done;
    expect(await db.count("meals")).toBe(1);
    expect(await db.count("weights")).toBe(1);
    db.close();
  });

  test("a database of the first version is upgraded: its records stay, new stores appear, the feed is read again", async () => {
    // version 1 as the app made it then: meals, foods, queue, conflicts, problems, meta
    const old = await openDB("morsel-5", 1, {
      upgrade(db) {
        db.createObjectStore("meals", { keyPath: "id" }).createIndex("date", "date");
        db.createObjectStore("foods", { keyPath: "id" });
        db.createObjectStore("queue", { keyPath: "seq", autoIncrement: true });
        db.createObjectStore("conflicts", { keyPath: "key" });
        db.createObjectStore("problems", { keyPath: "mutation_id" });
        db.createObjectStore("meta");
      },
    });
    await old.put("meals", meal("kept", "2026-02-01"));
    await old.put("meta", "a cursor that passed weigh-ins over", "cursor");
    await old.put("meta", true, "something else");
    old.close();

    const db = await openStore(5);
    expect([...db.objectStoreNames].sort()).toEqual([...ALL_STORES].sort());
    expect((await mealsOn(db, "2026-02-01")).map((m) => m.id)).toEqual(["kept"]);
    // the records of the entities added since were passed over by the old cursor: sync starts the feed again
    expect(await getMeta(db, "cursor")).toBeUndefined();
    expect(await getMeta(db, "something else")).toBe(true);
    db.close();
  });

  test("a database of version 6 only reads the feed again (the profile and targets were passed over)", async () => {
    // version 6 as the app made it: every store of today (version 7 added none)
    const db6 = await openDB("morsel-9", 6, {
      upgrade(db) {
        for (const name of ALL_STORES) {
          const keyPath = KEY_PATHS[name];
          const s = db.createObjectStore(name, keyPath ? { keyPath, autoIncrement: name === "queue" } : undefined);
          if (name === "meals" || name === "activity") s.createIndex("date", "date");
        }
      },
    });
    await db6.put("meta", "old", "cursor");
    await db6.put("weights", { date: "2026-01-01", kg: 80, note: null, version: 3 });
    db6.close();
    const db = await openStore(9);
    expect(db.version).toBe(7);
    expect(await getMeta(db, "cursor")).toBeUndefined();
    expect(await db.get("weights", "2026-01-01")).toEqual({ date: "2026-01-01", kg: 80, note: null, version: 3 });
    db.close();
  });
});
