/**
 * Saved meals and per-meal recent foods through openapi-fetch over the generated types (test/client/api.d.ts,
 * written by `bun run openapi`): if the document describes a body or a response wrongly, this stops compiling.
 */
import { expect, test } from "bun:test";
import createClient from "openapi-fetch";
import type { paths } from "../client/api";
import { makeApp } from "../helpers";

const t = makeApp();
t.clock.set("2026-11-24T20:00:00Z");
const client = createClient<paths>({
  baseUrl: "http://localhost",
  fetch: async (request) => (await t.started()).handle(request),
});

test("save a breakfast from its meals, log it with a request id twice, see it in breakfast's recent foods", async () => {
  const reg = await client.POST("/api/v1/register", {
    body: { email: `typed-${crypto.randomUUID()}@example.org`, password: "correct horse battery", name: "Ana" },
  });
  if (!reg.data) throw new Error(JSON.stringify(reg.error));
  const headers = { Authorization: `Bearer ${reg.data.access_token}` };
  const meal = await client.POST("/api/v1/meals", {
    headers,
    body: { food_id: 9040, quantity: 118, meal_type: "breakfast", date: "2026-11-23" },
  });
  expect(meal.response.status).toBe(201);

  const saved = await client.POST("/api/v1/saved-meals", {
    headers,
    body: { name: "Banana breakfast", from_date: "2026-11-23", meal_type: "breakfast" },
  });
  if (!saved.data) throw new Error(JSON.stringify(saved.error));
  expect(saved.data.entries[0]?.food?.id).toBe(9040);

  const request = { meal_type: "breakfast" as const, id: crypto.randomUUID() };
  const params = { path: { id: saved.data.id } };
  const first = await client.POST("/api/v1/saved-meals/{id}/log", { headers, params, body: request });
  const again = await client.POST("/api/v1/saved-meals/{id}/log", { headers, params, body: request });
  expect([first.data?.created, again.data?.created]).toEqual([1, 0]);
  expect(again.data?.meals[0]?.id).toBe(first.data?.meals[0]?.id ?? "");

  const recent = await client.GET("/api/v1/foods/recent", { headers, params: { query: { meal_type: "breakfast" } } });
  expect(recent.data?.items[0]).toMatchObject({ id: 9040, log_count: 2, last_quantity: 118 });
  expect(recent.data?.items[0]?.score).toBeGreaterThan(1.9);
});
