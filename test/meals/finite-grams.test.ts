/**
 * A meal's grams and nutrients are finite numbers, stored and served, whatever it is logged from: a
 * catalogue food, a custom food, an imported barcode food (by grams or a portion), a recipe (by serving
 * or grams), a quick add. And a recipe stored with 0 servings or 0 g cooked (before those had their
 * minimums: its "serving" weighed Infinity grams) is read as 1 serving of the ingredients' total: it
 * never makes a meal of Infinity grams, a null day, a 500 from POST /foods/parse or an export that does
 * not import; its broken "serving" is left out until the recipe is saved again.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { OffClient } from "../../src/features/imported/online";
import { expectError, makeApp, offStandIn, registerUser } from "../helpers";

const BARCODE = "7622210449283";
const stand = offStandIn({
  [BARCODE]: {
    product_name: "Online biscuits",
    serving_quantity: "25",
    serving_size: "2 biscuits",
    nutriments: { "energy-kcal_100g": "480", proteins_100g: "6.5", fat_100g: "20", carbohydrates_100g: "70" },
  },
});
afterAll(() => stand.stop());
const t = makeApp({ offClient: new OffClient({ baseUrl: stand.url, timeoutMs: 5000 }) });
const DAY = "2026-11-22";
let token = "";
const api = (method: string, path: string, body?: unknown, as = token) =>
  t.call(method, `/api/v1${path}`, { token: as, body });

const finite = (v: unknown) => typeof v === "number" && Number.isFinite(v);
/** Every nutrient is a finite number or null (not known), never Infinity or NaN. */
function expectFiniteValues(nutrients: Record<string, unknown>) {
  for (const [k, v] of Object.entries(nutrients)) if (v !== null) expect([k, finite(v)]).toEqual([k, true]);
}
async function expectFiniteDay(as = token, known = true) {
  const day = await api("GET", `/meals/daily?date=${DAY}`, undefined, as);
  expect(day.status).toBe(200);
  if (known) expect(finite(day.json.totals.energy_kcal)).toBe(true);
  expectFiniteValues(day.json.totals);
  const week = await api("GET", `/stats/weekly?end=${DAY}`, undefined, as);
  expect(week.status).toBe(200);
  for (const d of week.json.days) expectFiniteValues(d.totals);
}

beforeAll(async () => {
  token = (await registerUser(t.call)).access_token;
});

describe("a meal of every source has finite grams and nutrients, stored and served", () => {
  test("catalogue, custom, imported, recipe by serving and by grams, quick add", async () => {
    const banana = (await api("GET", "/foods/9040")).json;
    const custom = (
      await api("POST", "/foods", {
        name: "Granola",
        nutrients: { energy_kcal: 450, protein_g: 9 },
        portions: [{ name: "bowl", grams: 60 }],
      })
    ).json;
    const scanned = await api("POST", "/scanner/barcode", { barcode: BARCODE });
    expect(scanned.status).toBe(200);
    const imported = scanned.json.food;
    const stew = (
      await api("POST", "/recipes", { name: "Stew", servings: 3, ingredients: [{ food_id: 9040, quantity: 250 }] })
    ).json;
    const least = (
      await api("POST", "/recipes", {
        name: "Big pot",
        servings: 0.001,
        ingredients: [{ food_id: custom.id, quantity: 50 }],
      })
    ).json;
    const meal = (body: Record<string, unknown>) => ({ meal_type: "lunch", date: DAY, ...body });
    const sources: [string, Record<string, unknown>][] = [
      ["catalogue by grams", { food_id: 9040, quantity: 118 }],
      ["catalogue by portion", { food_id: 9040, quantity: 1.5, portion_id: banana.default_portion.id }],
      ["custom by grams", { food_id: custom.id, quantity: 45 }],
      ["custom by portion", { food_id: custom.id, quantity: 1, portion_id: custom.portions[0].id }],
      ["imported by grams", { food_id: imported.id, quantity: 30 }],
      ["imported by portion", { food_id: imported.id, quantity: 2, portion_id: imported.portions[0].id }],
      ["recipe by serving", { food_id: stew.id, quantity: 1, portion_id: stew.portions[0].id }],
      ["recipe by grams", { food_id: stew.id, quantity: 200 }],
      ["recipe at the least servings", { food_id: least.id, quantity: 1, portion_id: least.portions[0].id }],
      ["quick add", { quick_add: { energy_kcal: 300, protein_g: 10 } }],
    ];
    for (const [what, body] of sources) {
      const r = await api("POST", "/meals", meal(body));
      expect([what, r.status]).toEqual([what, 201]);
      const served = (await api("GET", `/meals/${r.json.id}`)).json;
      expect([what, finite(served.grams)]).toEqual([what, true]);
      expectFiniteValues(served.nutrients);
      const [stored] = await t.sql<Record<string, unknown>>(
        "SELECT grams, quantity, energy_kcal, protein_g, fat_g, carbohydrate_g, fiber_g, sugars_g, saturated_fat_g, sodium_mg FROM meals WHERE id = ?",
        r.json.id,
      );
      expect([what, finite(stored!.grams)]).toEqual([what, true]);
      expectFiniteValues(stored!);
    }
    await expectFiniteDay();
  });
});

describe("a recipe stored with 0 servings or 0 g cooked, before the minimums", () => {
  for (const legacy of ["servings", "cooked_grams"] as const) {
    test(`0 ${legacy}: read as 1 serving, or over the ingredients' total; never Infinity`, async () => {
      const u = await registerUser(t.call);
      const as = u.access_token;
      const body = {
        name: `Old ${legacy}`,
        servings: 2,
        cooked_grams: 300,
        ingredients: [{ food_id: 9040, quantity: 200 }],
      };
      const made = (await api("POST", "/recipes", { ...body, portions: [{ name: "bowl", grams: 150 }] }, as)).json;
      const serving = made.portions[0];
      // what the server stored before the minimums: 0, and a serving of Infinity g (or 0 g)
      if (legacy === "servings") await t.sql("UPDATE recipes SET servings = 0 WHERE food_id = ?", made.id);
      else {
        // over 0 g cooked, its values per 100 g were stored as not known
        await t.sql("UPDATE recipes SET cooked_grams = 0 WHERE food_id = ?", made.id);
        const unknown = Object.fromEntries(Object.keys(made.nutrients).map((k) => [k, null]));
        await t.sql("UPDATE custom_foods SET nutrients = ? WHERE id = ?", JSON.stringify(unknown), made.id);
      }
      await t.sql(
        "UPDATE custom_portions SET grams = ? WHERE id = ?",
        legacy === "servings" ? Infinity : 0,
        serving.id,
      );

      const view = await api("GET", `/recipes/${made.id}`, undefined, as);
      expect(view.status).toBe(200);
      if (legacy === "servings") expect(view.json).toMatchObject({ servings: 1, serving_grams: 300 });
      else expect(view.json).toMatchObject({ cooked_grams: null, serving_grams: 100 });
      expectFiniteValues(view.json.per_serving);
      expect(view.json.portions.map((p: { name: string }) => p.name)).toEqual(["bowl"]);
      const food = await api("GET", `/foods/${made.id}`, undefined, as);
      expect(food.status).toBe(200);
      expect(food.json.default_portion).toMatchObject({ name: "bowl", grams: 150 });

      // its stored serving is refused; grams and its other portions log finite meals
      const bad = await api(
        "POST",
        "/meals",
        { food_id: made.id, quantity: 1, portion_id: serving.id, meal_type: "dinner", date: DAY },
        as,
      );
      expect(expectError(bad, 400, "validation_failed").details?.map((d) => d.field)).toContain("portion_id");
      for (const m of [{ quantity: 120 }, { quantity: 1, portion_id: made.portions[1].id }]) {
        const r = await api("POST", "/meals", { food_id: made.id, meal_type: "dinner", date: DAY, ...m }, as);
        expect(r.status).toBe(201);
        expect(finite(r.json.grams)).toBe(true);
        expectFiniteValues(r.json.nutrients);
      }
      // a recipe stored with 0 g cooked knows no values until it is saved again: null, never Infinity
      await expectFiniteDay(as, legacy === "servings");
      const parsed = await api("POST", "/foods/parse", { text: `1 serving old ${legacy.replace("_", " ")}` }, as);
      expect(parsed.status).toBe(200);

      // its export imports elsewhere, and saving it again stores a serving of finite weight
      const { checksum: _, ...file } = (await api("GET", "/export?format=json", undefined, as)).json;
      const other = await registerUser(t.call);
      const moved = await api("POST", "/import", { ...file, meals: [] }, other.access_token);
      expect(moved.status).toBe(200);
      const saved = await api("PATCH", `/recipes/${made.id}`, { servings: 4 }, as);
      expect(saved.status).toBe(200);
      expect(saved.json.portions.map((p: { name: string }) => p.name)).toEqual(["serving", "bowl"]);
      expect(saved.json.portions[0]).toMatchObject({ id: serving.id, grams: legacy === "servings" ? 75 : 50 });
    });
  }
});
