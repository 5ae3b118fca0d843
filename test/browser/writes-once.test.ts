/**
 * Every write the web app sends runs once per tap: a double tap on Copy from yesterday, Log, Quick add's
 * Add, Save food, Save recipe, Save weight and Save goals sends exactly one mutation (counted on the
 * way to /sync/push) and leaves exactly one record on the server. Copy from yesterday has Undo.
 */
import { expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { accessToken, answerFirstDay, apiGet, browserAndServer, logFood, synced } from "./harness";
import { seededPage } from "./seed";

const env = browserAndServer();

/** Upsert mutations pushed per entity, as the page sends them. */
function countPushes(page: Page): Record<string, number> {
  const n: Record<string, number> = {};
  page.on("request", (r) => {
    if (!r.url().endsWith("/api/v1/sync/push")) return;
    const body = JSON.parse(r.postData() ?? "{}") as { mutations?: { entity: string; op: string }[] };
    for (const m of body.mutations ?? []) if (m.op === "upsert") n[m.entity] = (n[m.entity] ?? 0) + 1;
  });
  return n;
}

test("a double tap on any write button writes once", async () => {
  const { page } = await seededPage(env.browser, env.srv.url, { answered: false });
  const token = await accessToken(page);
  // the first-day questions answered: a double tap's second tap lands on the day as a daily logger has it
  await answerFirstDay(page, env.srv.url);
  // the second tap of a double tap that changed the view is dropped; a single tap there is not (before: the
  // second tap of a double tap on Log could land on the day's controls, an entry's Delete, under the finger)
  const afterViewChange = (detail: number) =>
    page.evaluate((d) => {
      const g = globalThis as any;
      g.location.hash = "#/week";
      return new Promise<string>((done) =>
        g.addEventListener(
          "hashchange",
          () => {
            g.location.hash = "#/"; // back to the day, and at once a tap on its first Add food
            g.setTimeout(() => {
              const add = [...g.document.querySelectorAll("button")].find((b: any) =>
                b.textContent.includes("Add food"),
              );
              add.dispatchEvent(new g.MouseEvent("click", { bubbles: true, cancelable: true, detail: d }));
              g.setTimeout(() => done(g.location.hash), 50);
            }, 0);
          },
          { once: true },
        ),
      );
    }, detail);
  expect(await afterViewChange(2)).toBe("#/");
  expect(await afterViewChange(1)).not.toBe("#/");
  await page.goto(`${env.srv.url}/#/`);
  await page.getByRole("region", { name: "Breakfast" }).waitFor();
  const pushed = countPushes(page);
  const today = async () => (await apiGet(env.srv.url, token, "/meals/daily")).meals as { food: unknown }[];

  // Log: search, pick, double-tap Log
  await page.getByRole("region", { name: "Lunch" }).getByRole("button", { name: "Add food" }).click();
  await page.getByRole("searchbox", { name: "Search foods" }).fill("banana");
  await page.getByRole("listitem").filter({ hasText: "Bananas, raw" }).first().click();
  await page.getByRole("button", { name: "Log", exact: true }).dblclick();
  await page.getByRole("region", { name: "Totals" }).waitFor();
  await synced(page);
  expect(await today()).toHaveLength(1);

  // Quick add's Add
  const snack = page.getByRole("region", { name: "Snack" });
  await snack.getByRole("button", { name: "Quick add" }).click();
  await snack.getByRole("spinbutton", { name: "Calories (kcal)" }).fill("120");
  await snack.getByRole("button", { name: "Add", exact: true }).dblclick();
  await snack.getByRole("listitem").waitFor();
  await synced(page);
  expect(await today()).toHaveLength(2);
  expect(pushed.meal).toBe(2);

  // Copy from yesterday: yesterday's breakfast (one entry), copied with a double tap
  await page.getByRole("button", { name: "Previous day" }).click();
  await page.getByRole("heading", { level: 1, name: yesterdayTitle() }).waitFor();
  await logFood(page, { meal: "Breakfast", query: "banana", food: "Bananas, raw" });
  await page.getByRole("heading", { level: 1, name: yesterdayTitle() }).waitFor();
  // yesterday's breakfast is on the day (and sent) before today copies it
  await page.getByRole("region", { name: "Breakfast" }).getByRole("listitem").first().waitFor();
  await synced(page);
  await page.getByRole("button", { name: "Next day" }).click();
  await page.getByRole("heading", { level: 1, name: "Today" }).waitFor();
  const breakfast = page.getByRole("region", { name: "Breakfast" });
  await breakfast.getByRole("button", { name: "Copy from yesterday" }).dblclick();
  await breakfast.getByRole("listitem").first().waitFor();
  await synced(page);
  expect(await breakfast.getByRole("listitem").count()).toBe(1);
  expect(await today()).toHaveLength(3);
  // … and it is undone like any other write
  await page.getByRole("button", { name: "Undo" }).click();
  await synced(page);
  expect(await breakfast.getByRole("listitem").count()).toBe(0);
  expect(await today()).toHaveLength(2);

  // Save food
  await page.getByRole("link", { name: "Foods" }).click();
  await page.getByRole("button", { name: "New food" }).click();
  await page.getByRole("textbox", { name: "Name" }).fill("Oat bar once");
  await page.getByRole("spinbutton", { name: "Energy (kcal)" }).fill("400");
  await page.getByRole("button", { name: "Save food" }).dblclick();
  await page.getByRole("heading", { level: 1, name: "Your foods" }).waitFor();
  await synced(page);
  const found = await apiGet(env.srv.url, token, "/foods/search?q=oat%20bar%20once");
  expect(found.items.filter((f: { name: string }) => f.name === "Oat bar once")).toHaveLength(1);
  expect(pushed.food).toBe(1);

  // Save recipe
  await page.getByRole("button", { name: "New recipe" }).click();
  await page.getByRole("textbox", { name: "Recipe name" }).fill("Banana oats");
  await page.getByRole("searchbox", { name: "Search ingredients" }).fill("banana");
  await page.getByRole("list", { name: "Ingredient results" }).getByRole("listitem").first().click();
  await page.getByRole("button", { name: "Add ingredient" }).click();
  await page.getByRole("button", { name: "Save recipe" }).dblclick();
  await page.getByRole("heading", { level: 1, name: "Your foods" }).waitFor();
  await synced(page);
  expect((await apiGet(env.srv.url, token, "/recipes")).items).toHaveLength(1);
  expect(pushed.recipe).toBe(1);

  // Save weight
  await page.getByRole("link", { name: "Weight" }).click();
  await page.getByRole("spinbutton", { name: "Weight", exact: true }).fill("70,4");
  await page.getByRole("button", { name: "Save weight" }).dblclick();
  await synced(page);
  const weights = await apiGet(env.srv.url, token, "/weights");
  expect(weights.items.map((w: { kg: number }) => w.kg)).toEqual([70.4]);
  expect(pushed.weight).toBe(1);
  expect(await page.getByRole("alert").count()).toBe(0); // the second tap did not complain of an empty field

  // Save goals
  await page.getByRole("link", { name: "Settings" }).click();
  await page.getByRole("spinbutton", { name: "Energy goal (kcal)" }).fill("2100");
  await page.getByRole("button", { name: "Save goals" }).dblclick();
  await synced(page);
  expect((await apiGet(env.srv.url, token, "/goals")).energy_kcal).toBe(2100);
  expect(pushed.goals).toBe(1);
}, 180_000);

/** The day view's heading for yesterday (here): its weekday and date, "Saturday 28 November". */
function yesterdayTitle(): string {
  const d = new Date(Date.now() - 86_400_000);
  return new Intl.DateTimeFormat("en-GB", { weekday: "long", day: "numeric", month: "long" }).format(d);
}
