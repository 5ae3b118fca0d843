/**
 * A large import is written in short transactions with the event loop handed back between them: a
 * reader on the same database (the app's store), polling from the same event loop, watches the count of custom foods
 * grow in many steps while the import runs. Before, 5,000 custom foods were one transaction after a
 * quadratic duplicate look-up, and nothing else was answered for 5.5 s (20,000: 55 s).
 */
import { expect, test } from "bun:test";
import { expectError, makeApp, registerUser, until } from "../helpers";

test("3,000 custom foods and 150 recipes: others see it progress, and a second import reuses everything", async () => {
  const t = makeApp();
  const u = await registerUser(t.call);
  const base = (await t.call("GET", "/api/v1/export?format=json", { token: u.access_token })).json;
  const foods = Array.from({ length: 3000 }, (_, i) => ({
    id: 1_000_000 + i,
    name: `Food ${i}`,
    brand: null,
    barcode: null,
    nutrients: { energy_kcal: i % 900 },
    portions: [],
    deleted: false,
  }));
  const recipes = Array.from({ length: 150 }, (_, i) => ({
    id: 1_100_000 + i,
    name: `Stew ${i}`,
    brand: null,
    servings: 2,
    cooked_grams: null,
    portions: [],
    ingredients: [
      {
        food_id: 1_000_000 + i,
        food_name: `Food ${i}`,
        quantity: 100,
        portion: null,
        grams: 100,
        per_100g: { energy_kcal: i % 900 },
      },
    ],
  }));
  const { checksum: _, ...doc } = { ...base, custom_foods: foods, recipes };
  const count = async () =>
    (await t.sql<{ n: number }>("SELECT CAST(count(*) AS integer) AS n FROM custom_foods"))[0]!.n;
  const seen = new Set<number>();
  let importing = true;
  const poll = (async () => {
    while (importing) {
      seen.add(await count());
      await Bun.sleep(1);
    }
  })();
  const r = await t.call("POST", "/api/v1/import", { token: u.access_token, body: doc });
  importing = false;
  await poll;
  expect(r.status).toBe(200);
  expect(r.json.custom_foods).toEqual({ added: 3000, unchanged: 0 });
  expect(r.json.recipes).toEqual({ added: 150, unchanged: 0 });
  // partial counts seen from outside while it ran: many commits, the event loop free between them
  expect([...seen].filter((n) => n > 0 && n < 3150).length).toBeGreaterThan(3);
  const again = await t.call("POST", "/api/v1/import", { token: u.access_token, body: doc });
  expect(again.json.custom_foods).toEqual({ added: 0, unchanged: 3000 });
  expect(again.json.recipes).toEqual({ added: 0, unchanged: 150 });
}, 120_000);

test("one import at a time per account, three per server: the rest meanwhile are 429 with Retry-After; slots free again afterwards, also after a 400", async () => {
  const t = makeApp();
  const [a, b, c, d] = await Promise.all([1, 2, 3, 4].map(() => registerUser(t.call)));
  const base = (await t.call("GET", "/api/v1/export?format=json", { token: a!.access_token })).json;
  const foods = Array.from({ length: 3000 }, (_, i) => ({
    id: 1_000_000 + i,
    name: `Food ${i}`,
    brand: null,
    barcode: null,
    nutrients: { energy_kcal: i % 900 },
    portions: [],
    deleted: false,
  }));
  const { checksum: _, ...doc } = { ...base, custom_foods: foods };
  const small = { ...doc, custom_foods: [] };
  const count = async (user: number) =>
    (await t.sql<{ n: number }>(`SELECT CAST(count(*) AS integer) AS n FROM custom_foods WHERE user_id = ${user}`))[0]!
      .n;
  // a, b and c import at once; each is writing before the next question is asked
  const running = [a!, b!, c!].map((u) => t.call("POST", "/api/v1/import", { token: u.access_token, body: doc }));
  await until(
    async () => (await count(a!.user.id)) > 0 && (await count(b!.user.id)) > 0 && (await count(c!.user.id)) > 0,
  );
  const mine = await t.call("POST", "/api/v1/import", { token: a!.access_token, body: small });
  expectError(mine, 429, "rate_limited");
  expect(mine.json.error.message).toContain("you already have 1 imports waiting or in progress");
  const full = await t.call("POST", "/api/v1/import", { token: d!.access_token, body: small });
  expectError(full, 429, "rate_limited");
  expect(full.json.error.message).toContain("too many imports are waiting on this server");
  expect(Number(full.headers.get("retry-after"))).toBeGreaterThan(0);
  for (const r of await Promise.all(running)) expect(r.status).toBe(200);
  expectError(
    await t.call("POST", "/api/v1/import", { token: d!.access_token, body: { ...doc, version: 99 } }),
    400,
    "validation_failed",
  );
  expect((await t.call("POST", "/api/v1/import", { token: d!.access_token, body: small })).status).toBe(200);
  expect((await t.call("POST", "/api/v1/import", { token: a!.access_token, body: small })).status).toBe(200);
}, 120_000);
