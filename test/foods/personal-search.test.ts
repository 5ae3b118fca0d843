/** With a token, search includes the caller's custom foods and ranks up what they log. */
import { expect, test } from "bun:test";
import { makeApp, registerUser } from "../helpers";

const { call } = makeApp();
const ids = async (q: string, token?: string) =>
  (
    (await call("GET", `/api/v1/foods/search?q=${encodeURIComponent(q)}&limit=10`, { token })).json.items as {
      id: number;
    }[]
  ).map((i) => i.id);

test("foods the caller logs often or lately rank up for them only", async () => {
  const ana = await registerUser(call);
  const bob = await registerUser(call);
  expect((await ids("apple"))[0]).toBe(9003); // "Apples, raw, with skin" for everyone
  for (let i = 0; i < 3; i++) {
    await call("POST", "/api/v1/meals", {
      token: ana.access_token,
      body: { food_id: 9004, quantity: 150, meal_type: "snack" },
    }); // without skin
  }
  expect((await ids("apple", ana.access_token))[0]).toBe(9004);
  expect((await ids("apple", bob.access_token))[0]).toBe(9003);
  expect((await ids("apple"))[0]).toBe(9003); // the anonymous cache is not personalised
});

test("the caller's custom foods are searchable and rank up", async () => {
  const ana = await registerUser(call);
  const bob = await registerUser(call);
  const f = (
    await call("POST", "/api/v1/foods", {
      token: ana.access_token,
      body: { name: "Granola, homemade maple", nutrients: { energy_kcal: 470 } },
    })
  ).json;
  expect((await ids("granola", ana.access_token))[0]).toBe(f.id);
  expect((await ids("gran", ana.access_token))[0]).toBe(f.id); // type-ahead
  expect(await ids("granola", bob.access_token)).not.toContain(f.id);
  expect(await ids("granola")).not.toContain(f.id);
});
