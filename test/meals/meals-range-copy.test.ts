/** GET /meals over a range and POST /meals/copy (API.md §Meals). */
import { describe, expect, test } from "bun:test";
import { expectError, makeApp, registerUser } from "../helpers";

const t = makeApp();
t.clock.set("2026-11-22T12:00:00Z");
const ana = await registerUser(t.call, { timezone: "Europe/Lisbon" });
const bob = await registerUser(t.call);
const api = (method: string, path: string, body?: unknown, token = ana.access_token) =>
  t.call(method, `/api/v1${path}`, { token, body });
const log = async (date: string, meal_type: string, quantity = 100, food_id = 9040) =>
  (await api("POST", "/meals", { food_id, quantity, meal_type, date })).json;

describe("GET /meals", () => {
  test("a range newest first by default, cursor pages that neither skip nor repeat, asc on request", async () => {
    const ids: string[] = [];
    for (const date of ["2026-10-01", "2026-10-15", "2026-11-01", "2026-11-20"]) {
      for (const type of ["breakfast", "lunch", "dinner"]) ids.push((await log(date, type)).id);
    }
    await log("2026-09-30", "lunch"); // outside
    const page = async (q: string) => (await api("GET", `/meals?${q}`)).json;
    const all: string[] = [];
    let cursor = "";
    for (let n = 0; n < 10; n++) {
      const p = await page(`from=2026-10-01&to=2026-11-20&limit=5${cursor ? `&cursor=${cursor}` : ""}`);
      all.push(...p.items.map((m: { id: string }) => m.id));
      if (!p.next_cursor) break;
      cursor = p.next_cursor;
    }
    expect(all).toEqual([...ids].reverse());
    const asc = await page("from=2026-10-01&to=2026-11-20&order=asc&limit=100");
    expect(asc.items.map((m: { id: string }) => m.id)).toEqual(ids);
    expect(asc.next_cursor).toBeNull();
    // default: the 30 days ending today
    const recent = await page("");
    expect(recent).toMatchObject({ from: "2026-10-24", to: "2026-11-22", order: "desc" });
    expect(recent.items).toHaveLength(6);
  });

  test("bad input → 400: more than 366 days, from after to, bad dates, a made-up cursor; another user's meals never show", async () => {
    expectError(await api("GET", "/meals?from=2025-01-01&to=2026-01-02"), 400, "validation_failed");
    expect((await api("GET", "/meals?from=2025-01-01&to=2026-01-01")).status).toBe(200); // 366 days
    expectError(await api("GET", "/meals?from=2026-11-02&to=2026-11-01"), 400, "validation_failed");
    expectError(await api("GET", "/meals?from=2026-02-30"), 400, "validation_failed");
    expectError(await api("GET", "/meals?cursor=abc"), 400, "validation_failed");
    expectError(await api("GET", "/meals?limit=0"), 400, "validation_failed");
    expectError(await api("GET", "/meals?order=up"), 400, "validation_failed");
    expect((await api("GET", "/meals?from=2026-10-01&to=2026-11-22", undefined, bob.access_token)).json.items).toEqual(
      [],
    );
  });
});

describe("POST /meals/copy", () => {
  test("yesterday's breakfast onto today: the same foods and amounts, at the same local time, new ids; a retry with the copy id never doubles", async () => {
    const b1 = await log("2026-11-21", "breakfast", 120);
    const b2 = await log("2026-11-21", "breakfast", 200, 1123);
    await log("2026-11-21", "dinner", 300);
    const copyId = crypto.randomUUID();
    const body = { from_date: "2026-11-21", meal_type: "breakfast", to_date: "2026-11-22", id: copyId };
    const r = await api("POST", "/meals/copy", body);
    expect(r.status).toBe(201);
    expect(r.json.created).toBe(2);
    const copies = r.json.meals as {
      id: string;
      food: { id: number };
      grams: number;
      date: string;
      meal_type: string;
      eaten_at: string;
      nutrients: unknown;
    }[];
    expect(copies.map((m) => [m.food.id, m.grams, m.date, m.meal_type])).toEqual([
      [9040, 120, "2026-11-22", "breakfast"],
      [1123, 200, "2026-11-22", "breakfast"],
    ]);
    expect(copies[0]!.nutrients).toEqual(b1.nutrients);
    expect(copies.map((m) => m.id)).not.toContain(b1.id);
    expect(copies[0]!.eaten_at.slice(11)).toBe(b1.eaten_at.slice(11)); // 08:00 Lisbon both days
    const retry = await api("POST", "/meals/copy", body);
    expect(retry.status).toBe(200);
    expect(retry.json).toEqual({ meals: r.json.meals, created: 0 });
    const today = (await api("GET", "/meals/daily?date=2026-11-22")).json.meals;
    expect(today.filter((m: { meal_type: string }) => m.meal_type === "breakfast")).toHaveLength(2);
    // one meal, and a whole day, into another meal type
    const one = await api("POST", "/meals/copy", { meal_ids: [b2.id], to_date: "2026-11-23", to_meal_type: "snack" });
    expect(one.json.meals.map((m: { meal_type: string; date: string }) => [m.meal_type, m.date])).toEqual([
      ["snack", "2026-11-23"],
    ]);
    const day = await api("POST", "/meals/copy", { from_date: "2026-11-21", to_date: "2026-12-01" });
    expect(day.json.created).toBe(3);
    // the same copy id for a different copy → 409
    expectError(await api("POST", "/meals/copy", { ...body, to_date: "2026-11-25" }), 409, "id_conflict");
  });

  test("a copy keeps the logged values even after the food was deleted", async () => {
    const food = (await api("POST", "/foods", { name: "Aunt's cake", nutrients: { energy_kcal: 400 } })).json;
    const m = await log("2026-11-20", "snack", 80, food.id);
    expect((await api("DELETE", `/foods/${food.id}`)).status).toBe(204);
    const r = await api("POST", "/meals/copy", { meal_ids: [m.id], to_date: "2026-11-22" });
    expect(r.status).toBe(201);
    expect(r.json.meals[0]).toMatchObject({
      food: { id: food.id, name: "Aunt's cake" },
      grams: 80,
      nutrients: m.nutrients,
    });
  });

  test("bad input: more than a year ahead, neither or both sources, bad ids → 400; another user's meal → 404; nothing written", async () => {
    const m = await log("2026-11-19", "lunch");
    const before = (await api("GET", "/meals?from=2026-11-23&to=2027-11-23&limit=500")).json.items.length;
    const cases: [Record<string, unknown>, string][] = [
      [{ meal_ids: [m.id], to_date: "2027-11-24" }, "to_date"],
      [{ meal_ids: [m.id] }, "to_date"],
      [{ to_date: "2026-11-22" }, "meal_ids"],
      [{ meal_ids: [m.id], from_date: "2026-11-19", to_date: "2026-11-22" }, "meal_ids"],
      [{ meal_ids: ["nope"], to_date: "2026-11-22" }, "meal_ids.0"],
      [{ from_date: "2026-11-19", meal_type: "brunch", to_date: "2026-11-22" }, "meal_type"],
      [{ from_date: "2026-11-19", to_date: "2026-11-22", id: "x" }, "id"],
    ];
    for (const [body, field] of cases) {
      const e = expectError(await api("POST", "/meals/copy", body), 400, "validation_failed");
      expect(`${JSON.stringify(body)} ${e.details?.[0]?.field}`).toBe(`${JSON.stringify(body)} ${field}`);
    }
    expect((await api("POST", "/meals/copy", { meal_ids: [m.id], to_date: "2027-11-23" })).status).toBe(201); // a year ahead is fine
    expectError(
      await api("POST", "/meals/copy", { meal_ids: [m.id], to_date: "2026-11-22" }, bob.access_token),
      404,
      "meal_not_found",
    );
    const after = (await api("GET", "/meals?from=2026-11-23&to=2027-11-23&limit=500")).json.items.length;
    expect(after).toBe(before + 1);
  });
});
