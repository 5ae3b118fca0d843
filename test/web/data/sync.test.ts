/**
 * The web app's sync (web/src/sync/) between the browser's store and a real server on port 0: local writes
 * (records/) pushed and pulled to a second device, a custom food made offline renamed to the server's id with the
 * meal logged on it, the offline queue sent once when the server is back, a conflict settled, and a refusal kept.
 */
import { browser, goOffline, otherBrowser, sent, serveFrom } from "./browser-env";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { fetchFood } from "../../../web/src/foods";
import { OwnFoods } from "../../../web/src/own-foods";
import { fromFood } from "../../../web/src/records";
import type { FoodRec, Meal } from "../../../web/src/store";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startProcess } from "../../servers";
import { device, signIn } from "./device";

/** Today where the accounts live (UTC): a meal's date and its eaten_at agree, as the app writes them. */
const DAY = new Date().toISOString().slice(0, 10);
let server: Awaited<ReturnType<typeof startProcess>>;
let token: string;
let userId: number;
let banana: FoodRec;
let accounts = 0;

browser();
const dir = mkdtempSync(join(tmpdir(), "morsel-web-sync-"));
beforeAll(async () => {
  server = await startProcess(dir);
});
afterAll(async () => {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** The server's answer to `method` /api/v1{path} (with this test's account once it has one), read as JSON. */
async function ask(method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}/api/v1${path}`, {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: res.status === 204 ? null : await res.json() };
}

// a fresh account each test, signed in on this page, with a catalogue food read as the app reads it
beforeEach(async () => {
  token = "";
  const name = `sync${++accounts}`;
  const reg = await ask("POST", "/register", { email: `${name}@example.org`, password: `${name} test pass`, name });
  expect(reg.status).toBe(201);
  const u = reg.json as { access_token: string; refresh_token: string; user: { id: number } };
  token = u.access_token;
  userId = u.user.id;
  signIn({ access_token: u.access_token, refresh_token: u.refresh_token, user: { ...u.user, timezone: "UTC" } });
  serveFrom(server.url);
  const found = await ask("GET", "/foods/search?q=banana%20raw&limit=1");
  const id = (found.json as { items: { id: number }[] }).items[0]!.id;
  banana = fromFood(await fetchFood(id), null);
});

/** The server's answer to GET /api/v1{path} for this test's account. */
const server_ = (path: string) => ask("GET", path);

const logBanana = (local: Awaited<ReturnType<typeof device>>["local"], quantity: number, eatenAt: string) =>
  local.logMeal({ food: banana, quantity, portion: null, mealType: "lunch", date: DAY, today: true, eatenAt });

describe("sync with a real server", () => {
  test("a meal logged on one device is pushed, pulled by another, and its delete comes back", async () => {
    const a = await device(userId);
    const meal = await logBanana(a.local, 150, `${DAY}T12:00:00Z`);
    await a.sync.run();
    expect(a.sync.state).toMatchObject({ online: true, pulled: true, pending: 0, conflicts: 0, error: null });
    const pushed = (await a.db.get("meals", meal.id))!;
    expect(pushed.version).toBeGreaterThan(0);
    const there = await server_(`/meals/${meal.id}`);
    expect(there.status).toBe(200);
    expect(there.json).toMatchObject({ id: meal.id, food: { id: banana.id }, quantity: 150, grams: 150 });

    otherBrowser();
    const b = await device(userId);
    await b.sync.run();
    const pulled = (await b.db.get("meals", meal.id))!;
    expect(pulled).toMatchObject({ id: meal.id, quantity: 150, version: pushed.version });
    expect(pulled.nutrients.energy_kcal).toBe(meal.nutrients.energy_kcal); // the server's arithmetic, offline too

    await b.local.deleteMeal(pulled);
    await b.sync.run();
    expect((await server_(`/meals/${meal.id}`)).status).toBe(404);
    await a.sync.run();
    expect(await a.db.get("meals", meal.id)).toBeUndefined();
  });

  test("an edit made on a view rendered before the push builds on the version that push made: no conflict", async () => {
    const a = await device(userId);
    const meal = await logBanana(a.local, 100, `${DAY}T12:00:00Z`);
    await a.sync.run();
    // `meal` is the record as the view had it before the server answered (version null)
    await a.local.editMeal(meal, banana, { quantity: 200, portion: null, mealType: "lunch" });
    await a.sync.run();
    expect(a.sync.state.conflicts).toBe(0);
    expect((await server_(`/meals/${meal.id}`)).json).toMatchObject({ quantity: 200 });
  });

  test("offline, writes queue; back online, they go in one push, once", async () => {
    goOffline();
    const a = await device(userId);
    const first = await logBanana(a.local, 100, `${DAY}T08:00:00Z`);
    const second = await logBanana(a.local, 50, `${DAY}T16:00:00Z`);
    await a.local.saveWeight(DAY, 71.2, null);
    await a.sync.run();
    expect(a.sync.state).toMatchObject({ online: false, pending: 3 });
    expect(await a.db.get("meals", first.id)).toBeDefined(); // shown while offline

    serveFrom(server.url);
    await a.sync.run();
    expect(a.sync.state).toMatchObject({ online: true, pending: 0 });
    expect(sent.pushes).toBe(1);
    await a.sync.run(); // nothing waits: nothing is sent again
    expect(sent.pushes).toBe(1);
    const day = (await server_(`/meals/daily?date=${DAY}`)).json as { meals: { id: string }[] };
    expect(day.meals.map((m) => m.id)).toEqual([first.id, second.id]);
    expect((await server_(`/weights/${DAY}`)).json).toMatchObject({ date: DAY, kg: 71.2 });
  });

  test("a custom food made offline gets the server's id, and so does the meal logged on it before then", async () => {
    goOffline();
    const a = await device(userId);
    const own = new OwnFoods(a.sync);
    const food = await own.createFood({
      name: "Gran's flapjack",
      brand: null,
      barcode: null,
      per100g: { energy_kcal: 450, protein_g: 6, fat_g: 20, carbohydrate_g: 60 },
      portions: [{ name: "square", grams: 40 }],
    });
    expect(food.id).toBeLessThan(0);
    const meal = await a.local.logMeal({
      food,
      quantity: 2,
      portion: food.portions[0]!,
      mealType: "snack",
      date: DAY,
      today: true,
      eatenAt: `${DAY}T15:00:00Z`,
    });
    expect(meal.nutrients.energy_kcal).toBe(360);
    // what the day shows each time sync says records changed (views re-read then): the food goes alone first
    const shown: (number | undefined)[] = [];
    a.sync.onData = () => void a.db.get("meals", meal.id).then((m) => shown.push(m?.food?.id));

    serveFrom(server.url);
    await a.sync.run();
    expect(a.sync.state).toMatchObject({ pending: 0, problems: 0, conflicts: 0 });
    expect(await a.db.get("foods", food.id)).toBeUndefined();
    const renamed = (await a.db.get("meals", meal.id))!;
    expect(renamed.food!.id).toBeGreaterThan(0);
    const kept = (await a.db.get("foods", renamed.food!.id))!;
    expect(kept).toMatchObject({ name: "Gran's flapjack", custom: true });
    expect(renamed.portion!.id).toBe(kept.portions[0]!.id);
    // between the food's push and the meal's, the waiting meal already names the real food
    expect(shown[0]).toBe(renamed.food!.id);
    const there = (await server_(`/meals/${meal.id}`)).json as Meal;
    expect(there).toMatchObject({ food: { id: renamed.food!.id }, portion: { id: kept.portions[0]!.id }, grams: 80 });
    expect(there.nutrients.energy_kcal).toBe(360);
  });

  test("edits of one meal on two devices: the later one is a conflict kept for the person, then theirs or mine", async () => {
    const a = await device(userId);
    const meal = await logBanana(a.local, 100, `${DAY}T12:00:00Z`);
    await a.sync.run();
    otherBrowser();
    const b = await device(userId);
    await b.sync.run();

    await b.local.editMeal((await b.db.get("meals", meal.id))!, banana, {
      quantity: 120,
      portion: null,
      mealType: "lunch",
    });
    await b.sync.run();
    await a.local.editMeal((await a.db.get("meals", meal.id))!, banana, {
      quantity: 300,
      portion: null,
      mealType: "lunch",
      note: "a big one",
    });
    await a.sync.run();
    expect(a.sync.state).toMatchObject({ conflicts: 1, pending: 0 });
    const [conflict] = await a.db.getAll("conflicts");
    expect(conflict).toMatchObject({ entity: "meal", id: meal.id, label: banana.name });
    expect(conflict!.mine).toMatchObject({ quantity: 300 });
    expect(conflict!.theirs).toMatchObject({ quantity: 120 });
    // a pull does not overwrite a record the person still has to decide on
    expect(await a.db.get("meals", meal.id)).toMatchObject({ quantity: 300 });

    await a.local.resolve(conflict!, "mine");
    await a.sync.run();
    expect(a.sync.state).toMatchObject({ conflicts: 0, pending: 0 });
    expect((await server_(`/meals/${meal.id}`)).json).toMatchObject({ quantity: 300, note: "a big one" });
    await b.sync.run();
    expect(await b.db.get("meals", meal.id)).toMatchObject({ quantity: 300, note: "a big one" });
  });

  test("a change the server refuses is kept as a problem with its reason, and the record goes back to the server's", async () => {
    const a = await device(userId);
    await a.local.saveWeight(DAY, 5000, null);
    await a.sync.run();
    expect(a.sync.state).toMatchObject({ pending: 0, problems: 1 });
    const [problem] = await a.db.getAll("problems");
    expect(problem!.text).toStartWith(`The weigh-in of ${DAY} was not saved: `);
    expect(await a.db.get("weights", DAY)).toBeUndefined();
    expect((await server_(`/weights/${DAY}`)).status).toBe(404);
  });
});
