/**
 * Property: every account's own export imports back into an empty account (API.md §Data portability), on
 * SQLite and, with MORSEL_TEST_DATABASE=postgres, on PostgreSQL. Accounts are generated with values at their
 * limits (the least and the most each field takes, the longest names, the earliest and latest dates):
 * exercises (kcal typed and computed), daily values, weigh-ins, day marks, targets and their profile, saved
 * meals, recipes and quick adds. Each is written through REST; a write the API refuses (400) is simply not
 * in the account, and no write may fail with a 5xx. Then GET /export, POST /import into a fresh account on
 * another server (the ids stay the source's), and its export must hold the same records; importing the same
 * file there again adds nothing.
 */
import { expect, test } from "bun:test";
import fc from "fast-check";
import { METRIC_RULES, METRICS } from "../../src/features/daily-values/model";
import { makeApp, signedIn } from "../helpers";

/** Quick, as CI has a time budget: each run writes a few dozen records on two servers. */
const RUNS = Number(process.env.ROUNDTRIP_RUNS ?? 20);
const TODAY = "2026-11-24";
const TOMORROW = "2026-11-25";
const cheap = { passwordCost: { memoryCost: 1024, timeCost: 1 } };
const source = makeApp(cheap);
const target = makeApp(cheap);
for (const app of [source, target]) app.clock.set(`${TODAY}T18:00:00Z`);

const edge = <T>(...xs: T[]) => fc.constantFrom(...xs);
const date = edge("1970-01-01", TOMORROW, TODAY, "2000-02-29");
/** Names: one character, the longest allowed (non-ASCII too), a formula, or arbitrary printable text. */
const text = (max: number) =>
  fc.oneof(
    edge("x", "é".repeat(max), "=1+1", `${"n".repeat(max - 2)}😀`),
    fc.string({ minLength: 1, maxLength: max }).filter((s) => s.trim() !== ""),
  );
const count = (max: number) => fc.oneof(fc.constant(max), fc.integer({ min: 1, max: 3 }));
const listOf = <T>(arb: fc.Arbitrary<T>, max: number) =>
  count(max).chain((n) => fc.array(arb, { minLength: n, maxLength: n }));

const exercise = fc.record({
  date,
  start_time: edge(null, "00:00", "23:59"),
  activity: edge(null, "run-general", "walk-dog"),
  name: text(100),
  minutes: edge(0.1, 1, 1440, 37.5),
  distance_km: edge(null, 0, 1000),
  // null computes it (MET × kg × h): over 10,000 it is refused, as a typed one is
  kcal: edge(null, 0, 10_000, 123.4),
  sets: edge(null, 1, 100),
  reps: edge(null, 1, 1000),
  note: edge(null, "n".repeat(200), "=cmd"),
  source: edge("manual", "apple_health", "a".repeat(40)),
  source_id: edge(null, "s".repeat(200)),
});
const dailyValue = fc.record({
  date,
  metric: fc.constantFrom(...METRICS),
  at: edge<"min" | "max" | "mid">("min", "max", "mid"),
});
const quickAdd = fc.record({
  energy_kcal: edge(0, 10_000, 99.5),
  protein_g: edge(null, 0, 1000),
  fat_g: edge(null, 1000),
  description: edge(null, "d".repeat(200)),
});
/** Bananas, raw (9040) and its medium portion (4189), in grams (≤ 5000) or portions (≤ 100). */
const entry = fc.oneof(
  quickAdd.map((q) => ({ quick_add: q })),
  edge(0.001, 5000).map((g) => ({ food_id: 9040, quantity: g })),
  edge(1, 100).map((n) => ({ food_id: 9040, quantity: n, portion_id: 4189 })),
);
const account = fc.record({
  weights: listOf(fc.record({ date, kg: edge(20, 400, 70.123) }), 3),
  exercises: listOf(exercise, 4),
  daily: listOf(dailyValue, 7),
  days: listOf(fc.record({ date, complete: fc.boolean() }), 3),
  profile: fc.record({
    sex: edge(null, "female", "male"),
    birth_year: edge(null, 1900, 2025),
    height_cm: edge(null, 50, 272),
    activity: edge(null, "sedentary", "extra_active"),
    goal_step_dismissed: edge(null, true, false),
  }),
  targets: fc.record({
    nutrients: fc.record({
      sugars_g: edge(null, { minimum: null, maximum: 0 }, { minimum: 0, maximum: 1_000_000 }),
      iron_mg: edge(null, { minimum: 0, maximum: 45 }, { minimum: 45, maximum: null }),
    }),
    fiber_per_energy: fc.boolean(),
  }),
  saved: listOf(fc.record({ name: text(100), entries: listOf(entry, 50) }), 2),
  recipes: listOf(
    fc.record({
      name: text(200),
      servings: edge(0.001, 1000, 4),
      // the raw weight, or the most: a dish cooked down below its water would be refused (more than 100 g a 100 g)
      cooked: edge(false, true),
      ingredients: listOf(
        edge(0.001, 5000).map((g) => ({ food_id: 9040, quantity: g })),
        100,
      ),
      portions: edge([], [{ name: "p".repeat(100), grams: 5000 }]),
    }),
    2,
  ),
  foods: listOf(
    fc.record({
      name: text(200),
      brand: edge(null, "b".repeat(100)),
      energy: edge(0, 900, 52.5),
      portions: edge(0, 1, 50),
      grams: edge(0.001, 5000, 30),
      logged: fc.boolean(),
      saved: fc.boolean(),
      deleted: fc.boolean(),
    }),
    2,
  ),
  quickMeals: listOf(fc.record({ date, quick_add: quickAdd, meal_type: edge("breakfast", "snack") }), 2),
});
type Account = typeof account extends fc.Arbitrary<infer A> ? A : never;

const valueAt = (metric: (typeof METRICS)[number], at: "min" | "max" | "mid") => {
  const r = METRIC_RULES[metric];
  return at === "min" ? r.min : at === "max" ? r.max : Math.round((r.min + r.max) / 2);
};
const clean = <T extends object>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null));

/** Writes the account through REST: a 400 leaves that record out; anything 5xx fails the property. */
async function write(api: Awaited<ReturnType<typeof signedIn>>["api"], a: Account) {
  const send = async (method: string, path: string, body: unknown) => {
    const r = await api(method, path, body);
    if (r.status >= 500 || (r.status >= 300 && r.status !== 400 && r.status !== 404))
      throw new Error(`${method} ${path} → ${r.status} ${r.text.slice(0, 300)}`);
  };
  for (const w of a.weights) await send("PUT", `/weights/${w.date}`, { kg: w.kg });
  await send("PUT", "/weights/1970-01-01", { kg: 150 }); // a computed kcal has a weight on every date
  for (const e of a.exercises) {
    const body = clean({ ...e, source_id: e.source === "manual" ? null : e.source_id });
    await send("POST", "/exercises", body);
  }
  for (const v of a.daily) await send("PUT", `/daily-values/${v.date}/${v.metric}`, { value: valueAt(v.metric, v.at) });
  for (const d of a.days) await send("PUT", `/days/${d.date}`, { complete: d.complete });
  await send("PUT", "/targets/profile", a.profile);
  await send("PUT", "/targets", { ...a.targets, nutrients: clean(a.targets.nutrients) });
  for (const s of a.saved)
    await send("POST", "/saved-meals", {
      name: s.name,
      entries: s.entries.map((x) => ("quick_add" in x ? { quick_add: clean(x.quick_add) } : x)),
    });
  for (const { cooked, ...r } of a.recipes) {
    const raw = r.ingredients.reduce((sum, i) => sum + i.quantity, 0);
    await send("POST", "/recipes", clean({ ...r, cooked_grams: cooked ? Math.min(raw, 100_000) : null }));
  }
  for (const f of a.foods) {
    const portions = Array.from({ length: f.portions }, (_, i) => ({ name: `${"p".repeat(95)}${i}`, grams: f.grams }));
    const body = clean({ name: f.name, brand: f.brand, nutrients: { energy_kcal: f.energy }, portions });
    const made = await api("POST", "/foods", body);
    if (made.status !== 201) continue;
    const food = made.json as { id: number; portions: { id: number; name: string }[] };
    const own = food.portions.find((p) => p.name !== "100 g" && p.name.startsWith("p"));
    const serving = own
      ? { food_id: food.id, quantity: 100, portion_id: own.id }
      : { food_id: food.id, quantity: 5000 };
    if (f.logged) await send("POST", "/meals", { ...serving, meal_type: "lunch", date: TODAY });
    if (f.saved) await send("POST", "/saved-meals", { name: f.name.slice(0, 100), entries: [serving] });
    if (f.deleted) await send("DELETE", `/foods/${food.id}`, undefined);
  }
  for (const m of a.quickMeals) await send("POST", "/meals", { ...m, quick_add: clean(m.quick_add) });
}

type Doc = Record<string, unknown> & Record<"exercises" | "daily_values" | "saved_meals" | "recipes", object[]>;
const drop = (o: object, keys: string[]) => Object.fromEntries(Object.entries(o).filter(([k]) => !keys.includes(k)));
const STAMPS = ["created_at", "updated_at"];
/** A custom food's id (and its portions') is the server's own: the same food has another on another server. */
const ours = (v: unknown, key = ""): unknown =>
  Array.isArray(v)
    ? v.map((x) => ours(x))
    : v && typeof v === "object"
      ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, ours(x, k)]))
      : (key === "id" || key === "food_id" || key === "portion_id") && typeof v === "number" && v >= 1_000_000
        ? "custom"
        : v;
type Saved = { entries: { food: { id: number } | null }[] };
/**
 * Saved meals as an import keeps them (API.md §Data portability): an entry of a custom food deleted since (not in
 * the file, or marked deleted) is left out, and a saved meal with no entry left is not imported.
 */
const savedOf = (d: Doc) => {
  const live = new Set(
    (d.custom_foods as { id: number; deleted?: boolean }[]).filter((f) => !f.deleted).map((f) => f.id),
  );
  const usable = (e: Saved["entries"][number]) => !e.food || e.food.id < 1_000_000 || live.has(e.food.id);
  return (d.saved_meals as Saved[])
    .map((s) => ({ ...s, entries: s.entries.filter(usable) }))
    .filter((s) => s.entries.length > 0);
};
/** What must come across: records as exported, without server-made ids and times. */
const comparable = (d: Doc) => ({
  custom_foods: (d.custom_foods as object[]).map((f) => JSON.stringify(ours(drop(f, ["id"])))).sort(),
  ...(ours(comparableRest(d)) as object),
});
const comparableRest = (d: Doc) => ({
  profile: drop(d.profile as object, ["email", "name", "created_at"]),
  exercises: d.exercises.map((e) => drop(e, STAMPS)),
  daily_values: d.daily_values.map((v) => drop(v, STAMPS)),
  weights: d.weights,
  days: d.days,
  target_profile: d.target_profile,
  targets: d.targets,
  saved_meals: savedOf(d)
    .map((s) => JSON.stringify(ours(drop(s, [...STAMPS, "id", "energy_kcal"]))))
    .sort(),
  // two recipes alike per 100 g but not in amounts stayed two (they were matched by name and values per 100 g)
  recipes: d.recipes.map((r) => JSON.stringify(ours(drop(r, ["id"])))).sort(),
  meals: (d.meals as object[]).map((m) => drop(m, STAMPS)),
  goals: d.goals,
});

test(
  "every account's own export imports back into an empty account, records at their limits included",
  async () => {
    await fc.assert(
      fc.asyncProperty(account, async (a) => {
        const from = await signedIn(source, { timezone: "UTC" });
        await write(from.api, a);
        const exported = await from.api("GET", "/export?format=json");
        expect(exported.status).toBe(200);
        const into = await signedIn(target, { timezone: "UTC" });
        const first = await into.api("POST", "/import", exported.json);
        if (first.status !== 200) throw new Error(`import → ${first.status} ${first.text.slice(0, 500)}`);
        const back = (await into.api("GET", "/export?format=json")).json as Doc;
        expect(comparable(back)).toEqual(comparable(exported.json as Doc));
        const again = await into.api("POST", "/import", exported.json);
        if (again.status !== 200) throw new Error(`import again → ${again.status} ${again.text.slice(0, 500)}`);
        for (const part of ["meals", "exercises", "daily_values", "saved_meals", "weights", "days"])
          expect({ part, added: again.json[part]?.added ?? 0 }).toEqual({ part, added: 0 });
      }),
      {
        numRuns: RUNS,
        ...(process.env.ROUNDTRIP_SEED
          ? { seed: Number(process.env.ROUNDTRIP_SEED), path: process.env.ROUNDTRIP_PATH, endOnFailure: true }
          : {}),
      },
    );
  },
  { timeout: 600_000 },
);

test("two recipes alike per 100 g but not in amounts, and two twins, import as four, and again change nothing", async () => {
  const from = await signedIn(source, { timezone: "UTC" });
  const recipe = (grams: number) => ({
    name: "Smoothie",
    servings: 1,
    ingredients: [{ food_id: 9040, quantity: grams }],
  });
  for (const grams of [118, 236, 50, 50]) expect((await from.api("POST", "/recipes", recipe(grams))).status).toBe(201);
  const exported = (await from.api("GET", "/export?format=json")).json;
  const into = await signedIn(target, { timezone: "UTC" });
  expect((await into.api("POST", "/import", exported)).json.recipes).toEqual({ added: 4, unchanged: 0 });
  expect((await into.api("POST", "/import", exported)).json.recipes).toEqual({ added: 0, unchanged: 4 });
  const back = (await into.api("GET", "/export?format=json")).json;
  const grams = (d: { recipes: { ingredients: { grams: number }[] }[] }) =>
    d.recipes.map((r) => r.ingredients[0]!.grams);
  expect(grams(back).sort()).toEqual([118, 236, 50, 50].sort());
});

test("a saved meal of a custom food deleted on the source is left out, even where its number is a food here", async () => {
  const [from, to] = [makeApp(cheap), makeApp(cheap)];
  const u = await signedIn(from, { timezone: "UTC" });
  const gone = (await u.api("POST", "/foods", { name: "Gone", nutrients: { energy_kcal: 100 } })).json;
  const saved = { name: "Of the gone food", entries: [{ food_id: gone.id, quantity: 100 }] };
  expect((await u.api("POST", "/saved-meals", saved)).status).toBe(201);
  expect((await u.api("DELETE", `/foods/${gone.id}`)).status).toBe(204);
  await u.api("POST", "/foods", { name: "Kept", nutrients: { energy_kcal: 50 } });
  const exported = (await u.api("GET", "/export?format=json")).json;
  const v = await signedIn(to, { timezone: "UTC" });
  // the first food made here takes the number the deleted one had there
  for (let i = 0; i < 2; i++) expect((await v.api("POST", "/import", exported)).json.saved_meals.added).toBe(0);
  expect((await v.api("GET", "/saved-meals")).json.items).toEqual([]);
});
