/**
 * GET /export streams: the document is made a piece at a time, and timers run between its pieces, so
 * a large account's export does not stop the server (2,500 recipes took 8.7 s in one block; a CSV of
 * 39k meals 3 s). The text is what one JSON.stringify gave: its checksum verifies, and it imports back.
 */
import { expect, test } from "bun:test";
import { makeApp, registerUser } from "../helpers";

async function pieces(res: Response): Promise<{ text: string; chunks: number; ticksBetween: number }> {
  let ticks = 0;
  const timer = setInterval(() => ticks++, 1);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  let chunks = 0;
  let ticksBetween = 0;
  for (;;) {
    const before = ticks;
    const { value, done } = await reader.read();
    if (done) break;
    if (chunks > 0 && ticks > before) ticksBetween++;
    chunks++;
    text += decoder.decode(value, { stream: true });
  }
  clearInterval(timer);
  return { text, chunks, ticksBetween };
}

test("4,000 meals: JSON and CSV come in many pieces with timers running between them; the JSON verifies and imports", async () => {
  const t = makeApp();
  const u = await registerUser(t.call);
  const auth = { token: u.access_token };
  const food = (
    await t.call("POST", "/api/v1/foods", { ...auth, body: { name: "Oats", nutrients: { energy_kcal: 380 } } })
  ).json;
  for (let batch = 0; batch < 8; batch++) {
    const mutations = Array.from({ length: 500 }, (_, i) => ({
      mutation_id: crypto.randomUUID(),
      entity: "meal",
      id: crypto.randomUUID(),
      op: "upsert",
      base_version: null,
      data: {
        food_id: i % 2 ? 9040 : food.id,
        quantity: 50 + i,
        meal_type: "snack",
        date: `2026-0${1 + (batch % 9)}-1${i % 10}`,
      },
    }));
    expect((await t.call("POST", "/api/v1/sync/push", { ...auth, body: { mutations } })).status).toBe(200);
  }
  await t.call("DELETE", `/api/v1/foods/${food.id}`, auth); // exported as a deleted food, from its first meal
  const json = await pieces(
    await (await t.started()).handle(
      new Request("http://localhost/api/v1/export?format=json", {
        headers: { authorization: `Bearer ${u.access_token}` },
      }),
    ),
  );
  expect(json.chunks).toBeGreaterThan(10);
  expect(json.ticksBetween).toBeGreaterThan(0);
  const doc = JSON.parse(json.text);
  expect(Object.keys(doc)).toEqual([
    "format",
    "version",
    "exported_at",
    "profile",
    "goals",
    "target_profile",
    "targets",
    "custom_foods",
    "recipes",
    "meals",
    "weights",
    "days",
    "saved_meals",
    "exercises",
    "daily_values",
    "activity_settings",
    "checksum",
  ]);
  expect(doc.meals.length).toBe(4000);
  expect(doc.custom_foods.map((f: { id: number; deleted?: boolean }) => [f.id, f.deleted])).toEqual([[food.id, true]]);
  const { checksum, ...content } = doc;
  expect(checksum).toBe(`sha256:${new Bun.CryptoHasher("sha256").update(JSON.stringify(content)).digest("hex")}`);
  const other = await registerUser(t.call);
  const back = await t.call("POST", "/api/v1/import", {
    token: other.access_token,
    body: {
      ...doc,
      meals: doc.meals.map((m: { id: string }) => ({ ...m, id: crypto.randomUUID() })),
      checksum: undefined,
    },
  });
  expect(back.json.meals).toEqual({ added: 4000, unchanged: 0 });

  const csv = await pieces(
    await (await t.started()).handle(
      new Request("http://localhost/api/v1/export?format=csv", {
        headers: { authorization: `Bearer ${u.access_token}` },
      }),
    ),
  );
  expect(csv.chunks).toBeGreaterThan(4);
  expect(csv.text.split("\r\n").length).toBe(4000 + 2); // the header, 4,000 rows, the closing line break
}, 120_000);
