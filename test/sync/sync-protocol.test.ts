/** The sync protocol core, tested directly (no HTTP): cursors and mutation validation. */
import { describe, expect, test } from "bun:test";
import { checkMutation, decodeCursor, encodeCursor } from "../../src/features/sync/protocol";

describe("cursors", () => {
  test("round-trip, and empty means the beginning", () => {
    for (const n of [0, 1, 35, 36, 123456789, 2 ** 40]) expect(decodeCursor(encodeCursor(n))).toBe(n);
    expect(decodeCursor(undefined)).toBe(0);
    expect(decodeCursor("")).toBe(0);
  });
  test.each(["garbage", "m1.", "m2.10", "m1.-5", "m1.ZZ", "m1.zzzzzzzzzzzz", "' OR 1=1"])("%p is not a cursor", (c) => {
    expect(decodeCursor(c)).toBeNull();
  });
});

describe("checkMutation", () => {
  const good = {
    mutation_id: "0193c1b4-7d2e-7c3a-9f1e-2b5d8c4a6e10",
    entity: "meal",
    id: "0193c1b4-7d2e-7c3a-9f1e-2b5d8c4a6e11",
    op: "upsert",
    base_version: null,
    data: { food_id: 9040 },
  };

  test("a well-formed mutation passes, ids lower-cased", () => {
    const r = checkMutation({ ...good, mutation_id: good.mutation_id.toUpperCase() });
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.mutation.mutation_id).toBe(good.mutation_id);
  });

  test.each([
    [{ mutation_id: "x" }, "mutation_id"],
    [{ entity: "drink" }, "entity"],
    [{ entity: "weight", id: "2026-02-30" }, "id"],
    [{ entity: "recipe", id: 9040 }, "id"],
    [{ op: "merge" }, "op"],
    [{ base_version: 0 }, "base_version"],
    [{ base_version: "3" }, "base_version"],
    [{ data: null }, "data"],
    [{ data: [1] }, "data"],
    [{ id: "not-a-uuid" }, "id"],
    [{ entity: "food", id: 9040 }, "id"],
    [{ entity: "food", id: "1000001" }, "id"],
    [{ entity: "goals", id: "mine" }, "id"],
  ])("%p → rejected on %s", (over, field) => {
    const r = checkMutation({ ...good, ...over });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.details.map((d) => d.field)).toContain(field);
  });

  test("food create may leave the id to the server; goals use one record", () => {
    expect(checkMutation({ ...good, entity: "food", id: null }).ok).toBe(true);
    const g = checkMutation({ ...good, entity: "goals", id: null });
    expect(g.ok && g.mutation.id).toBe("goals");
    expect(checkMutation({ ...good, op: "delete", data: null }).ok).toBe(true);
  });

  test("not an object at all", () => {
    expect(checkMutation(null).ok).toBe(false);
    expect(checkMutation("mutation").ok).toBe(false);
  });
});
