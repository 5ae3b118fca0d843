/** GET /foods/recent: the caller's recent and frequent foods, for the add-food screen. */
import { expect, test } from "bun:test";
import { expectError, makeApp, registerUser } from "../helpers";

const { call, clock } = makeApp();
const log = (token: string, food_id: number, eaten_at: string) =>
  call("POST", "/api/v1/meals", { token, body: { food_id, quantity: 100, meal_type: "snack", eaten_at } });

test("recent puts the last logged first, frequent the most logged; only the caller's", async () => {
  const ana = await registerUser(call);
  const bob = await registerUser(call);
  const now = clock.now().getTime();
  const at = (hoursAgo: number) => new Date(now - hoursAgo * 3_600_000).toISOString().replace(/\.\d+Z$/, "Z");
  for (const h of [50, 40, 30]) expect((await log(ana.access_token, 9040, at(h))).status).toBe(201); // banana ×3, long ago
  expect((await log(ana.access_token, 9003, at(2))).status).toBe(201); // apple, lately
  expect((await log(bob.access_token, 1123, at(1))).status).toBe(201); // egg, someone else's

  const recent = await call("GET", "/api/v1/foods/recent", { token: ana.access_token });
  expect(recent.status).toBe(200);
  expect(recent.json.items.map((i: { id: number }) => i.id)).toEqual([9003, 9040]);
  expect(recent.json.items[1]).toMatchObject({ name: "Bananas, raw", log_count: 3, last_logged_at: at(30) });
  const frequent = await call("GET", "/api/v1/foods/recent?sort=frequent&limit=1", { token: ana.access_token });
  expect(frequent.json.items.map((i: { id: number }) => i.id)).toEqual([9040]);
  const bobs = await call("GET", "/api/v1/foods/recent", { token: bob.access_token });
  expect(bobs.json.items.map((i: { id: number }) => i.id)).toEqual([1123]);
});

test("a deleted custom food is left out; bad input and no token are refused", async () => {
  const ana = await registerUser(call);
  const food = (
    await call("POST", "/api/v1/foods", {
      token: ana.access_token,
      body: { name: "Granola, homemade", nutrients: { energy_kcal: 470 } },
    })
  ).json;
  expect(
    (
      await call("POST", "/api/v1/meals", {
        token: ana.access_token,
        body: { food_id: food.id, quantity: 50, meal_type: "breakfast" },
      })
    ).status,
  ).toBe(201);
  expect(
    (await call("GET", "/api/v1/foods/recent", { token: ana.access_token })).json.items.map(
      (i: { id: number }) => i.id,
    ),
  ).toEqual([food.id]);
  expect((await call("DELETE", `/api/v1/foods/${food.id}`, { token: ana.access_token })).status).toBe(204);
  expect((await call("GET", "/api/v1/foods/recent", { token: ana.access_token })).json.items).toEqual([]);

  expectError(await call("GET", "/api/v1/foods/recent"), 401, "missing_token");
  expectError(await call("GET", "/api/v1/foods/recent?limit=0", { token: ana.access_token }), 400, "validation_failed");
  expectError(
    await call("GET", "/api/v1/foods/recent?limit=51", { token: ana.access_token }),
    400,
    "validation_failed",
  );
  expectError(
    await call("GET", "/api/v1/foods/recent?sort=newest", { token: ana.access_token }),
    400,
    "validation_failed",
  );
});

test("each recent food carries its last serving: the latest meal's quantity and portion, whatever order they were logged in", async () => {
  const ana = await registerUser(call);
  const now = clock.now().getTime();
  const at = (hoursAgo: number) => new Date(now - hoursAgo * 3_600_000).toISOString().replace(/\.\d+Z$/, "Z");
  const portions = (await call("GET", "/api/v1/foods/9040")).json.portions as { id: number; grams: number }[];
  const medium = portions.find((p) => p.grams > 100 && p.grams < 130)!;
  const post = (body: Record<string, unknown>) =>
    call("POST", "/api/v1/meals", { token: ana.access_token, body: { meal_type: "snack", ...body } });
  // the latest meal is posted first: the serving must follow eaten_at, not the order of writes
  expect((await post({ food_id: 9040, quantity: 2, portion_id: medium.id, eaten_at: at(1) })).status).toBe(201);
  expect((await post({ food_id: 9040, quantity: 150, eaten_at: at(20) })).status).toBe(201);
  expect((await post({ food_id: 9003, quantity: 80, eaten_at: at(3) })).status).toBe(201);
  expect((await post({ quick_add: { energy_kcal: 300 }, description: "Cake", eaten_at: at(0.5) })).status).toBe(201);
  const items = (await call("GET", "/api/v1/foods/recent", { token: ana.access_token })).json.items as Record<
    string,
    unknown
  >[];
  expect(items.map((i) => [i.id, i.last_quantity, i.last_portion_id])).toEqual([
    [9040, 2, medium.id],
    [9003, 80, null],
  ]);
});
