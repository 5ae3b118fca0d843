/**
 * A large push is applied in slices, each its own write, so the server answers others in between:
 * 500 recipes of 35 ingredients (620 KB, under the limit) used to hold one transaction and the event
 * loop for 1.3–7.5 s. The results are the same as one transaction's: every mutation once, in order.
 */
import { expect, test } from "bun:test";
import { join } from "node:path";
import { createApp } from "../../src/app";
import { openDatabase } from "../../src/db/client";
import { GroupCommit } from "../../src/db/group-commit";
import { SqliteStore } from "../../src/db/store";
import { quietLogger } from "../../src/lib/log";
import { catalogue, TEST_PASSWORD_COST, tempDir } from "../helpers";

test("500 recipe upserts of 35 ingredients: many commits, every result applied in order, a replay all duplicates", async () => {
  const db = openDatabase(join(tempDir(), "morsel.db"));
  const commits = new GroupCommit(new SqliteStore(db));
  let writes = 0;
  const { catalogue: c, search } = catalogue();
  const app = createApp({
    db,
    catalogue: c,
    search,
    jwtSecret: "x".repeat(40),
    logger: quietLogger,
    logRequests: false,
    passwordCost: TEST_PASSWORD_COST,
    commit: (w) => (writes++, commits.run(w)),
  });
  const call = async (path: string, body: unknown, token?: string) => {
    const headers: Record<string, string> = {
      "content-type": "application/json",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    };
    const r = await app.handle(
      new Request(`http://localhost/api/v1${path}`, { method: "POST", headers, body: JSON.stringify(body) }),
    );
    return {
      status: r.status,
      json: (await r.json()) as {
        access_token: string;
        results: { mutation_id: string; status: string; current: { name: string } }[];
      },
    };
  };
  const token = (await call("/register", { email: "a@example.org", password: "correct horse battery", name: "A" })).json
    .access_token;
  const foods = [9040, 9003, 11090, 11529, 1123, 20444, 5062, 1077];
  const mutations = Array.from({ length: 500 }, (_, i) => ({
    mutation_id: crypto.randomUUID(),
    entity: "recipe",
    id: null,
    op: "upsert",
    base_version: null,
    data: {
      name: `Stew ${i}`,
      servings: 4,
      ingredients: Array.from({ length: 35 }, (_, j) => ({ food_id: foods[j % foods.length], quantity: 10 + j })),
    },
  }));
  expect(JSON.stringify({ mutations }).length).toBeLessThan(1024 * 1024);
  const before = writes;
  const r = await call("/sync/push", { mutations }, token);
  expect(r.status).toBe(200);
  expect(writes - before).toBeGreaterThan(1); // sliced: one transaction per slice, the event loop free between
  expect(r.json.results.map((x) => x.mutation_id)).toEqual(mutations.map((m) => m.mutation_id));
  expect(r.json.results.every((x) => x.status === "applied")).toBe(true);
  expect(r.json.results.map((x) => x.current.name)).toEqual(mutations.map((m) => m.data.name));
  const again = await call("/sync/push", { mutations }, token);
  expect(again.json.results.every((x) => x.status === "duplicate")).toBe(true);
}, 120_000);
