/**
 * Weights, recipes, goals, the targets profile and targets: one validator each, three ways in. A bad record is refused with the
 * same field through REST, a sync push (rejected, beside a valid mutation that still applies) and
 * an import (400 naming where it sits in the file), and nothing is stored.
 */
import { expect, test } from "bun:test";
import { makeApp, registerUser } from "../helpers";

const t = makeApp();
t.clock.set("2026-11-22T12:00:00Z");
const u = await registerUser(t.call);
const api = (method: string, path: string, body?: unknown) =>
  t.call(method, `/api/v1${path}`, { token: u.access_token, body });
const base = (await api("GET", "/export")).json;
const { checksum: _c, ...file } = base;

interface Case {
  name: string;
  rest: () => Promise<{ status: number; json: { error: { details?: { field: string }[] } } }>;
  mutation: Record<string, unknown>;
  inFile: Record<string, unknown>;
  field: string;
  fileField: string;
}

const one = [{ food_id: 9040, quantity: 100 }];
const cases: Case[] = [
  {
    name: "a weight under 20 kg",
    rest: () => api("PUT", "/weights/2026-11-20", { kg: 12 }),
    mutation: { entity: "weight", id: "2026-11-20", data: { kg: 12 } },
    inFile: { weights: [{ date: "2026-11-20", kg: 12, note: null }] },
    field: "kg",
    fileField: "weights.0.kg",
  },
  {
    name: "a weight in the future",
    rest: () => api("PUT", "/weights/2026-12-20", { kg: 70 }),
    mutation: { entity: "weight", id: "2026-12-20", data: { kg: 70 } },
    inFile: { weights: [{ date: "2026-12-20", kg: 70, note: null }] },
    field: "date",
    fileField: "weights.0.date",
  },
  {
    name: "a recipe with zero servings",
    rest: () => api("POST", "/recipes", { name: "R", servings: 0, ingredients: one }),
    mutation: { entity: "recipe", id: null, data: { name: "R", servings: 0, ingredients: one } },
    inFile: {
      recipes: [
        {
          id: 1_000_500,
          name: "R",
          brand: null,
          servings: 0,
          cooked_grams: null,
          ingredients: [
            {
              food_id: 9040,
              food_name: "Bananas, raw",
              quantity: 100,
              portion: null,
              grams: 100,
              per_100g: { energy_kcal: 89 },
            },
          ],
          portions: [],
        },
      ],
    },
    field: "servings",
    fileField: "recipes.0.servings",
  },
  {
    name: "goals for a day that is not a weekday",
    rest: () => api("PUT", "/goals", { energy_kcal: 2000, weekdays: { caturday: { energy_kcal: 1 } } }),
    mutation: { entity: "goals", id: "goals", data: { energy_kcal: 2000, weekdays: { caturday: { energy_kcal: 1 } } } },
    inFile: {
      goals: {
        ...base.goals,
        schedule: [
          {
            from: null,
            energy_kcal: 2000,
            protein_g: null,
            fat_g: null,
            carbohydrate_g: null,
            weekdays: { caturday: { energy_kcal: 1 } },
          },
        ],
      },
    },
    field: "weekdays.caturday",
    fileField: "goals.schedule.0.weekdays.caturday",
  },
  {
    name: "a profile born in the future",
    rest: () => api("PUT", "/targets/profile", { sex: "female", birth_year: 2030 }),
    mutation: { entity: "target_profile", id: "target_profile", data: { sex: "female", birth_year: 2030 } },
    inFile: { target_profile: { ...base.target_profile, birth_year: 2030 } },
    field: "birth_year",
    fileField: "target_profile.birth_year",
  },
  {
    name: "a nutrient target below zero",
    rest: () => api("PUT", "/targets", { nutrients: { iron_mg: { minimum: -1 } } }),
    mutation: { entity: "targets", id: "targets", data: { nutrients: { iron_mg: { minimum: -1 } } } },
    inFile: { targets: { ...base.targets, nutrients: { iron_mg: { minimum: -1, maximum: null } } } },
    field: "nutrients.iron_mg.minimum",
    fileField: "targets.nutrients.iron_mg.minimum",
  },
];

test.each(cases.map((c) => [c.name, c] as const))(
  "%s: the same refusal through REST, sync push and import; nothing stored",
  async (_name, c) => {
    const before = (await api("GET", "/sync/changes")).json.changes.length;
    const rest = await c.rest();
    expect(rest.status).toBe(400);
    expect(rest.json.error.details?.[0]?.field).toBe(c.field);

    const good = {
      mutation_id: crypto.randomUUID(),
      entity: "meal",
      id: crypto.randomUUID(),
      op: "upsert",
      base_version: null,
      data: { food_id: 9040, quantity: 50, meal_type: "snack" },
    };
    const push = await api("POST", "/sync/push", {
      mutations: [{ mutation_id: crypto.randomUUID(), op: "upsert", base_version: null, ...c.mutation }, good],
    });
    expect(push.json.results.map((r: { status: string }) => r.status)).toEqual(["rejected", "applied"]);
    expect(push.json.results[0].error.details[0].field).toBe(c.field);

    const imp = await api("POST", "/import", { ...file, ...c.inFile });
    expect(imp.status).toBe(400);
    expect(imp.json.error.details.map((d: { field: string }) => d.field)).toContain(c.fileField);

    const after = (await api("GET", "/sync/changes")).json.changes;
    expect(after.length).toBe(before + 1); // only the valid meal
    expect(after.some((x: { entity: string }) => x.entity !== "meal")).toBe(false);
  },
);
