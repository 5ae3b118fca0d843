/**
 * One meal validator, three ways in. Every invalid meal is sent through POST /meals,
 * through a sync push (as a create, beside a valid mutation that must still apply) and through
 * POST /import (as a meal of an export), and must be refused on all three with the same field and
 * code, storing nothing.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { expectError, makeApp, registerUser } from "../helpers";

const t = makeApp();
const { call } = t;
let ana: Awaited<ReturnType<typeof registerUser>>;
let bobFood: number;
let template: Record<string, unknown>; // a valid exported meal of Ana's
const BANANA = 9040;
let BANANA_PORTION = 0;

beforeAll(async () => {
  ana = await registerUser(call);
  BANANA_PORTION = (await call("GET", `/api/v1/foods/${BANANA}`)).json.default_portion.id;
  const bob = await registerUser(call);
  bobFood = (
    await call("POST", "/api/v1/foods", {
      token: bob.access_token,
      body: { name: "Bob's granola", nutrients: { energy_kcal: 450 } },
    })
  ).json.id;
  const logged = await call("POST", "/api/v1/meals", {
    token: ana.access_token,
    body: { food_id: BANANA, quantity: 1, portion_id: BANANA_PORTION, meal_type: "dinner" },
  });
  expect(logged.status).toBe(201);
  template = (await call("GET", "/api/v1/export?format=json", { token: ana.access_token })).json.meals[0];
  await call("DELETE", `/api/v1/meals/${logged.json.id}`, { token: ana.access_token });
});

const valid = { food_id: BANANA, quantity: 120, meal_type: "lunch" };

interface Case {
  name: string;
  /** The POST /meals body (also the sync create's data). */
  meal: () => Record<string, unknown>;
  /** The same mistake in an exported meal. */
  exported: (m: Record<string, unknown>) => void;
  field: string;
  code: "validation_failed" | "food_not_found";
}

const without = (o: Record<string, unknown>, k: string) =>
  Object.fromEntries(Object.entries(o).filter(([key]) => key !== k));

const cases: Case[] = [
  {
    name: "no meal_type",
    meal: () => without(valid, "meal_type"),
    exported: (m) => delete m.meal_type,
    field: "meal_type",
    code: "validation_failed",
  },
  {
    name: "meal_type brunch",
    meal: () => ({ ...valid, meal_type: "brunch" }),
    exported: (m) => (m.meal_type = "brunch"),
    field: "meal_type",
    code: "validation_failed",
  },
  {
    name: "meal_type <script>",
    meal: () => ({ ...valid, meal_type: "<script>" }),
    exported: (m) => (m.meal_type = "<script>"),
    field: "meal_type",
    code: "validation_failed",
  },
  {
    name: "quantity 0",
    meal: () => ({ ...valid, quantity: 0 }),
    exported: (m) => (m.quantity = 0),
    field: "quantity",
    code: "validation_failed",
  },
  {
    name: "quantity 5e-324 (rounds to 0 g)",
    meal: () => ({ ...valid, quantity: 5e-324 }),
    exported: (m) => ((m.quantity = 5e-324), (m.portion = null)),
    field: "quantity",
    code: "validation_failed",
  },
  {
    name: "quantity as a string",
    meal: () => ({ ...valid, quantity: "150" }),
    exported: (m) => (m.quantity = "150"),
    field: "quantity",
    code: "validation_failed",
  },
  {
    name: "quantity over 5000 g",
    meal: () => ({ ...valid, quantity: 5001 }),
    exported: (m) => ((m.quantity = 5001), (m.portion = null)),
    field: "quantity",
    code: "validation_failed",
  },
  {
    name: "over 100 portions",
    meal: () => ({ ...valid, quantity: 101, portion_id: BANANA_PORTION }),
    exported: (m) => (m.quantity = 101),
    field: "quantity",
    code: "validation_failed",
  },
  {
    name: "a food that does not exist",
    meal: () => ({ ...valid, food_id: 99_999 }),
    exported: (m) => (m.food_id = 99_999),
    field: "food_id",
    code: "food_not_found",
  },
  {
    name: "another user's custom food",
    meal: () => ({ ...valid, food_id: bobFood }),
    exported: (m) => (m.food_id = bobFood),
    field: "food_id",
    code: "food_not_found",
  },
  {
    name: "a made-up portion",
    meal: () => ({ ...valid, quantity: 1, portion_id: 1 }),
    exported: (m) => (m.portion = { id: 1, name: "made up", grams: 50 }),
    field: "portion",
    code: "validation_failed",
  },
  {
    name: "30 February",
    meal: () => ({ ...valid, date: "2026-02-30" }),
    exported: (m) => (m.date = "2026-02-30"),
    field: "date",
    code: "validation_failed",
  },
  {
    name: "eaten_at as free text",
    meal: () => ({ ...valid, eaten_at: "yesterday at noon" }),
    exported: (m) => (m.eaten_at = "yesterday at noon"),
    field: "eaten_at",
    code: "validation_failed",
  },
  {
    name: "a 501-character note",
    meal: () => ({ ...valid, note: "x".repeat(501) }),
    exported: (m) => (m.note = "x".repeat(501)),
    field: "note",
    code: "validation_failed",
  },
];

/** REST names the portion by portion_id; an export by a portion object. */
const restField = (c: Case) => (c.field === "portion" ? "portion_id" : c.field);

async function anaMealCount(): Promise<number> {
  const json = (await call("GET", "/api/v1/export?format=json", { token: ana.access_token })).json;
  return json.meals.length;
}

describe.each(cases)("$name", (c) => {
  test("REST: refused with the field named", async () => {
    const r = await call("POST", "/api/v1/meals", { token: ana.access_token, body: c.meal() });
    const err = expectError(r, c.code === "food_not_found" ? 404 : 400, c.code);
    if (c.code === "validation_failed") expect(err.details?.map((d) => d.field)).toContain(restField(c));
  });

  test("sync push: rejected with the same code and field; the valid mutation beside it applies", async () => {
    const bad = {
      mutation_id: crypto.randomUUID(),
      entity: "meal",
      id: crypto.randomUUID(),
      op: "upsert",
      base_version: null,
      data: c.meal(),
    };
    const good = {
      mutation_id: crypto.randomUUID(),
      entity: "meal",
      id: crypto.randomUUID(),
      op: "upsert",
      base_version: null,
      data: valid,
    };
    const r = await call("POST", "/api/v1/sync/push", { token: ana.access_token, body: { mutations: [bad, good] } });
    expect(r.status).toBe(200);
    const [rb, rg] = r.json.results;
    expect(rb.status).toBe("rejected");
    expect(rb.error.code).toBe(c.code);
    if (c.code === "validation_failed")
      expect(rb.error.details.map((d: { field: string }) => d.field)).toContain(restField(c));
    expect(rg.status).toBe("applied");
    expect((await call("GET", `/api/v1/meals/${bad.id}`, { token: ana.access_token })).status).toBe(404);
  });

  test("import: 400 naming meals.0 and the field; nothing imported", async () => {
    const before = await anaMealCount();
    const meal = structuredClone(template);
    meal.id = crypto.randomUUID();
    c.exported(meal);
    const doc = { format: "morsel-export", version: 1, profile: {}, goals: {}, custom_foods: [], meals: [meal] };
    const r = await call("POST", "/api/v1/import", { token: ana.access_token, body: doc });
    const err = expectError(r, 400, "validation_failed");
    const detail = err.details?.find((d) => d.field === `meals.0.${c.field}`);
    expect(detail).toBeDefined();
    if (c.code === "food_not_found") expect((detail as { code?: string }).code).toBe("food_not_found");
    expect(await anaMealCount()).toBe(before);
  });
});

test("import refuses free text as created_at", async () => {
  const meal = { ...structuredClone(template), id: crypto.randomUUID(), created_at: "last Tuesday" };
  const r = await call("POST", "/api/v1/import", {
    token: ana.access_token,
    body: { format: "morsel-export", version: 1, custom_foods: [], meals: [meal] },
  });
  expect(expectError(r, 400, "validation_failed").details?.map((d) => d.field)).toContain("meals.0.created_at");
});

test("the template itself imports (the cases above fail for their one mistake only)", async () => {
  const meal = { ...structuredClone(template), id: crypto.randomUUID() };
  const r = await call("POST", "/api/v1/import", {
    token: ana.access_token,
    body: { format: "morsel-export", version: 1, custom_foods: [], meals: [meal] },
  });
  expect(r.status).toBe(200);
  expect(r.json.meals.added).toBe(1);
});

test("a sync create without meal_type never gives a 500 nor rolls back its neighbour", async () => {
  const good = {
    mutation_id: crypto.randomUUID(),
    entity: "meal",
    id: crypto.randomUUID(),
    op: "upsert",
    base_version: null,
    data: valid,
  };
  const bad = {
    mutation_id: crypto.randomUUID(),
    entity: "meal",
    id: crypto.randomUUID(),
    op: "upsert",
    base_version: null,
    data: { food_id: BANANA, quantity: 100 },
  };
  const r = await call("POST", "/api/v1/sync/push", { token: ana.access_token, body: { mutations: [good, bad] } });
  expect(r.status).toBe(200);
  expect(r.json.results.map((x: { status: string }) => x.status)).toEqual(["applied", "rejected"]);
  expect((await call("GET", `/api/v1/meals/${good.id}`, { token: ana.access_token })).json.meal_type).toBe("lunch");
});

describe("PATCH changes only what it is given", () => {
  test.each([{ note: "x" }, { quantity: 50 }, {}, { date: "2026-11-20" }])(
    "a dinner patched with %j stays a dinner",
    async (patch) => {
      const m = (
        await call("POST", "/api/v1/meals", {
          token: ana.access_token,
          body: { ...valid, meal_type: "dinner", note: "keep" },
        })
      ).json;
      const r = await call("PATCH", `/api/v1/meals/${m.id}`, { token: ana.access_token, body: patch });
      expect(r.status).toBe(200);
      expect(r.json.meal_type).toBe("dinner");
      if (!("note" in patch)) expect(r.json.note).toBe("keep");
      if (!("quantity" in patch)) expect(r.json.quantity).toBe(120);
      expect((await call("GET", `/api/v1/meals/${m.id}`, { token: ana.access_token })).json.meal_type).toBe("dinner");
    },
  );

  test("a sync update of only the note leaves the meal type", async () => {
    const m = (
      await call("POST", "/api/v1/meals", { token: ana.access_token, body: { ...valid, meal_type: "dinner" } })
    ).json;
    const version = (
      await call("GET", "/api/v1/sync/changes?limit=1000", { token: ana.access_token })
    ).json.changes.find((c: { id: string }) => c.id === m.id).version;
    const r = await call("POST", "/api/v1/sync/push", {
      token: ana.access_token,
      body: {
        mutations: [
          {
            mutation_id: crypto.randomUUID(),
            entity: "meal",
            id: m.id,
            op: "upsert",
            base_version: version,
            data: { note: "later" },
          },
        ],
      },
    });
    expect(r.json.results[0].status).toBe("applied");
    expect(r.json.results[0].current.meal_type).toBe("dinner");
  });
});

describe("bodies that try to get around the schema", () => {
  const raw = (json: string) => ({ token: ana.access_token, raw: json });

  test("__proto__ and constructor keys never supply a field", async () => {
    const body = `{"food_id": ${BANANA}, "quantity": 100, "__proto__": {"meal_type": "lunch"}, "constructor": {"prototype": {"meal_type": "lunch"}}}`;
    expect(
      expectError(await call("POST", "/api/v1/meals", raw(body)), 400, "validation_failed").details?.map(
        (d) => d.field,
      ),
    ).toContain("meal_type");
    const push = `{"mutations": [{"mutation_id": "${crypto.randomUUID()}", "entity": "meal", "id": "${crypto.randomUUID()}", "op": "upsert", "base_version": null, "data": ${body}}]}`;
    const r = await call("POST", "/api/v1/sync/push", raw(push));
    expect(r.json.results[0].status).toBe("rejected");
    expect(r.json.results[0].error.details.map((d: { field: string }) => d.field)).toContain("meal_type");
  });

  test("200,000-deep JSON is a 400 on every JSON route, and the server still answers", async () => {
    const deep = `{"food_id": ${BANANA}, "quantity": 100, "meal_type": "lunch", "note": ${"[".repeat(200_000)}${"]".repeat(200_000)}}`;
    for (const path of ["/api/v1/meals", "/api/v1/import", "/api/v1/sync/push"]) {
      const err = expectError(await call("POST", path, raw(deep)), 400, "validation_failed");
      expect(err.message).toContain("levels");
    }
    expect((await call("GET", "/healthz")).status).toBe(200);
  });

  test("33 levels is refused and 32 accepted (the cap is exact)", async () => {
    const nest = (n: number) => `${"[".repeat(n - 1)}${"]".repeat(n - 1)}`;
    // the body object is level 1, so a note of n-1 nested arrays makes n levels
    const body = (n: number) => `{"food_id": ${BANANA}, "quantity": 100, "meal_type": "lunch", "note": ${nest(n)}}`;
    expect(expectError(await call("POST", "/api/v1/meals", raw(body(33))), 400, "validation_failed").message).toContain(
      "levels",
    );
    // 32 levels passes the parser and fails only the note's type
    const err = expectError(await call("POST", "/api/v1/meals", raw(body(32))), 400, "validation_failed");
    expect(err.details?.map((d) => d.field)).toEqual(["note"]);
  });
});
