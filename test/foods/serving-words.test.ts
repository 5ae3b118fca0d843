/**
 * Servings as people say them (issue 59 item 8, issue 58 "a serving the person sees is in their measures"): a
 * meal logged by a regional volume keeps the words it was said in (`measure`, "1 pint (568 ml)") beside the grams,
 * through a reload (GET), sync (push and changes), copies, export and import; a changed amount is said by its numbers.
 */
import { describe, expect, test } from "bun:test";
import { expectError, makeApp, signedIn } from "../helpers";

const app = makeApp();

async function british() {
  const u = await signedIn(app);
  expect((await u.api("PATCH", "/me", { region: "GB" })).status).toBe(200);
  return u;
}

/** The parsed pint of bitter, as quick entry logs it. */
async function pintOfBitter(u: Awaited<ReturnType<typeof british>>) {
  const r = await u.api("POST", "/foods/parse", { text: "a pint of bitter" });
  expect(r.status).toBe(200);
  const [item] = r.json.items;
  expect(item.serving.measure).toBe("1 pint (568 ml)");
  return item;
}

describe("a meal keeps the amount as it was said", () => {
  test("POST /meals with the parse's measure: stored, read back, copied, and cleared by a changed amount", async () => {
    const u = await british();
    const item = await pintOfBitter(u);
    const made = await u.api("POST", "/meals", {
      food_id: item.food.id,
      quantity: item.serving.quantity,
      meal_type: "dinner",
      measure: item.serving.measure,
    });
    expect(made.status).toBe(201);
    expect(made.json.measure).toBe("1 pint (568 ml)");
    expect(made.json.grams).toBeGreaterThan(560);
    const read = await u.api("GET", `/meals/${made.json.id}`);
    expect(read.json.measure).toBe("1 pint (568 ml)");
    const day = await u.api("GET", `/meals/daily?date=${made.json.date}`);
    expect(day.json.meals[0].measure).toBe("1 pint (568 ml)");

    const copied = await u.api("POST", "/meals/copy", { meal_ids: [made.json.id], to_date: "2026-01-02" });
    expect(copied.status).toBe(201);
    expect(copied.json.meals[0].measure).toBe("1 pint (568 ml)");

    // a note or a move keeps it; a new quantity is said by its numbers
    const moved = await u.api("PATCH", `/meals/${made.json.id}`, { note: "at the pub", meal_type: "snack" });
    expect(moved.json.measure).toBe("1 pint (568 ml)");
    const halved = await u.api("PATCH", `/meals/${made.json.id}`, { quantity: item.serving.quantity / 2 });
    expect(halved.json.measure).toBeNull();
    const said = await u.api("PATCH", `/meals/${made.json.id}`, { measure: "1/2 pint (284 ml)" });
    expect(said.json.measure).toBe("1/2 pint (284 ml)");
  });

  test("a meal without one reads measure null; a blank one is none; too long or on a quick add → 400 naming it", async () => {
    const u = await british();
    const plain = await u.api("POST", "/meals", { food_id: 9040, quantity: 118, meal_type: "breakfast" });
    expect(plain.json.measure).toBeNull();
    const blank = await u.api("POST", "/meals", { food_id: 9040, quantity: 118, meal_type: "breakfast", measure: " " });
    expect(blank.json.measure).toBeNull();
    const long = await u.api("POST", "/meals", {
      food_id: 9040,
      quantity: 118,
      meal_type: "breakfast",
      measure: "x".repeat(61),
    });
    expect(expectError(long, 400, "validation_failed").message).toContain("measure");
    const quick = await u.api("POST", "/meals", {
      quick_add: { energy_kcal: 200 },
      meal_type: "snack",
      measure: "1 pint (568 ml)",
    });
    expect(expectError(quick, 400, "validation_failed").details?.some((d) => d.field === "measure")).toBe(true);
  });

  test("a sync push carries it and the changes feed gives it back; export and import keep it", async () => {
    const u = await british();
    const item = await pintOfBitter(u);
    const id = crypto.randomUUID();
    const pushed = await u.api("POST", "/sync/push", {
      mutations: [
        {
          mutation_id: crypto.randomUUID(),
          entity: "meal",
          id,
          op: "upsert",
          base_version: null,
          data: {
            food_id: item.food.id,
            quantity: item.serving.quantity,
            meal_type: "dinner",
            measure: item.serving.measure,
          },
        },
      ],
    });
    expect(pushed.status).toBe(200);
    expect(pushed.json.results[0].current.measure).toBe("1 pint (568 ml)");
    const changes = await u.api("GET", "/sync/changes?cursor=");
    const change = changes.json.changes.find((c: { id: string }) => c.id === id);
    expect(change.data.measure).toBe("1 pint (568 ml)");

    const doc = (await u.api("GET", "/export?format=json")).json;
    expect(doc.meals.find((m: { id: string }) => m.id === id).measure).toBe("1 pint (568 ml)");
    // another account imports the file as a hand-made one (no checksum) with new meal ids: an id is its owner's
    const { checksum: _, ...unsigned } = doc;
    const meals = doc.meals.map((m: { id: string }) => ({ ...m, id: crypto.randomUUID() }));
    const other = await signedIn(app);
    expect((await other.api("POST", "/import", { ...unsigned, meals })).status).toBe(200);
    const back = await other.api("GET", `/meals/${meals.find((m: { measure?: string }) => m.measure).id}`);
    expect(back.json.measure).toBe("1 pint (568 ml)");
  });
});
