/**
 * GET /report, /report/day and /report/csv: averages over complete days, checked against the API's
 * own day totals (GET /meals/daily) and the foods' per-100 g values (GET /foods/{id}).
 */
import { describe, expect, test } from "bun:test";
import { expectError, makeApp, registerUser } from "../helpers";

const TODAY = "2026-11-24";
const t = makeApp();
t.clock.set(`${TODAY}T18:00:00Z`);

async function user() {
  const u = await registerUser(t.call, { timezone: "UTC" });
  const auth = { token: u.access_token };
  return {
    ...u,
    api: (method: string, path: string, body?: unknown) => t.call(method, `/api/v1${path}`, { ...auth, body }),
  };
}
type Api = Awaited<ReturnType<typeof user>>["api"];

// catalogue foods: apple, egg, broccoli, banana, oats (raw), milk
const DIARY: [string, number, number][] = [
  ["2026-11-18", 9003, 182],
  ["2026-11-18", 1123, 100],
  ["2026-11-18", 8120, 80],
  ["2026-11-19", 11090, 250],
  ["2026-11-19", 9040, 118],
  ["2026-11-20", 1123, 150],
  ["2026-11-20", 9003, 100],
  ["2026-11-22", 8120, 60],
  ["2026-11-22", 11090, 100],
  [TODAY, 9040, 100],
];

async function logDiary(api: Api) {
  for (const [date, food_id, quantity] of DIARY) {
    const r = await api("POST", "/meals", { food_id, quantity, meal_type: "lunch", date });
    expect(r.status).toBe(201);
  }
  // a quick add: energy and protein, nothing else known
  const q = await api("POST", "/meals", {
    quick_add: { energy_kcal: 300, protein_g: 10 },
    meal_type: "snack",
    date: "2026-11-22",
  });
  expect(q.status).toBe(201);
}

const dayTotals = async (api: Api, date: string) => (await api("GET", `/meals/daily?date=${date}`)).json.totals;
const r2 = (x: number) => Math.round(x * 100) / 100;
/** Equal to the 0.01 the API rounds to (its half-way cases may round either way after float sums). */
const near = (got: number, want: number) => expect(Math.abs(got - want)).toBeLessThanOrEqual(0.0051);

describe("GET /report", () => {
  test("averages are the per-day sums ÷ the complete days; today waits until it is over or marked complete", async () => {
    const u = await user();
    await logDiary(u.api);
    const week = (await u.api("GET", `/report?from=2026-11-18&to=${TODAY}`)).json;
    const past = ["2026-11-18", "2026-11-19", "2026-11-20", "2026-11-22"];
    expect(week.days_counted).toBe(4);
    expect(week.days_left_out).toEqual({ today_not_over: 1, marked_incomplete: 0, not_marked_complete: 0 });
    expect(week.days.filter((d: { counted: boolean }) => d.counted).map((d: { date: string }) => d.date)).toEqual(past);
    const totals = await Promise.all(past.map((d) => dayTotals(u.api, d)));
    for (const k of ["energy_kcal", "protein_g", "fat_g", "carbohydrate_g", "fiber_g", "sodium_mg"]) {
      const expected = r2(totals.reduce((a: number, x: Record<string, number>) => a + (x[k] ?? 0), 0) / 4);
      const row =
        week.items.find((i: { key: string }) => i.key === k) ?? week.goals.find((g: { key: string }) => g.key === k);
      expect([k, row.average]).toEqual([k, expected]);
    }
    // completeness: the quick add carries no fibre
    const fiber = week.items.find((i: { key: string }) => i.key === "fiber_g");
    expect(fiber.from_foods).toEqual({ known: 9, of: 10 });

    // today marked complete: counted
    await u.api("PUT", `/days/${TODAY}`, { complete: true });
    const withToday = (await u.api("GET", `/report?from=2026-11-18&to=${TODAY}`)).json;
    // with a day marked complete, only the marked days count
    expect(withToday.days_counted).toBe(1);
    expect(withToday.days_left_out.not_marked_complete).toBe(4);
    const todayKcal = (await dayTotals(u.api, TODAY)).energy_kcal;
    expect(withToday.goals.find((g: { key: string }) => g.key === "energy_kcal").average).toBe(todayKcal);
    for (const d of past) await u.api("PUT", `/days/${d}`, { complete: true });
    await u.api("PUT", "/days/2026-11-19", { complete: false });
    const marked = (await u.api("GET", `/report?from=2026-11-18&to=${TODAY}`)).json;
    expect(marked.days_counted).toBe(4);
    expect(marked.days_left_out.marked_incomplete).toBe(1);
    const used = ["2026-11-18", "2026-11-20", "2026-11-22", TODAY];
    const usedTotals = await Promise.all(used.map((d) => dayTotals(u.api, d)));
    expect(marked.goals.find((g: { key: string }) => g.key === "protein_g").average).toBe(
      r2(usedTotals.reduce((a: number, x: Record<string, number>) => a + (x.protein_g ?? 0), 0) / 4),
    );
  });

  test("the other nutrients: each food's per-100 g value × grams, summed per day, ÷ days", async () => {
    const u = await user();
    await logDiary(u.api);
    const per100 = new Map<number, Record<string, number | null>>();
    for (const id of new Set(DIARY.map(([, id]) => id)))
      per100.set(id, (await u.api("GET", `/foods/${id}`)).json.nutrients);
    const past = DIARY.filter(([d]) => d < TODAY);
    for (const k of ["iron_mg", "vitamin_c_mg", "potassium_mg", "folate_ug"]) {
      const sum = past.reduce((a, [, id, g]) => a + ((per100.get(id)![k] ?? 0) * g) / 100, 0);
      const row = (await u.api("GET", `/report?from=2026-11-18&to=${TODAY}`)).json.items.find(
        (i: { key: string }) => i.key === k,
      );
      near(row.average, sum / 4);
    }
    const day = (await u.api("GET", "/report/day?date=2026-11-18")).json;
    const iron = day.items.find((i: { key: string }) => i.key === "iron_mg");
    const want = DIARY.filter(([d]) => d === "2026-11-18").reduce(
      (a, [, id, g]) => a + (per100.get(id)!.iron_mg! * g) / 100,
      0,
    );
    near(iron.total, want);
    expect(iron.from_foods).toEqual({ known: 3, of: 3 });
    expect(iron.percent_of_minimum).toBe(Math.round((1000 * iron.total) / 18) / 10); // no profile: 18 mg
  });

  test("the three furthest below, each with the foods richest in it per 100 kcal, richest first; yours marked", async () => {
    const u = await user();
    await logDiary(u.api);
    const r = (await u.api("GET", `/report?from=2026-11-18&to=${TODAY}`)).json;
    expect(r.furthest_below.length).toBe(3);
    const pct = r.furthest_below.map((f: { percent_of_minimum: number }) => f.percent_of_minimum);
    expect(pct).toEqual([...pct].sort((a: number, b: number) => a - b));
    const below = r.items.filter(
      (i: { status: string; key: string }) => i.status === "below" && !["water_g", "fluoride_ug"].includes(i.key),
    );
    const lowest = Math.min(...below.map((i: { percent_of_minimum: number }) => i.percent_of_minimum));
    expect(pct[0]).toBe(lowest);
    const eaten = new Set(DIARY.map(([, id]) => id));
    for (const f of r.furthest_below) {
      // by richness alone: a food of yours never stands above a richer one from the catalogue
      const v = f.richest.map((s: { per_100kcal: number }) => s.per_100kcal);
      expect(v).toEqual([...v].sort((a: number, b: number) => b - a));
      for (const s of f.richest) {
        if (s.from === "yours") expect(eaten.has(s.food_id)).toBe(true);
        const food = (await u.api("GET", `/foods/${s.food_id}`)).json.nutrients;
        near(s.per_100g, food[f.key]);
        near(s.per_100kcal, (food[f.key] * 100) / food.energy_kcal);
      }
      expect(f.richest.some((s: { from: string }) => s.from === "catalogue")).toBe(true);
    }
    // this diary has a food of the person's own below a richer everyday one: it is not put first for being theirs
    const mixed = r.furthest_below.some(
      (f: { richest: { from: string }[] }) => f.richest.findIndex((s) => s.from === "yours") > 0,
    );
    expect(mixed).toBe(true);
  });

  test("what this person eats reaches 90 days back: a food eaten weeks before the range is among theirs", async () => {
    const u = await user();
    await logDiary(u.api);
    await u.api("POST", "/meals", { food_id: 11457, quantity: 30, meal_type: "lunch", date: "2026-10-01" }); // spinach
    await u.api("PUT", "/targets", { nutrients: { vitamin_k_ug: { minimum: 20000 } } }); // surely the furthest below
    const r = (await u.api("GET", `/report?from=2026-11-18&to=${TODAY}`)).json;
    const k = r.furthest_below[0];
    expect(k.key).toBe("vitamin_k_ug");
    expect(k.richest[0]).toMatchObject({ food_id: 11457, from: "yours" });
    // not counted in the averages: it was eaten outside the range
    expect(r.from_foods).toBe(10);
  });

  test("supplement-only ULs are never a warning for food; a maximum for all intake is", async () => {
    const u = await user();
    await u.api("POST", "/meals", { food_id: 12061, quantity: 500, meal_type: "lunch", date: "2026-11-23" }); // almonds
    await u.api("PUT", "/targets", { nutrients: { fat_g: { maximum: 50 } } });
    const r = (await u.api("GET", "/report?from=2026-11-23&to=2026-11-23")).json;
    const mg = r.items.find((i: { key: string }) => i.key === "magnesium_mg");
    expect(mg.average).toBeGreaterThan(350); // above the UL, which counts supplements only
    expect(mg).toMatchObject({ maximum: 350, maximum_applies_to: "supplements", status: "within" });
    expect(r.items.find((i: { key: string }) => i.key === "fat_g").status).toBe("above");
  });

  test("CSV: a row per goal and per nutrient, the same numbers as the JSON", async () => {
    const u = await user();
    await logDiary(u.api);
    const json = (await u.api("GET", `/report?from=2026-11-18&to=${TODAY}`)).json;
    const csv = await u.api("GET", `/report/csv?from=2026-11-18&to=${TODAY}`);
    expect(csv.status).toBe(200);
    const lines = csv.text.trim().split("\r\n");
    expect(lines[0]).toBe(
      "key,name,unit,average_per_day,goal,minimum,maximum,percent_of_minimum,status,foods_with_value,foods,days_counted,from,to",
    );
    expect(lines.length).toBe(1 + 4 + json.items.length);
    const iron = json.items.find((i: { key: string }) => i.key === "iron_mg");
    expect(lines).toContain(
      `iron_mg,"Iron, Fe",mg,${iron.average},,${iron.minimum},${iron.maximum},${iron.percent_of_minimum},${iron.status},${iron.from_foods.known},${iron.from_foods.of},4,2026-11-18,${TODAY}`,
    );
  });

  test("period=month is the 30 days to `to`; bad input → 400; no token → 401; another account's meals never count", async () => {
    const u = await user();
    await logDiary(u.api);
    const month = (await u.api("GET", "/report?period=month")).json;
    expect([month.from, month.to, month.days.length]).toEqual(["2026-10-26", TODAY, 30]);
    for (const q of [
      "from=2026-11-20&to=2026-11-10",
      "from=2026-01-01&to=2026-11-24",
      "period=year",
      "from=2026-02-30",
      "to=soon",
    ]) {
      expectError(await u.api("GET", `/report?${q}`), 400, "validation_failed");
      expectError(await u.api("GET", `/report/csv?${q}`), 400, "validation_failed");
    }
    expectError(await u.api("GET", "/report/day?date=2026-13-01"), 400, "validation_failed");
    for (const p of ["/report", "/report/csv", "/report/day"])
      expectError(await t.call("GET", `/api/v1${p}`), 401, "missing_token");
    const other = await user();
    const r = (await other.api("GET", `/report?from=2026-11-18&to=${TODAY}`)).json;
    expect(r.days_counted).toBe(0);
    expect(r.furthest_below).toEqual([]);
    expect(r.items.every((i: { average: number | null }) => i.average === null)).toBe(true);
    expect((await other.api("GET", "/report/day?date=2026-11-18")).json.meal_count).toBe(0);
  });
});
