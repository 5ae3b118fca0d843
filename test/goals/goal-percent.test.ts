/** Macro goals in % of energy (grams = % × kcal ÷ 4, 9, 4, exactly), net carbs, and the balance check. */
import { expect, test } from "bun:test";
import { expectError, makeApp, registerUser } from "../helpers";

const t = makeApp();
t.clock.set("2026-11-24T18:00:00Z");

async function user() {
  const u = await registerUser(t.call, { timezone: "UTC" });
  return (method: string, path: string, body?: unknown) =>
    t.call(method, `/api/v1${path}`, { token: u.access_token, body });
}

test("% of energy convert exactly: protein and carbohydrate ÷ 4, fat ÷ 9", async () => {
  const api = await user();
  for (const [kcal, p, f, c] of [
    [2000, 30, 30, 40],
    [2150, 25, 35, 40],
    [1777, 22.5, 33.3, 44.2],
  ]) {
    const r = await api("PUT", "/goals", { energy_kcal: kcal, protein_pct: p, fat_pct: f, carbohydrate_pct: c });
    expect(r.status).toBe(200);
    expect(r.json.protein_g).toBe((p! * kcal!) / 400);
    expect(r.json.fat_g).toBe((f! * kcal!) / 900);
    expect(r.json.carbohydrate_g).toBe((c! * kcal!) / 400);
    expect([r.json.protein_pct, r.json.fat_pct, r.json.carbohydrate_pct]).toEqual([p, f, c]);
  }
  const even = (await api("GET", "/goals")).json;
  expect(even.balance).toMatchObject({ energy_kcal: 1777, warning: null });
  expect(Math.abs(even.balance.difference_kcal)).toBeLessThan(1);
  // the document read can be sent back unchanged
  const { schedule: _s, ...newest } = even;
  expect((await api("PUT", "/goals", newest)).json).toEqual(even);
  // the stats use the grams
  expect((await api("GET", "/stats/daily")).json.goals.fat_g).toBe((33.3 * 1777) / 900);
});

test("grams and % mix; goals that do not add up get a warning saying by how much", async () => {
  const api = await user();
  const r = (await api("PUT", "/goals", { energy_kcal: 2000, protein_g: 150, fat_pct: 30, carbohydrate_g: 250 })).json;
  // 600 + 600 + 1000 = 2200 kcal
  expect(r.fat_g).toBe(600 / 9);
  expect(r.balance).toEqual({
    macro_kcal: 2200,
    energy_kcal: 2000,
    difference_kcal: 200,
    difference_pct: 10,
    warning: "The macro goals add up to 2200 kcal, 200 kcal (10 %) more than the energy goal.",
  });
  const less = (await api("PUT", "/goals", { energy_kcal: 2000, protein_g: 100, fat_g: 50, carbohydrate_g: 200 })).json;
  expect(less.balance.difference_kcal).toBe(-350);
  expect(less.balance.warning).toBe(
    "The macro goals add up to 1650 kcal, 350 kcal (17.5 %) less than the energy goal.",
  );
  const over = (await api("PUT", "/goals", { energy_kcal: 1000, protein_g: 300 })).json;
  expect(over.balance.warning).toBe(
    "The macro goals set already add up to 1200 kcal, 200 kcal (20 %) more than the energy goal.",
  );
  expect((await api("PUT", "/goals", { protein_g: 100 })).json.balance).toBeNull(); // no energy goal
});

test("net carbs are kept with the goals; the report's carbohydrate is then carbohydrate − fibre", async () => {
  const api = await user();
  const g = (await api("PUT", "/goals", { energy_kcal: 2000, carbohydrate_g: 100, net_carbs: true })).json;
  expect(g.net_carbs).toBe(true);
  await api("POST", "/meals", { food_id: 8120, quantity: 100, meal_type: "breakfast", date: "2026-11-23" }); // oats
  const day = (await api("GET", "/meals/daily?date=2026-11-23")).json.totals;
  const r = (await api("GET", "/report?from=2026-11-23&to=2026-11-23")).json;
  const carbs = r.goals.find((x: { key: string }) => x.key === "carbohydrate_g");
  expect(carbs).toMatchObject({ net_carbs: true, goal: 100 });
  expect(carbs.average).toBe(Math.round((day.carbohydrate_g - day.fiber_g) * 100) / 100);
  // the trends' day rows carry fibre, for net carbs on the charts
  const row = (await api("GET", "/stats/days?from=2026-11-23&to=2026-11-23")).json.days[0];
  expect([row.carbohydrate_g, row.fiber_g]).toEqual([day.carbohydrate_g, day.fiber_g]);
});

test("bad input: % without an energy goal, out of range; weekday % need their own energy goal", async () => {
  const api = await user();
  const cases: [unknown, string][] = [
    [{ protein_pct: 30 }, "protein_pct"],
    [{ energy_kcal: 2000, fat_pct: 120 }, "fat_pct"],
    [{ energy_kcal: 2000, carbohydrate_pct: -1 }, "carbohydrate_pct"],
    [{ energy_kcal: 2000, weekdays: { saturday: { protein_pct: 20 } } }, "weekdays.saturday.protein_pct"],
    [{ energy_kcal: 2000, net_carbs: "yes" }, "net_carbs"],
  ];
  for (const [body, field] of cases) {
    const e = expectError(await api("PUT", "/goals", body), 400, "validation_failed");
    expect(e.details?.map((d) => d.field)).toContain(field);
  }
  const sat = (
    await api("PUT", "/goals", { energy_kcal: 2000, weekdays: { saturday: { energy_kcal: 2600, protein_pct: 20 } } })
  ).json;
  expect(sat.weekdays.saturday).toMatchObject({ energy_kcal: 2600, protein_g: 130, protein_pct: 20 });
  expect(sat.weekdays.saturday.balance).toMatchObject({ macro_kcal: 520, energy_kcal: 2600, warning: null });
});
