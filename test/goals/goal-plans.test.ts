/** Goals per weekday and from a date on (API.md §Goals): the past is judged by the goals of its time. */
import { expect, test } from "bun:test";
import { expectError, makeApp, registerUser } from "../helpers";

const t = makeApp();
t.clock.set("2026-11-22T12:00:00Z"); // a Sunday
const u = await registerUser(t.call);
const api = (method: string, path: string, body?: unknown) =>
  t.call(method, `/api/v1${path}`, { token: u.access_token, body });

test("a higher Saturday goal judges Saturdays by it; a later change applies from its date and never rewrites earlier weeks", async () => {
  const put = await api("PUT", "/goals", {
    energy_kcal: 2000,
    protein_g: 100,
    from: "2026-10-01",
    weekdays: { saturday: { energy_kcal: 2600, protein_g: 100 } },
  });
  expect(put.status).toBe(200);
  expect(put.json).toMatchObject({
    from: "2026-10-01",
    energy_kcal: 2000,
    weekdays: { saturday: { energy_kcal: 2600, protein_g: 100, fat_g: null, carbohydrate_g: null } },
  });
  // Saturday 2026-11-14 and Friday 2026-11-13: 2500 kcal each (banana 89 kcal/100 g → 2809 g ≈ 2500 kcal)
  for (const date of ["2026-11-13", "2026-11-14"])
    await api("POST", "/meals", { food_id: 9040, quantity: 2809, meal_type: "dinner", date });
  const sat = (await api("GET", "/stats/daily?date=2026-11-14")).json;
  expect(sat.goals.energy_kcal).toBe(2600);
  expect(sat.remaining.energy_kcal).toBe(2600 - sat.totals.energy_kcal);
  const fri = (await api("GET", "/stats/daily?date=2026-11-13")).json;
  expect(fri.goals.energy_kcal).toBe(2000);
  const week = (await api("GET", "/stats/weekly?end=2026-11-15")).json;
  expect(week.days.map((d: { goals: { energy_kcal: number } }) => d.goals.energy_kcal)).toEqual([
    2000, 2000, 2000, 2000, 2000, 2600, 2000,
  ]);
  expect(week.days_within_energy_goal).toBe(1); // Saturday's 2500 is within 10 % of 2600; Friday's is not within 2000

  // from today on, 1800 every day: last week keeps its goals
  const later = await api("PUT", "/goals", { energy_kcal: 1800 });
  expect(later.json.from).toBe("2026-11-22");
  expect(later.json.schedule.map((p: { from: string; energy_kcal: number }) => [p.from, p.energy_kcal])).toEqual([
    ["2026-10-01", 2000],
    ["2026-11-22", 1800],
  ]);
  expect((await api("GET", "/stats/weekly?end=2026-11-15")).json).toEqual(week);
  expect((await api("GET", "/stats/daily?date=2026-11-22")).json.goals.energy_kcal).toBe(1800);
  const days = (await api("GET", "/stats/days?from=2026-11-13&to=2026-11-22")).json.days;
  expect(days.map((d: { goals: { energy_kcal: number } }) => d.goals.energy_kcal)).toEqual([
    2000, 2600, 2000, 2000, 2000, 2000, 2000, 2000, 2600, 1800,
  ]);
  expect(days[0]).toMatchObject({ date: "2026-11-13", meal_count: 1, within_energy_goal: false });
  expect(days[1]).toMatchObject({ date: "2026-11-14", within_energy_goal: true });
  expect(days[2]).toMatchObject({ meal_count: 0, energy_kcal: 0, within_energy_goal: null });

  // a plan set from an earlier date replaces the plans after it
  const redo = await api("PUT", "/goals", { energy_kcal: 2100, from: "2026-11-01" });
  expect(redo.json.schedule.map((p: { from: string }) => p.from)).toEqual(["2026-10-01", "2026-11-01"]);
  // the document sent back as read changes nothing; from: null is a plan since always, replacing all
  const { schedule: _s, ...newest } = redo.json;
  expect((await api("PUT", "/goals", newest)).json).toEqual(redo.json);
  const always = await api("PUT", "/goals", { energy_kcal: 1500, from: null });
  expect(always.json.schedule).toEqual([
    {
      from: null,
      energy_kcal: 1500,
      protein_g: null,
      fat_g: null,
      carbohydrate_g: null,
      protein_pct: null,
      fat_pct: null,
      carbohydrate_pct: null,
      net_carbs: false,
      balance: null,
      weekdays: {},
    },
  ]);
});

test("bad input → 400 naming the field, goals unchanged", async () => {
  const before = (await api("GET", "/goals")).json;
  const cases: [Record<string, unknown>, string][] = [
    [{ weekdays: { caturday: { energy_kcal: 1 } } }, "weekdays.caturday"],
    [{ weekdays: { saturday: { energy_kcal: -5 } } }, "weekdays.saturday.energy_kcal"],
    [{ weekdays: { saturday: 2000 } }, "weekdays.saturday"],
    [{ weekdays: [1] }, "weekdays"],
    [{ from: "2026-02-30" }, "from"],
    [{ from: "2028-01-01" }, "from"],
    [{ from: 20261122 }, "from"],
  ];
  for (const [body, field] of cases) {
    const e = expectError(await api("PUT", "/goals", { energy_kcal: 2000, ...body }), 400, "validation_failed");
    expect(`${JSON.stringify(body)} ${e.details?.[0]?.field}`).toBe(`${JSON.stringify(body)} ${field}`);
  }
  expect((await api("GET", "/goals")).json).toEqual(before);
  expectError(await api("GET", "/stats/days?from=2025-01-01&to=2026-11-22"), 400, "validation_failed");
});
