/**
 * GET /recipes streams a page a recipe at a time when responses are not validated (production): a
 * page of 100 recipes of 35 ingredients (~6 MB) was one block of ~50 ms, the last case of
 * bench:responsiveness that missed its goal. The streamed text is what the validated answer gives,
 * and a recipe deleted while the page is read is left out, never a broken body.
 */
import { expect, test } from "bun:test";
import { makeApp, registerUser, type TestApp } from "../helpers";

const ING = [9040, 9003, 11090, 11529, 1123, 20444, 5062, 1077];

async function cook(t: TestApp, token: string, n: number) {
  const mutations = Array.from({ length: n }, (_, i) => ({
    mutation_id: crypto.randomUUID(),
    entity: "recipe",
    id: null,
    op: "upsert",
    base_version: null,
    data: {
      name: `Stew ${i}`,
      servings: 4,
      ingredients: Array.from({ length: 35 }, (_, j) => ({ food_id: ING[j % ING.length], quantity: 10 + j })),
    },
  }));
  expect((await t.call("POST", "/api/v1/sync/push", { token, body: { mutations } })).status).toBe(200);
}

test("a page of 100 large recipes streams in pieces, the same JSON as the validated answer", async () => {
  const checked = makeApp();
  const streamed = makeApp({ options: { validateResponses: false } });
  const pages: string[] = [];
  for (const t of [checked, streamed]) {
    const u = await registerUser(t.call);
    await cook(t, u.access_token, 100);
    const res = await (await t.started()).handle(
      new Request("http://localhost/api/v1/recipes?limit=100", {
        headers: { authorization: `Bearer ${u.access_token}` },
      }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    const reader = res.body!.getReader();
    let chunks = 0;
    let text = "";
    const decoder = new TextDecoder();
    for (let r = await reader.read(); !r.done; r = await reader.read()) {
      chunks++;
      text += decoder.decode(r.value, { stream: true });
    }
    if (t === streamed) expect(chunks).toBeGreaterThan(50);
    pages.push(text);
  }
  const [a, b] = pages.map(
    (p) => JSON.parse(p!) as { items: { id: number; name: string; nutrients: unknown }[]; next_cursor: string | null },
  );
  expect(b!.items.length).toBe(100);
  expect(b!.next_cursor).toBeNull();
  // the two apps number their recipes alike (fresh databases): the pages are the same document
  expect(b).toEqual(a!);
}, 60_000);

test("a recipe deleted while its page is being read is left out, and the body stays valid JSON", async () => {
  const t = makeApp({ options: { validateResponses: false } });
  const u = await registerUser(t.call);
  await cook(t, u.access_token, 60);
  const res = await (await t.started()).handle(
    new Request("http://localhost/api/v1/recipes?limit=60", { headers: { authorization: `Bearer ${u.access_token}` } }),
  );
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = decoder.decode((await reader.read()).value, { stream: true });
  const ids = (await (
    await t.call("GET", "/api/v1/recipes?limit=60", { token: u.access_token })
  ).json) as { items: { id: number }[] };
  const last = ids.items.at(-1)!.id;
  expect((await t.call("DELETE", `/api/v1/recipes/${last}`, { token: u.access_token })).status).toBe(204);
  for (let r = await reader.read(); !r.done; r = await reader.read()) text += decoder.decode(r.value, { stream: true });
  const page = JSON.parse(text) as { items: { id: number }[] };
  expect(page.items.length).toBe(59);
  expect(page.items.map((i) => i.id)).not.toContain(last);
}, 60_000);
