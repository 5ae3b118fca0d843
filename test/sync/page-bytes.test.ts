/** GET /sync/changes pages end by bytes as well as by count (API.md §Sync): about 1 MiB of changes a page. */
import { describe, expect, test } from "bun:test";
import { expectError, makeApp, registerUser } from "../helpers";

const t = makeApp();
const MIB = 1 << 20;
const ING = [9040, 9003, 11090, 11529, 1123, 20444, 5062, 1077];

async function user() {
  const u = await registerUser(t.call);
  const api = (method: string, path: string, body?: unknown) =>
    t.call(method, `/api/v1${path}`, { token: u.access_token, body });
  return { ...u, api };
}
const recipe = (i: number) => ({
  mutation_id: crypto.randomUUID(),
  entity: "recipe",
  id: null,
  op: "upsert",
  base_version: null,
  data: {
    name: `Stew ${i}`,
    servings: 4,
    ingredients: Array.from({ length: 100 }, (_, j) => ({ food_id: ING[j % ING.length], quantity: 10 + j })),
  },
});

type Change = { entity: string; id: string | number; version: number };
type Page = { changes: Change[]; next_cursor: string; has_more: boolean };

describe("pull pages by bytes", () => {
  test("recipes of 100 ingredients: a limit=1000 page stops past 1 MiB with has_more; following the cursor gets every change once, in order", async () => {
    const ana = await user();
    const pushed = await ana.api("POST", "/sync/push", { mutations: Array.from({ length: 20 }, (_, i) => recipe(i)) });
    expect(pushed.json.results.every((r: { status: string }) => r.status === "applied")).toBe(true);
    // each recipe is two records (the recipe and its food), both tens of KB
    const pages: { page: Page; bytes: number }[] = [];
    let cursor = "";
    do {
      const r = await ana.api("GET", `/sync/changes?limit=1000&cursor=${encodeURIComponent(cursor)}`);
      expect(r.status).toBe(200);
      pages.push({ page: r.json, bytes: Buffer.byteLength(r.text) });
      cursor = r.json.has_more ? r.json.next_cursor : "";
    } while (cursor);
    expect(pages.length).toBeGreaterThan(1);
    for (const { page, bytes } of pages.slice(0, -1)) {
      expect(page.has_more).toBe(true);
      expect(page.changes.length).toBeLessThan(1000);
      // past the bound by less than its last change
      const last = JSON.stringify(page.changes.at(-1)).length;
      expect(bytes).toBeGreaterThan(MIB - 100 * page.changes.length);
      expect(bytes - last).toBeLessThan(MIB);
    }
    const all = pages.flatMap(({ page }) => page.changes);
    expect(all).toHaveLength(40);
    expect(new Set(all.map((c) => `${c.entity}:${c.id}`)).size).toBe(40);
    const versions = all.map((c) => c.version);
    expect([...versions].sort((a, b) => a - b)).toEqual(versions);
    // the same changes as a pull of small pages
    const small: Change[] = [];
    cursor = "";
    for (let more = true; more; ) {
      const p: Page = (await ana.api("GET", `/sync/changes?limit=7&cursor=${encodeURIComponent(cursor)}`)).json;
      small.push(...p.changes);
      cursor = p.next_cursor;
      more = p.has_more;
    }
    expect(small).toEqual(all);
    // the last page's cursor: nothing more
    const end = (await ana.api("GET", `/sync/changes?cursor=${encodeURIComponent(pages.at(-1)!.page.next_cursor)}`))
      .json;
    expect(end.changes).toEqual([]);
    expect(end.has_more).toBe(false);

    // another account sees none of it, and the recipes' ids are not its own
    const bob = await user();
    expect((await bob.api("GET", "/sync/changes?limit=1000")).json.changes).toEqual([]);
    const someId = all.find((c) => c.entity === "recipe")!.id;
    expectError(await bob.api("GET", `/recipes/${someId}`), 404, "food_not_found");
    const theirs = await bob.api("POST", "/sync/push", {
      mutations: [{ ...recipe(99), id: someId, base_version: null }],
    });
    expect(theirs.json.results[0]).toMatchObject({ status: "rejected", error: { code: "food_not_found" } });
  });
});
