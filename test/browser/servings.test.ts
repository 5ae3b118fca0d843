/**
 * The log form's starting serving, and a custom food logged after the server gave it its id.
 *
 * Before: the form started at the food's first portion (a banana at "cup, mashed", 200 kcal; 2
 * scrambled eggs as 2 cups, 656 kcal; almonds as a ground cup); and a meal logged from a custom
 * food's form after the food had synced went out with the food's temporary negative id, was refused,
 * and vanished from the day.
 */
import { expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { accessToken, apiGet, browserAndServer, offlineReady, synced } from "./harness";
import { seededPage } from "./seed";

const env = browserAndServer();

async function openFood(page: Page, meal: string, query: string, food: string): Promise<string> {
  await page.getByRole("region", { name: meal }).getByRole("button", { name: "Add food" }).click();
  await page.getByRole("searchbox", { name: "Search foods" }).fill(query);
  const row = page.getByRole("listitem").filter({ hasText: food }).first();
  const text = (await row.textContent()) ?? "";
  await row.click();
  await page.getByRole("spinbutton", { name: "Quantity" }).waitFor();
  return text;
}

const unitLabel = (page: Page) =>
  page.getByRole("combobox", { name: "Unit" }).evaluate((s: any) => s.selectedOptions[0].textContent as string);

test("the form starts at the natural serving, then at what this person logged last, online and offline", async () => {
  const { ctx, page } = await seededPage(env.browser, env.srv.url, { answered: false, own: true });
  await offlineReady(page);

  // a banana: the result shows the medium banana's kcal, and the form starts there
  const row = await openFood(page, "Breakfast", "banana", "Bananas, raw");
  expect(row).toContain("medium");
  expect(row).toContain("105 kcal");
  await expect(page.getByRole("spinbutton", { name: "Quantity" }).inputValue()).resolves.toBe("1");
  await expect(unitLabel(page)).resolves.toMatch(/^medium/);
  await expect(page.locator(".preview").textContent()).resolves.toContain("105 kcal");
  await page.getByRole("button", { name: "Log" }).click();

  // two scrambled eggs are two large eggs, not two cups
  await openFood(page, "Breakfast", "scrambled egg", "Egg, whole, cooked, scrambled");
  await expect(unitLabel(page)).resolves.toMatch(/^large/);
  await page.getByRole("spinbutton", { name: "Quantity" }).fill("2");
  await page.getByRole("button", { name: "Log" }).click();

  // "1" almonds is an ounce, not a ground cup
  await openFood(page, "Snack", "almonds", "Nuts, almonds");
  await expect(unitLabel(page)).resolves.toMatch(/^oz/);
  await page.getByRole("button", { name: "Log" }).click();
  await synced(page);

  const day = await apiGet(env.srv.url, await accessToken(page), "/meals/daily");
  const byFood = Object.fromEntries(day.meals.map((m: any) => [m.food.id, m]));
  expect(byFood[9040]).toMatchObject({ quantity: 1, grams: 118, nutrients: { energy_kcal: 105 } });
  expect(byFood[1132]).toMatchObject({ quantity: 2, grams: 122 });
  expect(byFood[12061]).toMatchObject({ quantity: 1, grams: 28.35 });
  expect(day.totals.energy_kcal).toBeLessThan(500);

  // the eggs again: the form starts at what was logged last time, and the list says so
  const again = await openFood(page, "Lunch", "scrambled egg", "Egg, whole, cooked, scrambled");
  expect(again).toContain(`2 large · ${byFood[1132].nutrients.energy_kcal} kcal`);
  await expect(page.getByRole("spinbutton", { name: "Quantity" }).inputValue()).resolves.toBe("2");
  await expect(unitLabel(page)).resolves.toMatch(/^large/);
  await page.getByRole("button", { name: "Cancel" }).click();

  // offline, from the catalogue copy: the same
  await ctx.setOffline(true);
  await page.goto(`${env.srv.url}/`);
  await page.getByRole("heading", { level: 1, name: "Today" }).waitFor();
  await openFood(page, "Dinner", "scrambled egg", "Egg, whole, cooked, scrambled");
  await expect(page.getByRole("spinbutton", { name: "Quantity" }).inputValue()).resolves.toBe("2");
  await expect(unitLabel(page)).resolves.toMatch(/^large/);
  await page.getByRole("button", { name: "Cancel" }).click(); // back to the search
  await page.getByRole("searchbox", { name: "Search foods" }).fill("pistachio");
  const pistachio = page.getByRole("listitem").filter({ hasText: "Nuts, pistachio nuts, raw" }).first();
  const first = (await pistachio.textContent()) ?? "";
  await pistachio.click();
  expect(first).toMatch(/1 oz \(49 kernels\) · \d+ kcal/);
  await expect(unitLabel(page)).resolves.toMatch(/^oz \(49 kernels\)/);
  await ctx.close();
}, 180_000);

test("a serving stated as several units (2 tbsp of peanut butter) logs what its Unit says; single units are offered too", async () => {
  // Before: the Unit read "2 tbsp (32 g)" while Quantity 1 logged one tablespoon, 16 g (the API counts
  // single units), and the result row said "16 g"; half a salmon fillet (198 g) logged a whole one, 396 g;
  // and a rib eye roast started at the whole roast.
  const { page } = await seededPage(env.browser, env.srv.url, { answered: false });
  const row = await openFood(page, "Breakfast", "peanut butter", "Peanut butter, smooth");
  expect(row).toContain("2 tbsp · 188 kcal");
  await expect(page.getByRole("spinbutton", { name: "Quantity" }).inputValue()).resolves.toBe("1");
  await expect(unitLabel(page)).resolves.toBe("2 tbsp · 32 g");
  await expect(page.locator(".preview").textContent()).resolves.toContain("188 kcal");
  await page.getByRole("button", { name: "Log" }).click();
  const entry = page.getByRole("region", { name: "Breakfast" }).getByRole("listitem").filter({ hasText: "Peanut" });
  await expect(entry.textContent()).resolves.toContain("188 kcal");
  await synced(page);
  const token = await accessToken(page);
  let day = await apiGet(env.srv.url, token, "/meals/daily");
  expect(day.meals[0]).toMatchObject({ food: { id: 16098 }, quantity: 2, grams: 32, nutrients: { energy_kcal: 188 } });

  // editing shows the meal in single tablespoons, as the API has it (the unit as stated is still offered)
  await entry.getByRole("button", { name: "Edit" }).click();
  await expect(page.getByRole("spinbutton", { name: "Quantity" }).inputValue()).resolves.toBe("2");
  await expect(unitLabel(page)).resolves.toBe("tbsp · 16 g");
  await page.getByRole("spinbutton", { name: "Quantity" }).fill("3");
  await expect(page.locator(".preview").textContent()).resolves.toContain("282 kcal");
  await page.getByRole("combobox", { name: "Unit" }).selectOption({ label: "2 tbsp · 32 g" });
  await expect(page.locator(".preview").textContent()).resolves.toContain("564 kcal"); // 3 × 2 tbsp
  await page.getByRole("combobox", { name: "Unit" }).selectOption({ label: "tbsp · 16 g" });
  await page.getByRole("button", { name: "Save" }).click();
  await expect(entry.textContent()).resolves.toContain("282 kcal");
  await synced(page);
  day = await apiGet(env.srv.url, token, "/meals/daily");
  expect(day.meals[0]).toMatchObject({ quantity: 3, grams: 48, nutrients: { energy_kcal: 282 } });

  // next time it starts there; a typed "1 tbsp" starts at one tablespoon
  const again = await openFood(page, "Lunch", "peanut butter", "Peanut butter, smooth");
  expect(again).toContain("3 tbsp · 282 kcal");
  await expect(page.getByRole("spinbutton", { name: "Quantity" }).inputValue()).resolves.toBe("3");
  await expect(unitLabel(page)).resolves.toBe("tbsp · 16 g");
  await page.getByRole("button", { name: "Cancel" }).click();
  await page.getByRole("searchbox", { name: "Search foods" }).fill("1 tbsp peanut butter");
  await page
    .getByRole("listitem")
    .filter({ hasText: "Peanut butter, smooth" })
    .filter({ hasText: "1 tbsp" })
    .first()
    .click();
  await expect(page.getByRole("spinbutton", { name: "Quantity" }).inputValue()).resolves.toBe("1");
  await expect(unitLabel(page)).resolves.toBe("tbsp · 16 g");
  await expect(page.locator(".preview").textContent()).resolves.toContain("94 kcal");
  await page.getByRole("button", { name: "Cancel" }).click();

  // half a fillet of salmon is 198 g, as its Unit says
  await page.getByRole("searchbox", { name: "Search foods" }).fill("salmon");
  await page.getByRole("listitem").filter({ hasText: "Salmon, wild, raw" }).first().click();
  await expect(unitLabel(page)).resolves.toBe("1/2 fillet · 198 g");
  await expect(page.locator(".preview").textContent()).resolves.toContain("198 g");
  await page.getByRole("button", { name: "Cancel" }).click();

  // a food measured only as a whole roast (1.6 kg, 3,490 kcal) starts at 100 g
  await page.getByRole("searchbox", { name: "Search foods" }).fill("rib eye roast");
  const roast = page.getByRole("listitem").filter({ hasText: "Beef, rib eye roast, boneless, cooked" }).first();
  await expect(roast.textContent()).resolves.toMatch(/100 g · \d+ kcal/);
  await roast.click();
  await expect(page.getByRole("spinbutton", { name: "Quantity" }).inputValue()).resolves.toBe("100");
  await expect(unitLabel(page)).resolves.toBe("grams");
}, 120_000);

test("a custom food made online, synced, then logged from its open form: the meal stays and reaches the server", async () => {
  const { page } = await seededPage(env.browser, env.srv.url, { answered: false });
  await page.getByRole("region", { name: "Lunch" }).getByRole("button", { name: "Add food" }).click();
  await page.getByRole("button", { name: "Create a custom food" }).click();
  await page.getByRole("textbox", { name: "Name", exact: true }).fill("Grandma's lentil soup");
  await page.getByRole("spinbutton", { name: "Energy (kcal)" }).fill("80");
  await page.getByRole("textbox", { name: "Serving unit" }).fill("bowl");
  await page.getByRole("spinbutton", { name: "Serving size (g)" }).fill("300");
  await page.getByRole("button", { name: "Save food" }).click();
  await page.getByRole("spinbutton", { name: "Quantity" }).waitFor();
  await synced(page); // the food has its server id now; the form still holds the temporary one
  await expect(unitLabel(page)).resolves.toMatch(/^bowl/);
  await page.getByRole("button", { name: "Log" }).click();
  const entry = page
    .getByRole("region", { name: "Lunch" })
    .getByRole("listitem")
    .filter({ hasText: "Grandma's lentil soup" });
  await expect(entry.textContent()).resolves.toContain("240 kcal");
  await synced(page);
  await expect(page.locator(".problem").count()).resolves.toBe(0);
  await expect(entry.count()).resolves.toBe(1); // not put back by a refusal

  const token = await accessToken(page);
  const day = await apiGet(env.srv.url, token, "/meals/daily");
  expect(day.meals).toHaveLength(1);
  const food = await apiGet(env.srv.url, token, `/foods/${day.meals[0].food.id}`);
  expect(food).toMatchObject({ name: "Grandma's lentil soup", source: "custom" });
  expect(day.meals[0]).toMatchObject({
    quantity: 1,
    grams: 300,
    portion: { id: food.portions[0].id },
    nutrients: { energy_kcal: 240 },
  });

  // the food is kept once, under its server id
  const ids = await page.evaluate(async () => {
    const g = globalThis as any;
    const s = JSON.parse(g.localStorage.getItem("morsel.session")) as { user: { id: number } };
    const db = await new Promise<any>(
      (ok) => (g.indexedDB.open(`morsel-${s.user.id}`).onsuccess = (e: any) => ok(e.target.result)),
    );
    return new Promise<number[]>(
      (ok) => (db.transaction("foods").objectStore("foods").getAllKeys().onsuccess = (e: any) => ok(e.target.result)),
    );
  });
  expect(ids.filter((id) => id < 0)).toEqual([]);
  expect(ids).toContain(food.id);
}, 120_000);
