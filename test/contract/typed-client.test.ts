/**
 * A client developer's first script, written with openapi-fetch over types that openapi-typescript
 * generated from our OpenAPI document (`bun run openapi` writes test/client/api.d.ts; CI runs it
 * before the type check). No casts: if the document describes a body or a response wrongly, this
 * file stops compiling or its assertions fail.
 */
import { expect, test } from "bun:test";
import createClient from "openapi-fetch";
import type { paths } from "../client/api";
import { makeApp } from "../helpers";

const t = makeApp();
const client = createClient<paths>({
  baseUrl: "http://localhost",
  fetch: async (request) => (await t.started()).handle(request),
});

test("register → search → log → daily → stats → sync push and pull → export, typed end to end", async () => {
  const reg = await client.POST("/api/v1/register", {
    body: {
      email: `typed-${crypto.randomUUID()}@example.org`,
      password: "correct horse battery",
      name: "Ana",
      timezone: "Europe/Lisbon",
    },
  });
  expect(reg.response.status).toBe(201);
  if (!reg.data) throw new Error(JSON.stringify(reg.error));
  const headers = { Authorization: `Bearer ${reg.data.access_token}` };
  expect(reg.data.user.timezone).toBe("Europe/Lisbon");

  const search = await client.GET("/api/v1/foods/search", { params: { query: { q: "banana", limit: 3 } } });
  const banana = search.data?.items[0];
  if (!banana) throw new Error("no search result");
  expect(banana.name).toBe("Bananas, raw");
  const portion = banana.default_portion;
  if (!portion) throw new Error("banana has no default portion");

  const logged = await client.POST("/api/v1/meals", {
    headers,
    body: { food_id: banana.id, quantity: 1, portion_id: portion.id, meal_type: "breakfast", date: "2026-11-22" },
  });
  expect(logged.response.status).toBe(201);
  expect(logged.response.headers.get("location")).toBe(`/api/v1/meals/${logged.data?.id}`);
  expect(logged.data?.nutrients.energy_kcal).toBe(105);

  const daily = await client.GET("/api/v1/meals/daily", { headers, params: { query: { date: "2026-11-22" } } });
  expect(daily.data?.meals.map((m) => m.food?.name)).toEqual(["Bananas, raw"]);
  expect(daily.data?.totals.energy_kcal).toBe(105);

  const stats = await client.GET("/api/v1/stats/daily", { headers, params: { query: { date: "2026-11-22" } } });
  expect(stats.data?.by_meal_type.breakfast.energy_kcal).toBe(105);
  expect(stats.data?.meal_count).toBe(1);

  const mealId = crypto.randomUUID();
  const push = await client.POST("/api/v1/sync/push", {
    headers,
    body: {
      mutations: [
        {
          mutation_id: crypto.randomUUID(),
          entity: "meal",
          id: mealId,
          op: "upsert",
          base_version: null,
          data: { food_id: banana.id, quantity: 50, meal_type: "snack", date: "2026-11-22" },
        },
      ],
    },
  });
  expect(push.data?.results[0]?.status).toBe("applied");

  const pull = await client.GET("/api/v1/sync/changes", { headers, params: { query: { limit: 100 } } });
  expect(pull.data?.changes.map((c) => c.id)).toContain(mealId);
  expect(pull.data?.has_more).toBe(false);

  const exported = await client.GET("/api/v1/export", { headers, params: { query: { format: "json" } } });
  expect(exported.response.status).toBe(200);
  // the document offers JSON or CSV for 200; a client narrows, it does not cast
  if (exported.data === undefined || typeof exported.data === "string") throw new Error("expected the JSON export");
  expect(exported.data.meals.length).toBe(2);
  expect(exported.data.format).toBe("morsel-export");

  const bad = await client.POST("/api/v1/meals", {
    headers,
    body: { food_id: banana.id, quantity: 0, meal_type: "lunch" },
  });
  expect(bad.error?.error.code).toBe("validation_failed");
  expect(bad.error?.error.details?.[0]?.field).toBe("quantity");
});
