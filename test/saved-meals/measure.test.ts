/**
 * A saved meal keeps each entry's `measure` (the amount in the person's words, "1 pint (568 ml)"): a meal
 * saved from the log and logged again reads as it did (API.md §Saved meals), by REST and through the export.
 */
import { expect, test } from "bun:test";
import { makeApp, registerUser } from "../helpers";

const t = makeApp();
t.clock.set("2026-11-24T18:00:00Z");

test("a pint saved from the day is logged again as 1 pint (568 ml); an entry may carry its own", async () => {
  const u = await registerUser(t.call, { timezone: "UTC" });
  const api = (method: string, path: string, body?: unknown) =>
    t.call(method, `/api/v1${path}`, { token: u.access_token, body });
  const beer = (
    await api("POST", "/meals", {
      food_id: 14003,
      quantity: 570.7,
      measure: "1 pint (568 ml)",
      meal_type: "dinner",
      date: "2026-11-23",
    })
  ).json;
  expect(beer.measure).toBe("1 pint (568 ml)");
  const saved = await api("POST", "/saved-meals", { name: "Pub", meal_ids: [beer.id] });
  expect(saved.status).toBe(201);
  expect(saved.json.entries[0]).toMatchObject({ grams: 570.7, measure: "1 pint (568 ml)" });
  const logged = (await api("POST", `/saved-meals/${saved.json.id}/log`, { meal_type: "dinner" })).json;
  expect(logged.meals[0]).toMatchObject({ measure: "1 pint (568 ml)", date: "2026-11-24" });
  expect((await api("GET", "/meals/daily?date=2026-11-24")).json.meals[0].measure).toBe("1 pint (568 ml)");
  // given with the entries (blank is none), and kept through the JSON export and its import
  const own = await api("POST", "/saved-meals", {
    name: "Cans",
    entries: [
      { food_id: 14400, quantity: 342.6, measure: " 1 can (330 ml) " },
      { food_id: 9040, quantity: 120, measure: "" },
      { quick_add: { energy_kcal: 90, description: "coffee" } },
    ],
  });
  expect(own.json.entries.map((e: { measure: string | null }) => e.measure)).toEqual(["1 can (330 ml)", null, null]);
  const file = (await api("GET", "/export?format=json")).json;
  // on another server (on this one the ids are taken)
  const there = makeApp();
  const other = await registerUser(there.call, { timezone: "UTC" });
  const imported = await there.call("POST", "/api/v1/import", { token: other.access_token, body: file });
  expect(imported.status).toBe(200);
  const theirs = (await there.call("GET", "/api/v1/saved-meals", { token: other.access_token })).json.items as {
    name: string;
    entries: { measure: string | null }[];
  }[];
  expect(theirs.find((s) => s.name === "Pub")!.entries[0]!.measure).toBe("1 pint (568 ml)");
  expect(theirs.find((s) => s.name === "Cans")!.entries[0]!.measure).toBe("1 can (330 ml)");
});
