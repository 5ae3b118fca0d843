/**
 * The first day of a logger, as a user would do it against a real server on port 0: register, log a
 * day by grams and by portions, read the day and the week in their own time zone, set goals, see
 * what remains, and delete the account with everything in it.
 */
import { afterAll, expect, test } from "bun:test";
import { startServer } from "../../src/http/server";
import { makeApp } from "../helpers";

const t = makeApp();
t.clock.set("2026-11-22T20:00:00Z"); // 07:00 next morning in Auckland (UTC+13)
const server = startServer(await t.started(), { port: 0, hostname: "127.0.0.1" });
const base = `http://127.0.0.1:${server.port}/api/v1`;
afterAll(() => server.stop());

async function api(method: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body ? { "content-type": "application/json" } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, json: res.status === 204 ? null : ((await res.json()) as any), headers: res.headers };
}

test("a day of meals, the week, goals and what remains", async () => {
  const reg = await api("POST", "/register", {
    email: "kiri@example.org",
    password: "pohutukawa tree",
    name: "Kiri",
    timezone: "Pacific/Auckland",
  });
  expect(reg.status).toBe(201);
  const token = reg.json.access_token as string;

  const banana = (await api("GET", "/foods/search?q=banana&limit=1")).json.items[0];
  expect(banana.name).toBe("Bananas, raw");
  const oats = (await api("GET", "/foods/search?q=oatmeal&limit=1")).json.items[0];
  const oatsDetail = (await api("GET", `/foods/${oats.id}`)).json;
  const cup = oatsDetail.portions[0];

  const meals = [
    { food_id: banana.id, quantity: 1, portion_id: banana.default_portion.id, meal_type: "breakfast" },
    { food_id: oats.id, quantity: 1, portion_id: cup.id, meal_type: "breakfast" },
    { food_id: 5064, quantity: 150, meal_type: "lunch" }, // roasted chicken breast, by grams
    { food_id: 11090, quantity: 200, meal_type: "dinner" },
  ];
  for (const m of meals) {
    const r = await api("POST", "/meals", m, token);
    expect(r.status).toBe(201);
    expect(r.json.date).toBe("2026-11-23"); // the user's today
  }
  const day = (await api("GET", "/meals/daily", undefined, token)).json;
  expect(day.date).toBe("2026-11-23");
  expect(day.meals).toHaveLength(4);
  const sum = day.meals.reduce(
    (a: number, m: { nutrients: { energy_kcal: number } }) => a + m.nutrients.energy_kcal,
    0,
  );
  expect(day.totals.energy_kcal).toBe(sum);
  const expectedBanana = Math.round((89 * banana.default_portion.grams) / 100);
  expect(day.meals[0].nutrients.energy_kcal).toBe(expectedBanana);

  expect((await api("PUT", "/goals", { energy_kcal: 1800, protein_g: 90 }, token)).status).toBe(200);
  // a weight and a recipe too, so DELETE /me below is seen to take them with the account
  expect((await api("PUT", "/weights/2026-11-23", { kg: 64 }, token)).status).toBe(201);
  expect(
    (
      await api(
        "POST",
        "/recipes",
        { name: "Toast", servings: 1, ingredients: [{ food_id: 9040, quantity: 50 }] },
        token,
      )
    ).status,
  ).toBe(201);
  const stats = (await api("GET", "/stats/daily", undefined, token)).json;
  expect(stats.remaining.energy_kcal).toBe(1800 - sum);
  // (the clock stands still here: a meal's second entry goes a second after its first, so after the others)
  const breakfast = day.meals.filter((m: { meal_type: string }) => m.meal_type === "breakfast");
  expect(stats.by_meal_type.breakfast.energy_kcal).toBe(
    breakfast[0].nutrients.energy_kcal + breakfast[1].nutrients.energy_kcal,
  );

  const week = (await api("GET", "/stats/weekly", undefined, token)).json;
  expect(week.end).toBe("2026-11-23");
  expect(week.days[6].totals.energy_kcal).toBe(sum);
  expect(week.logged_days).toBe(1);
  // the one logged day is today, not over yet: no average until it is
  expect(week.average_days).toBe(0);
  expect(week.daily_average.energy_kcal).toBeNull();

  expect((await api("DELETE", "/me", { password: "pohutukawa tree" }, token)).status).toBe(204);
  const [left] = await t.sql<{ n: number }>(
    "SELECT CAST((SELECT count(*) FROM meals) + (SELECT count(*) FROM goal_plans) + (SELECT count(*) FROM weights) + (SELECT count(*) FROM recipes) + (SELECT count(*) FROM recipe_ingredients) + (SELECT count(*) FROM users) + (SELECT count(*) FROM sessions) AS integer) AS n",
  );
  expect(left).toEqual({ n: 0 });
});
