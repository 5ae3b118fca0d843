/**
 * The daily loop at 360×640: Log food in three taps for a food logged before, Quick add, Copy from
 * yesterday, opening an entry to change its meal, date, time and note, the Nutrients region, the
 * over-goal wording, and which tab is current. Each number is checked against the API.
 */
import { expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { accessToken, apiGet, browserAndServer, logFood, synced } from "./harness";
import { seededPage } from "./seed";

const env = browserAndServer();

/** Counts the person's clicks on the page (taps at 360 px). */
async function countClicks(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const g = globalThis as any;
    g.__clicks = 0;
    g.document.addEventListener("click", () => g.__clicks++, true);
  });
  return () => page.evaluate(() => (globalThis as any).__clicks as number);
}

test("a food logged before is logged again in 3 taps from the day view, at the serving logged last", async () => {
  const { page } = await seededPage(env.browser, env.srv.url, { answered: false });
  await logFood(page, { meal: "Breakfast", query: "banana", food: "Bananas, raw" }); // 1 medium, the natural serving
  await synced(page);

  const clicks = await countClicks(page);
  await page.getByRole("button", { name: "Log food" }).click();
  // the recent list of the add screen (not the day's own entry of the same food, still on screen a moment)
  await page
    .getByRole("list", { name: "Recent foods" })
    .getByRole("listitem")
    .filter({ hasText: "Bananas, raw" })
    .first()
    .click();
  await page.getByRole("button", { name: "Log" }).click();
  await page.getByRole("region", { name: "Totals" }).waitFor();
  expect(await clicks()).toBe(3);
  await expect(page.getByRole("region", { name: "Totals" }).textContent()).resolves.toContain("210 kcal eaten");
  await synced(page);
  const day = await apiGet(env.srv.url, await accessToken(page), "/meals/daily");
  expect(day.meals.map((m: any) => [m.food.id, m.quantity, m.grams])).toEqual([
    [9040, 1, 118],
    [9040, 1, 118],
  ]);
  expect(day.totals.energy_kcal).toBe(210);

  // Back after logging leaves the day; it does not reopen the add screen
  await page.goBack();
  await expect(page.getByRole("searchbox", { name: "Search foods" }).count()).resolves.toBe(0);
}, 120_000);

test("Quick add, Copy from yesterday, editing an entry's meal, date, time and note, and the Nutrients region", async () => {
  const { page } = await seededPage(env.browser, env.srv.url, { answered: false });
  const token = await accessToken(page);

  // yesterday: a quick add and a food in Lunch
  await page.getByRole("button", { name: "Previous day" }).click();
  await page.getByRole("heading", { level: 1, name: yesterdayTitle() }).waitFor();
  await expect(page.getByRole("link", { name: "Today" }).getAttribute("aria-current")).resolves.toBeNull();
  const lunch = page.getByRole("region", { name: "Lunch" });
  await lunch.getByRole("button", { name: "Quick add" }).click();
  await lunch.getByRole("spinbutton", { name: "Calories (kcal)" }).fill("450");
  await lunch.getByRole("spinbutton", { name: "Protein (g)" }).fill("20");
  await lunch.getByRole("spinbutton", { name: "Carbs (g)" }).fill("50");
  await lunch.getByRole("textbox", { name: "Description" }).fill("Office cake");
  await lunch.getByRole("button", { name: "Add" }).click();
  const cake = lunch.getByRole("listitem").filter({ hasText: "Office cake" });
  await expect(cake.textContent()).resolves.toContain("450 kcal");
  await logFood(page, {
    meal: "Lunch",
    query: "lentils boiled",
    food: "Lentils, mature seeds, cooked, boiled, without salt",
    quantity: 200,
  });
  await synced(page);
  const yesterday = await apiGet(
    env.srv.url,
    token,
    `/meals/daily?date=${await page.evaluate(() => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10))}`,
  );
  expect(yesterday.meals.find((m: any) => m.food === null)).toMatchObject({
    description: "Office cake",
    nutrients: { energy_kcal: 450, protein_g: 20, carbohydrate_g: 50, fat_g: null },
  });

  // today: Copy from yesterday brings both
  await page.getByRole("button", { name: "Next day" }).click();
  await page.getByRole("heading", { level: 1, name: "Today" }).waitFor();
  await expect(page.getByRole("link", { name: "Today" }).getAttribute("aria-current")).resolves.toBe("page");
  await page.getByRole("region", { name: "Lunch" }).getByRole("button", { name: "Copy from yesterday" }).click();
  const todayLunch = page.getByRole("region", { name: "Lunch" });
  await todayLunch.getByRole("listitem").filter({ hasText: "Office cake" }).waitFor();
  await todayLunch.getByRole("listitem").filter({ hasText: "Lentils" }).waitFor();
  await synced(page);
  const today = await apiGet(env.srv.url, token, "/meals/daily");
  expect(today.meals).toHaveLength(2);
  expect(today.totals.energy_kcal).toBe(yesterday.totals.energy_kcal);
  await expect(page.getByRole("region", { name: "Totals" }).textContent()).resolves.toContain(
    `${today.totals.energy_kcal} kcal eaten`,
  );

  // the Nutrients region: fibre and sodium as the API sums them, and minerals of the lentils
  const nutrients = page.getByRole("region", { name: "Nutrients" });
  await expect(nutrients.getByRole("progressbar", { name: "Fibre" }).getAttribute("aria-valuetext")).resolves.toContain(
    `: ${Math.round(today.totals.fiber_g * 10) / 10} g`,
  );
  await nutrients.getByRole("progressbar", { name: "Iron" }).waitFor();

  // opening the lentils changes meal, time and note
  await todayLunch.getByRole("listitem").filter({ hasText: "Lentils" }).getByRole("link").click();
  await page.getByRole("combobox", { name: "Meal" }).selectOption("dinner");
  await page.getByRole("textbox", { name: "Note" }).fill("with rice");
  await page.locator("input[type=time]").fill("19:30");
  await page.getByRole("button", { name: "Save" }).click();
  await page.getByRole("region", { name: "Dinner" }).getByRole("listitem").filter({ hasText: "with rice" }).waitFor();
  await synced(page);
  const moved = (await apiGet(env.srv.url, token, "/meals/daily")).meals.find((m: any) => m.food);
  expect(moved).toMatchObject({
    meal_type: "dinner",
    note: "with rice",
    eaten_at: expect.stringMatching(/T19:30:00Z$/),
  }); // the account is UTC

  // the quick add edits its kcal
  await page
    .getByRole("region", { name: "Lunch" })
    .getByRole("listitem")
    .filter({ hasText: "Office cake" })
    .getByRole("button", { name: "Edit" })
    .click();
  await page.getByRole("spinbutton", { name: "Calories (kcal)" }).fill("500");
  await page.getByRole("button", { name: "Save" }).click();
  await page.getByRole("region", { name: "Lunch" }).getByRole("listitem").filter({ hasText: "500 kcal" }).waitFor();
  await synced(page);
  expect(
    (await apiGet(env.srv.url, token, "/meals/daily")).meals.find((m: any) => m.food === null).nutrients.energy_kcal,
  ).toBe(500);
}, 180_000);

test("over the goal the day says so in words, not as a negative remainder", async () => {
  const { page } = await seededPage(env.browser, env.srv.url, { answered: false });
  await page.getByRole("link", { name: "Settings" }).click();
  await page.getByRole("spinbutton", { name: "Energy goal (kcal)" }).fill("300");
  await page.getByRole("button", { name: "Save goals" }).click();
  await page.getByRole("link", { name: "Today" }).click();
  const snack = page.getByRole("region", { name: "Snack" });
  await snack.getByRole("button", { name: "Quick add" }).click();
  await snack.getByRole("spinbutton", { name: "Calories (kcal)" }).fill("420");
  await snack.getByRole("button", { name: "Add" }).click();
  const totals = page.getByRole("region", { name: "Totals" });
  await totals.getByText("120 kcal over").waitFor();
  expect(await totals.textContent()).not.toContain("-120");
}, 120_000);

test("the log form shows the food's Nutrition facts for the amount chosen, as the API's values give", async () => {
  const { page } = await seededPage(env.browser, env.srv.url, { answered: false });
  const food = await apiGet(env.srv.url, await accessToken(page), "/foods/9040");
  const medium = (food.portions as { id: number; name: string; grams: number }[]).find((p) =>
    p.name.startsWith("medium"),
  )!;
  await page.getByRole("region", { name: "Breakfast" }).getByRole("button", { name: "Add food" }).click();
  await page.getByRole("searchbox", { name: "Search foods" }).fill("banana");
  await page.getByRole("listitem").filter({ hasText: "Bananas, raw" }).first().click();
  const facts = page.getByRole("region", { name: "Nutrition facts" });
  const row = async (name: string) =>
    (await facts
      .locator("dl > div")
      .filter({ has: page.getByText(name, { exact: true }) })
      .first()
      .locator("dd")
      .textContent())!.trim();
  const tenths = (v: number) => String(Math.round(v * 10) / 10);
  // the form starts at one medium banana: 118 g
  await expect(facts.textContent()).resolves.toContain(
    `· ${medium.grams} g · ${Math.round((food.nutrients.energy_kcal * medium.grams) / 100)} kcal`,
  );
  expect(await row("Potassium")).toBe(`${tenths((food.nutrients.potassium_mg * medium.grams) / 100)} mg`);
  expect(await row("Fibre")).toBe(`${tenths((food.nutrients.fiber_g * medium.grams) / 100)} g`);
  await page.getByRole("spinbutton", { name: "Quantity" }).fill("2");
  const doubled = `${tenths((food.nutrients.potassium_mg * medium.grams * 2) / 100)} mg`;
  await facts.locator("dl > div").filter({ hasText: "Potassium" }).filter({ hasText: doubled }).waitFor();
  expect(await row("Potassium")).toBe(doubled);
  // the rest of the food's nutrients are one tap away
  await facts.getByText(/\d+ more nutrients/).click();
  await facts.getByText("Vitamin E (alpha-tocopherol)").waitFor();
});

/** The day view's heading for yesterday (here): its weekday and date, "Saturday 28 November". */
function yesterdayTitle(): string {
  const d = new Date(Date.now() - 86_400_000);
  return new Intl.DateTimeFormat("en-GB", { weekday: "long", day: "numeric", month: "long" }).format(d);
}
