/** GET /foods/search and GET /foods/:id through the real app (API.md §Foods). */
import { describe, expect, test } from "bun:test";
import { expectError, makeApp } from "../helpers";
import { NUTRIENT_KEYS } from "../../src/db/nutrients";

const { call } = makeApp();
const search = (qs: string) => call("GET", `/api/v1/foods/search?${qs}`);

describe("GET /foods/search", () => {
  test("returns ranked FoodSummary items with query, total, limit and offset", async () => {
    const r = await search("q=banana&limit=5");
    expect(r.status).toBe(200);
    expect(r.json.query).toBe("banana");
    expect(r.json.limit).toBe(5);
    expect(r.json.offset).toBe(0);
    expect(r.json.total).toBeGreaterThan(5);
    expect(r.json.items).toHaveLength(5);
    const first = r.json.items[0];
    expect(first).toEqual({
      id: 9040,
      name: "Bananas, raw",
      short_name: "Bananas, raw",
      origin: "usda_sr24",
      source: "usda",
      brand: null,
      barcode: null,
      group: { code: "09", name: "Fruits and Fruit Juices" },
      energy_kcal: 89,
      protein_g: 1.09,
      fat_g: 0.33,
      carbohydrate_g: 22.84,
      default_portion: { id: expect.any(Number), name: 'medium (7" to 7-7/8" long)', amount: 1, grams: 118 },
      serving: null,
      amount_applies: null,
      sure: true,
    });
    expect(r.json.amount).toBeNull();
  });

  test("defaults: limit 20, offset 0; q is trimmed", async () => {
    const r = await search("q=%20%20rice%20");
    expect(r.status).toBe(200);
    expect(r.json.query).toBe("rice");
    expect(r.json.limit).toBe(20);
    expect(r.json.items).toHaveLength(20);
  });

  test("the contract's ranking behaviours", async () => {
    const top = async (q: string) => (await search(`q=${encodeURIComponent(q)}&limit=3`)).json.items[0]?.name as string;
    expect(await top("apple")).toBe("Apples, raw, with skin"); // not "Croissants, apple"
    expect(await top("egg")).toBe("Egg, whole, raw, fresh"); // whole word beats eggplant
    expect(await top("chick")).toMatch(/^Chick/); // last word completes as typed
    expect(await top("ketchup")).toBe("Catsup"); // common name
    expect(await top("yoghurt")).toMatch(/^Yogurt/); // British spelling
    expect(await top("brocoli")).toBe("Broccoli, raw"); // small typo
    const pizza = (await search("q=pizza&limit=5")).json.items.map((i: { name: string }) => i.name);
    expect(pizza[0]).not.toMatch(/PIZZA HUT|DOMINO|PAPA JOHN/); // generic before brand
  });

  test("pages never repeat or skip a food and share one total", async () => {
    const all = await search("q=cheese&limit=50&offset=0");
    const total = all.json.total;
    expect(total).toBeGreaterThan(100);
    const seen: number[] = [];
    for (let offset = 0; offset < total; offset += 50) {
      const page = await search(`q=cheese&limit=50&offset=${offset}`);
      expect(page.json.total).toBe(total);
      seen.push(...page.json.items.map((i: { id: number }) => i.id));
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    const past = await search(`q=cheese&limit=10&offset=${total + 5}`);
    expect(past.status).toBe(200);
    expect(past.json.items).toEqual([]);
  });

  test("a one-letter query pages to offset 1000 without repeats, counts every match, and refuses deeper pages", async () => {
    const first = await search("q=c&limit=50&offset=0");
    expect(first.json.total).toBeGreaterThan(3000);
    const a = await search("q=c&limit=50&offset=950");
    const b = await search("q=c&limit=50&offset=1000");
    const ids = [...a.json.items, ...b.json.items].map((i: { id: number }) => i.id);
    expect(ids).toHaveLength(100);
    expect(new Set(ids).size).toBe(100);
    const deep = expectError(await search("q=c&offset=1001"), 400, "validation_failed");
    expect(deep.details![0]!.field).toBe("offset");
  });

  test("a query with no matches is an empty 200", async () => {
    const r = await search("q=zzqxjv");
    expect(r.status).toBe(200);
    expect(r.json.items).toEqual([]);
    expect(r.json.total).toBe(0);
  });

  test.each([
    ["missing q", "", "q"],
    ["empty q", "q=", "q"],
    ["blank q", "q=%20%20%20", "q"],
    ["q over 100 chars", `q=${"a".repeat(101)}`, "q"],
    ["limit 0", "q=milk&limit=0", "limit"],
    ["limit 51", "q=milk&limit=51", "limit"],
    ["limit not a number", "q=milk&limit=ten", "limit"],
    ["limit fractional", "q=milk&limit=2.5", "limit"],
    ["negative offset", "q=milk&offset=-1", "offset"],
  ])("%s → 400 validation_failed naming the field", async (_name, qs, field) => {
    const e = expectError(await search(qs), 400, "validation_failed");
    expect(e.details?.[0]?.field).toBe(field);
    expect(e.message).toContain(field);
  });

  test("100 characters after trimming is accepted", async () => {
    const r = await search(`q=${encodeURIComponent(` ${"a".repeat(100)} `)}`);
    expect(r.status).toBe(200);
  });

  test.each([
    '"',
    '""',
    "*",
    "apple*",
    '"apple',
    "NEAR(apple milk)",
    "apple OR milk",
    "milk AND",
    "NOT",
    "(",
    ")",
    "^milk",
    "col:milk",
    "name:apple",
    "'; DROP TABLE food; --",
    "-",
    "+",
    "{}",
    "\\",
    "%",
    "🍌",
    "milk\u0000",
    "a b c d e f g h i j k l m n o p",
  ])("FTS syntax or odd input %p is text, never an error", async (q) => {
    const r = await search(`q=${encodeURIComponent(q)}`);
    expect(r.status === 200 || r.status === 400).toBe(true);
    if (r.status === 400) expectError(r, 400, "validation_failed");
    else expect(Array.isArray(r.json.items)).toBe(true);
  });
});

describe("GET /foods/:id", () => {
  test("returns every nutrient, portions and attribution", async () => {
    const r = await call("GET", "/api/v1/foods/9040");
    expect(r.status).toBe(200);
    expect(r.json.id).toBe(9040);
    expect(Object.keys(r.json.nutrients).sort()).toEqual([...NUTRIENT_KEYS].sort());
    expect(r.json.nutrients.energy_kcal).toBe(89);
    expect(r.json.nutrients.potassium_mg).toBe(358);
    expect(r.json.portions.length).toBe(8);
    const medium = r.json.portions.find((p: { name: string }) => p.name.startsWith("medium"));
    expect(medium).toEqual({
      id: r.json.default_portion.id,
      name: 'medium (7" to 7-7/8" long)',
      amount: 1,
      grams: 118,
    });
    expect(r.json.attribution.source).toBe("USDA SR24");
    expect(r.json.attribution.licence).toMatch(/public domain/i);
  });

  test("null means not reported, distinct from 0", async () => {
    const salmon = (await call("GET", "/api/v1/foods/15076")).json; // sugars not analysed for salmon
    expect(salmon.nutrients.sugars_g).toBeNull();
    const oil = (await call("GET", "/api/v1/foods/4053")).json;
    expect(oil.nutrients.protein_g).toBe(0);
  });

  test("portion grams weigh the whole amount", async () => {
    const r = await call("GET", "/api/v1/foods/9003");
    for (const p of r.json.portions) {
      expect(p.amount).toBeGreaterThan(0);
      expect(p.grams).toBeGreaterThan(0);
    }
  });

  test.each(["abc", "-1", "0", "1.5", "9040abc", "%20"])("id %p → 400 validation_failed", async (id) => {
    const e = expectError(await call("GET", `/api/v1/foods/${id}`), 400, "validation_failed");
    expect(e.details?.[0]?.field).toBe("id");
  });

  test("unknown id → 404 food_not_found", async () => {
    expectError(await call("GET", "/api/v1/foods/99999"), 404, "food_not_found");
    expectError(await call("GET", "/api/v1/foods/23999"), 404, "food_not_found"); // cronometer placeholder, not a food
    expectError(await call("GET", "/api/v1/foods/99999999999999999999"), 404, "food_not_found");
  });
});

describe("optional authentication on food routes", () => {
  test("a valid token is accepted; a bad one is refused; none is fine", async () => {
    const { registerUser } = await import("../helpers");
    const u = await registerUser(call);
    expect((await call("GET", "/api/v1/foods/search?q=apple", { token: u.access_token })).status).toBe(200);
    expect((await call("GET", "/api/v1/foods/9003", { token: u.access_token })).status).toBe(200);
    expectError(await call("GET", "/api/v1/foods/search?q=apple", { token: "garbage" }), 401, "invalid_token");
    expectError(await call("GET", "/api/v1/foods/9003", { token: u.refresh_token }), 401, "invalid_token");
    expect((await call("GET", "/api/v1/foods/9003")).status).toBe(200);
  });
});
