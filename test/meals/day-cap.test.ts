/**
 * A day holds at most 200 meals per account (API.md §Meals), on every path that adds one: POST,
 * PATCH to another date, copy, sync push and the JSON import. A day stored before the cap still reads.
 */
import { describe, expect, test } from "bun:test";
import { expectError, makeApp, registerUser } from "../helpers";

const CAP = 200;
const t = makeApp();
t.clock.set("2026-11-22T12:00:00Z");

async function user() {
  const u = await registerUser(t.call, { timezone: "Europe/Lisbon" });
  const api = (method: string, path: string, body?: unknown) =>
    t.call(method, `/api/v1${path}`, { token: u.access_token, body });
  return { ...u, api };
}
type Api = Awaited<ReturnType<typeof user>>["api"];
const meal = (date: string, over: object = {}) => ({ food_id: 9040, quantity: 100, meal_type: "snack", date, ...over });

/**
 * `n` meals on `date`: one through the API, the rest copies of it written straight into the
 * database (as a day stored before the cap would be), with UUIDs made from its own.
 */
async function fill(api: Api, date: string, n: number): Promise<string> {
  const first = (await api("POST", "/meals", meal(date, { quantity: 50 }))).json;
  if (n > 1) {
    const cols =
      "user_id, food_id, food_name, meal_type, quantity, portion_id, portion_name, portion_grams, grams, date, eaten_at, note, per_100g, request_hash, energy_kcal, protein_g, fat_g, carbohydrate_g, fiber_g, sugars_g, saturated_fat_g, sodium_mg, created_at, updated_at";
    await t.sql(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
       INSERT INTO meals (id, ${cols}) SELECT substr(m.id, 1, 24) || (100000000000 + n.i), ${cols.replaceAll(/(\w+)/g, "m.$1")}
       FROM meals m, n WHERE m.id = ?`,
      n - 1,
      first.id,
    );
  }
  return first.id;
}
const fieldOf = (e: { details?: { field?: string }[] }) => e.details?.[0]?.field;

describe("a day's meals are capped", () => {
  test("POST /meals: the 201st meal of a day → 400 naming date; another day, and a retry of a stored meal, still work", async () => {
    const { api } = await user();
    await fill(api, "2026-11-20", CAP - 1);
    const id = crypto.randomUUID();
    expect((await api("POST", "/meals", meal("2026-11-20", { id }))).status).toBe(201); // the 200th
    const e = expectError(await api("POST", "/meals", meal("2026-11-20")), 400, "validation_failed");
    expect(fieldOf(e)).toBe("date");
    expect(e.message).toContain("200");
    expect((await api("POST", "/meals", meal("2026-11-20", { id }))).status).toBe(200); // a retry: no new meal
    expect((await api("POST", "/meals", meal("2026-11-21"))).status).toBe(201);
    const day = (await api("GET", "/meals/daily?date=2026-11-20")).json;
    expect(day.meals).toHaveLength(CAP);
    expect(day.truncated).toBe(false);
  });

  test("PATCH: moving a meal onto a full day → 400 naming date; editing a meal of the full day is fine; another user's meal → 404", async () => {
    const { api } = await user();
    const inFull = await fill(api, "2026-11-20", CAP);
    const other = (await api("POST", "/meals", meal("2026-11-19"))).json;
    expect(
      fieldOf(expectError(await api("PATCH", `/meals/${other.id}`, { date: "2026-11-20" }), 400, "validation_failed")),
    ).toBe("date");
    // eaten_at moves the date too
    const at = await api("PATCH", `/meals/${other.id}`, { eaten_at: "2026-11-20T13:00:00Z" });
    expect(fieldOf(expectError(at, 400, "validation_failed"))).toBe("date");
    expect((await api("GET", `/meals/${other.id}`)).json.date).toBe("2026-11-19");
    expect((await api("PATCH", `/meals/${inFull}`, { quantity: 80, date: "2026-11-20" })).status).toBe(200);
    const bob = await user();
    expectError(await bob.api("PATCH", `/meals/${other.id}`, { date: "2026-11-18" }), 404, "meal_not_found");
  });

  test("POST /meals/copy: copies that would pass the cap → 400 naming to_date, nothing copied; a retried copy that fits adds nothing", async () => {
    const { api } = await user();
    await fill(api, "2026-11-20", CAP - 2);
    for (const type of ["breakfast", "lunch", "dinner"])
      await api("POST", "/meals", meal("2026-11-19", { meal_type: type }));
    const e = expectError(
      await api("POST", "/meals/copy", { from_date: "2026-11-19", to_date: "2026-11-20" }),
      400,
      "validation_failed",
    );
    expect(fieldOf(e)).toBe("to_date");
    expect((await api("GET", "/meals/daily?date=2026-11-20")).json.meals).toHaveLength(CAP - 2);
    const copy = { from_date: "2026-11-19", meal_type: "breakfast", to_date: "2026-11-20", id: crypto.randomUUID() };
    expect((await api("POST", "/meals/copy", copy)).status).toBe(201);
    expect((await api("POST", "/meals/copy", { ...copy, meal_type: "lunch", id: undefined })).status).toBe(201); // full now
    const again = await api("POST", "/meals/copy", copy);
    expect([again.status, again.json.created]).toEqual([200, 0]);
    expectError(
      await api("POST", "/meals/copy", { ...copy, meal_type: "dinner", id: undefined }),
      400,
      "validation_failed",
    );
  });

  test("sync push: a create on a full day, and an update moving a meal onto it, are rejected with validation_failed naming date", async () => {
    const { api } = await user();
    await fill(api, "2026-11-20", CAP);
    const elsewhere = (await api("POST", "/meals", meal("2026-11-19"))).json;
    const version = (await api("GET", "/sync/changes?limit=1000")).json.changes.find(
      (c: { id: string }) => c.id === elsewhere.id,
    ).version;
    const r = await api("POST", "/sync/push", {
      mutations: [
        {
          mutation_id: crypto.randomUUID(),
          entity: "meal",
          id: crypto.randomUUID(),
          op: "upsert",
          base_version: null,
          data: meal("2026-11-20"),
        },
        {
          mutation_id: crypto.randomUUID(),
          entity: "meal",
          id: elsewhere.id,
          op: "upsert",
          base_version: version,
          data: { date: "2026-11-20" },
        },
        {
          mutation_id: crypto.randomUUID(),
          entity: "meal",
          id: crypto.randomUUID(),
          op: "upsert",
          base_version: null,
          data: meal("2026-11-21"),
        },
      ],
    });
    expect(r.status).toBe(200);
    const results = r.json.results as {
      status: string;
      error: { code: string; details?: { field: string }[] } | null;
    }[];
    expect(results.map((x) => x.status)).toEqual(["rejected", "rejected", "applied"]);
    for (const x of results.slice(0, 2))
      expect([x.error?.code, x.error?.details?.[0]?.field]).toEqual(["validation_failed", "date"]);
    expect((await api("GET", "/meals/daily?date=2026-11-20")).json.meals).toHaveLength(CAP);
  });

  test("JSON import: meals that would pass the cap → 400 naming meals.N.date, nothing imported; an export of a full day imports again unchanged", async () => {
    const ana = await user();
    await fill(ana.api, "2026-11-20", CAP);
    const exported = (await ana.api("GET", "/export?format=json")).json;
    expect((await ana.api("POST", "/import", exported)).json.meals).toEqual({ added: 0, unchanged: CAP });
    // the same day for another account: its meals under new ids (meal ids are the server's, whoever owns them)
    const { checksum: _, ...doc } = exported;
    doc.meals = doc.meals.map((m: object) => ({ ...m, id: crypto.randomUUID() }));
    const bob = await user();
    await bob.api("POST", "/meals", meal("2026-11-20"));
    const refused = expectError(await bob.api("POST", "/import", doc), 400, "validation_failed");
    expect(fieldOf(refused)).toBe(`meals.${CAP - 1}.date`);
    expect((await bob.api("GET", "/meals/daily?date=2026-11-20")).json.meals).toHaveLength(1);
    expect((await bob.api("GET", "/meals?from=2026-11-01&to=2026-11-30&limit=500")).json.items).toHaveLength(1);
  });
});

test("a tracker file with more than 200 meals on one day: refused naming the lines; with skip_invalid the first 200 import and each one over is skipped with its line", async () => {
  const u = await user();
  const rows = Array.from(
    { length: CAP + 5 },
    (_, i) => `2026-11-14,07:42 AM,Snack,Cracker ${i},1.00 serving,20.00,3.00,1.00,0.50`,
  );
  const csv = ["Day,Time,Group,Food Name,Amount,Energy (kcal),Carbs (g),Fat (g),Protein (g)", ...rows].join("\n");
  const send = (query: string) =>
    t.call("POST", `/api/v1/import?format=cronometer${query}`, {
      token: u.access_token,
      raw: csv,
      headers: { "content-type": "text/csv" },
    });
  const refused = expectError(await send(""), 400, "validation_failed");
  expect(refused.details?.length).toBeGreaterThan(0);
  expect((await u.api("GET", "/meals/daily?date=2026-11-14")).json.meals).toHaveLength(0);
  const r = await send("&skip_invalid=true");
  expect(r.status).toBe(200);
  expect(r.json.meals.added).toBe(CAP);
  expect(r.json.skipped.map((s: { line: number }) => s.line)).toEqual([202, 203, 204, 205, 206]);
  expect(r.json.skipped[0].message).toContain(`a day holds at most ${CAP} meals`);
  expect((await u.api("GET", "/meals/daily?date=2026-11-14")).json.meals).toHaveLength(CAP);
});

test("writers side by side, on two servers over one database, never pass the cap together", async () => {
  const u = await user();
  await fill(u.api, "2026-11-20", CAP - 5);
  const beside = makeApp({ beside: t });
  const post = (app: typeof t) =>
    app.call("POST", "/api/v1/meals", { token: u.access_token, body: meal("2026-11-20") });
  const replies = await Promise.all(Array.from({ length: 16 }, (_, i) => post(i % 2 ? beside : t)));
  expect(replies.filter((r) => r.status === 201)).toHaveLength(5);
  for (const r of replies.filter((r) => r.status !== 201)) expectError(r, 400, "validation_failed");
  expect(await t.sql("SELECT id FROM meals WHERE user_id = ? AND date = ?", u.user.id, "2026-11-20")).toHaveLength(CAP);
});

describe("a day stored before the cap, with more meals", () => {
  test("GET /meals/daily reads 200 of its meals with truncated and the whole day's totals; GET /meals pages through all of it", async () => {
    const ana = await user();
    const { api } = ana;
    await fill(api, "2026-11-20", 250);
    const day = (await api("GET", "/meals/daily?date=2026-11-20")).json;
    expect(day.meals).toHaveLength(CAP);
    expect(day.truncated).toBe(true);
    const one = day.meals[0].nutrients.energy_kcal as number;
    expect(day.totals.energy_kcal).toBeCloseTo(one * 250, 1);
    let seen = 0;
    let cursor = "";
    do {
      const page = (
        await api("GET", `/meals?from=2026-11-20&to=2026-11-20&limit=100${cursor ? `&cursor=${cursor}` : ""}`)
      ).json;
      seen += page.items.length;
      cursor = page.next_cursor ?? "";
    } while (cursor);
    expect(seen).toBe(250);
    // read again after a write (a page built anew, knowing the day is past the cap): the same answer
    await api("POST", "/meals", meal("2026-11-21"));
    const again = (await api("GET", "/meals/daily?date=2026-11-20")).json;
    expect([again.meals.length, again.truncated, again.totals]).toEqual([CAP, true, day.totals]);
    // down to the cap (meals deleted beside the app, then a write): the whole day again, in eating order
    await t.sql(
      "DELETE FROM meals WHERE id IN (SELECT id FROM meals WHERE user_id = ? AND date = ? ORDER BY id LIMIT 50)",
      ana.user.id,
      "2026-11-20",
    );
    await api("POST", "/meals", meal("2026-11-21"));
    const whole = (await api("GET", "/meals/daily?date=2026-11-20")).json;
    expect([whole.meals.length, whole.truncated]).toEqual([CAP, false]);
    expect(whole.totals.energy_kcal).toBeCloseTo(one * CAP, 1);
  });

  test("POST /meals/copy from it → 400 naming from_date (counted, not read); by meal_ids it copies; nothing more goes onto it", async () => {
    const { api } = await user();
    const first = await fill(api, "2026-11-20", 250);
    const e = expectError(
      await api("POST", "/meals/copy", { from_date: "2026-11-20", to_date: "2026-11-22" }),
      400,
      "validation_failed",
    );
    expect(fieldOf(e)).toBe("from_date");
    expect(e.message).toContain("250");
    expect((await api("GET", "/meals/daily?date=2026-11-22")).json.meals).toEqual([]);
    expect((await api("POST", "/meals/copy", { meal_ids: [first], to_date: "2026-11-22" })).status).toBe(201);
    expectError(
      await api("POST", "/meals/copy", { meal_ids: [first], to_date: "2026-11-20" }),
      400,
      "validation_failed",
    );
    expectError(await api("POST", "/meals", meal("2026-11-20")), 400, "validation_failed");
    const bob = await user();
    expectError(
      await bob.api("POST", "/meals/copy", { meal_ids: [first], to_date: "2026-11-22" }),
      404,
      "meal_not_found",
    );
  });
});
