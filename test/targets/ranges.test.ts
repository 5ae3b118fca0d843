/**
 * Ranges that cannot be met are refused on every write path (PUT /targets, sync push, import), naming the field
 * and the other bound; and GET /report/day says the same status as the day view's bars (assess.ts, one rule).
 */
import { describe, expect, test } from "bun:test";
import { expectError, makeApp, registerUser } from "../helpers";

const t = makeApp();
t.clock.set("2026-11-24T18:00:00Z");

async function user() {
  const u = await registerUser(t.call, { timezone: "UTC" });
  const auth = { token: u.access_token };
  return {
    api: (method: string, path: string, body?: unknown) => t.call(method, `/api/v1${path}`, { ...auth, body }),
    push: (mutations: object[]) => t.call("POST", "/api/v1/sync/push", { ...auth, body: { mutations } }),
  };
}
const push = (data: unknown) => ({
  mutation_id: crypto.randomUUID(),
  entity: "targets",
  id: "targets",
  op: "upsert",
  base_version: null,
  data,
});

describe("impossible ranges", () => {
  const cases: [unknown, string, string][] = [
    // an own minimum above the default upper limit (zinc's UL is 40 mg for adults)
    [
      { nutrients: { zinc_mg: { minimum: 50 } } },
      "nutrients.zinc_mg.minimum",
      "zinc_mg.minimum 50 is above its upper limit 40 mg (UL); lower it or set a maximum",
    ],
    // an own maximum below the default minimum (sodium's AI is 1500 mg)
    [
      { nutrients: { sodium_mg: { maximum: 300 } } },
      "nutrients.sodium_mg.maximum",
      "sodium_mg.maximum 300 is below its minimum 1500 mg (AI); raise it or set a minimum",
    ],
    // both own
    [
      { nutrients: { iron_mg: { minimum: 20, maximum: 10 } } },
      "nutrients.iron_mg.minimum",
      "iron_mg.minimum 20 is above its maximum 10 mg; lower the minimum or raise the maximum",
    ],
  ];

  test("PUT /targets: 400 naming the field and the other bound; nothing saved", async () => {
    const u = await user();
    for (const [body, field, message] of cases) {
      const e = expectError(await u.api("PUT", "/targets", body), 400, "validation_failed");
      expect(e.details).toContainEqual({ field, message });
    }
    expect((await u.api("GET", "/targets")).json.settings.nutrients).toEqual({});
    // meetable ones pass: a maximum below the default minimum together with an own minimum under it
    const ok = await u.api("PUT", "/targets", { nutrients: { sodium_mg: { minimum: 200, maximum: 300 } } });
    expect(ok.status).toBe(200);
    // a supplements-only UL is no bound on food: magnesium's minimum above its UL of 350 is fine
    expect((await u.api("PUT", "/targets", { nutrients: { magnesium_mg: { minimum: 420 } } })).status).toBe(200);
  });

  test("sync push is refused the same way", async () => {
    const u = await user();
    const r = await u.push(cases.map(([body]) => push(body)));
    for (const [i, [, field, message]] of cases.entries()) {
      expect(r.json.results[i].status).toBe("rejected");
      expect(r.json.results[i].error.details).toContainEqual({ field, message });
    }
  });

  test("import is refused the same way, against the profile the file brings", async () => {
    const u = await user();
    const exported = (await u.api("GET", "/export?format=json")).json;
    const { checksum: _c, ...doc } = exported;
    const e = expectError(
      await u.api("POST", "/import", { ...doc, targets: { nutrients: { zinc_mg: { minimum: 50 } } } }),
      400,
      "validation_failed",
    );
    expect(e.details).toContainEqual({
      field: "targets.nutrients.zinc_mg.minimum",
      message: "zinc_mg.minimum 50 is above its upper limit 40 mg (UL); lower it or set a maximum",
    });
    // a 14-year-old's zinc UL is 34 mg: the file's profile counts, not the stored one
    const teen = { sex: "female", birth_year: 2012, height_cm: null, activity: null, life_stage: null };
    const e2 = expectError(
      await u.api("POST", "/import", {
        ...doc,
        target_profile: teen,
        targets: { nutrients: { zinc_mg: { minimum: 36 } } },
      }),
      400,
      "validation_failed",
    );
    expect(e2.details?.[0]?.message).toContain("upper limit 34 mg");
    expect((await u.api("GET", "/targets")).json.settings.nutrients).toEqual({});
  });
});

describe("furthest below: only foods that give a meaningful amount, never spices or baby foods", () => {
  test("every suggestion gives at least 10 % of the target per 100 kcal; the catalogue's are everyday foods", async () => {
    const u = await user();
    // cinnamon (calcium, fibre, manganese per 100 kcal: lots) and a little of everything else
    for (const [food_id, quantity] of [
      [9003, 182], // apple
      [2010, 3], // cinnamon, ground
      [1123, 100], // egg
      [8120, 60], // oats
    ] as const) {
      const r = await u.api("POST", "/meals", { food_id, quantity, meal_type: "lunch", date: "2026-11-23" });
      expect(r.status).toBe(201);
    }
    const r = (await u.api("GET", "/report?from=2026-11-23&to=2026-11-23")).json;
    expect(r.furthest_below.length).toBe(3);
    let suggested = 0;
    for (const f of r.furthest_below)
      for (const s of f.richest) {
        expect(s.per_100kcal, `${s.name} for ${f.key}`).toBeGreaterThanOrEqual(0.1 * f.minimum);
        if (s.from === "catalogue") {
          const food = (await u.api("GET", `/foods/${s.food_id}`)).json;
          expect(["Spices and Herbs", "Baby Foods"], s.name).not.toContain(food.group?.name);
          expect(s.name).not.toMatch(/supplement|powder/i);
        }
        suggested++;
      }
    expect(suggested).toBeGreaterThan(0);
    // calcium pushed furthest below (an own minimum and maximum): cinnamon, which the person ate and which has
    // 1002 mg per 100 g, is "yours"; the catalogue never offers it
    await u.api("PUT", "/targets", { nutrients: { calcium_mg: { minimum: 2400, maximum: 2500 } } });
    const ca = (await u.api("GET", "/report?from=2026-11-23&to=2026-11-23")).json.furthest_below.find(
      (f: { key: string }) => f.key === "calcium_mg",
    );
    expect(ca).toBeDefined();
    expect(
      ca.richest.filter((s: { from: string }) => s.from === "catalogue").map((s: { food_id: number }) => s.food_id),
    ).not.toContain(2010);
    for (const s of ca.richest) expect(s.per_100kcal).toBeGreaterThanOrEqual(240);
  });
});
