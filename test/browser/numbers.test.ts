/**
 * Every number right, at 360×640: one-time codes and errors are brought into view, focused and in the
 * form's words; `1,5` is 1.5 and a word is refused in place; what the server would refuse (5000 kcal per
 * 100 g, 0.0001 g) is refused in the form with everything typed kept; a nutrient some foods lack says
 * so; week averages leave today out; Quick entry items are changed, removed and logged in order.
 */
import { expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { accessToken, apiGet, browserAndServer, logFood, synced } from "./harness";
import { seededPage } from "./seed";

const env = browserAndServer();

const focusedText = (page: Page) => page.evaluate(() => (globalThis as any).document.activeElement?.textContent ?? "");
const inView = (page: Page, sel: string) =>
  page.locator(sel).evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= (globalThis as any).innerHeight;
  });

test("a one-time code made far down the page is brought into view and focused", async () => {
  const { page } = await seededPage(env.browser, env.srv.url, { answered: false });
  await page.getByRole("link", { name: "Admin" }).click();
  await page.getByRole("textbox", { name: "Invite note" }).fill("For Bo");
  await page.getByRole("button", { name: "Create invite" }).click();
  await page.locator("code.secret").waitFor();
  expect(await focusedText(page)).toContain("Invite code for For Bo");
  expect(await inView(page, "code.secret")).toBe(true);
});

test("Quantity takes 1,5 and 1.5 alike and refuses a word in place; the server's limits are the form's", async () => {
  const { page } = await seededPage(env.browser, env.srv.url, { answered: false });
  const token = await accessToken(page);
  const quantity = page.getByRole("spinbutton", { name: "Quantity" });
  const open = async () => {
    await page.getByRole("region", { name: "Lunch" }).getByRole("button", { name: "Add food" }).click();
    await page.getByRole("searchbox", { name: "Search foods" }).fill("banana");
    await page.getByRole("listitem").filter({ hasText: "Bananas, raw" }).first().click();
  };
  await open();
  await quantity.fill("1,5");
  await page.getByText("158 kcal").first().waitFor(); // 1.5 medium bananas (177 g), not 15
  await page.getByRole("button", { name: "Log", exact: true }).click();
  await open();
  await quantity.fill("1.5");
  await page.getByRole("button", { name: "Log", exact: true }).click();
  await page.getByRole("region", { name: "Lunch" }).getByRole("listitem").nth(1).waitFor();
  await synced(page);
  const day = await apiGet(env.srv.url, token, "/meals/daily");
  expect(day.meals.map((m: { quantity: number; grams: number }) => [m.quantity, m.grams])).toEqual([
    [1.5, 177],
    [1.5, 177],
  ]);

  await open();
  await quantity.fill("1½x");
  await page.getByText("Quantity: “1½x” is not a number. Type it like 1.5, 1,5 or 1 1/2.").waitFor();
  expect(await page.getByRole("button", { name: "Log", exact: true }).isDisabled()).toBe(true);
  expect(await quantity.inputValue()).toBe("1½x"); // kept, to be corrected
  // 0.0001 g: the server's own rule refuses it here, not after sync
  await page.getByRole("combobox", { name: "Unit" }).selectOption({ label: "grams" });
  await quantity.fill("0,0001");
  await page.getByText("Quantity is so small that it rounds to 0 g; log at least 0.001 g.").waitFor();
  expect(await page.getByRole("button", { name: "Log", exact: true }).isDisabled()).toBe(true);
});

test("a custom food the server would refuse stays in the form, with the reason in words, focused", async () => {
  const { page } = await seededPage(env.browser, env.srv.url, { answered: false });
  const pushes: string[] = [];
  page.on("request", (r) => r.url().endsWith("/sync/push") && pushes.push(r.postData() ?? ""));
  await page.getByRole("link", { name: "Foods" }).click();
  await page.getByRole("button", { name: "New food" }).click();
  await page.getByRole("textbox", { name: "Name" }).fill("Olive oil spray");
  await page.getByRole("textbox", { name: "Brand" }).fill("Sprayco");
  await page.getByRole("spinbutton", { name: "Energy (kcal)" }).fill("5000");
  await page.getByRole("spinbutton", { name: "Fat (g)" }).fill("99,5");
  await page.getByRole("button", { name: "Save food" }).click();
  const alert = page.getByRole("alert");
  await alert.waitFor();
  expect(await alert.textContent()).toBe("Energy (kcal) per 100 g must be a number from 0 to 1000.");
  expect(await focusedText(page)).toBe(await alert.textContent());
  // nothing typed is lost, nothing was queued
  expect(await page.getByRole("textbox", { name: "Name" }).inputValue()).toBe("Olive oil spray");
  expect(await page.getByRole("textbox", { name: "Brand" }).inputValue()).toBe("Sprayco");
  expect(await page.getByRole("spinbutton", { name: "Fat (g)" }).inputValue()).toBe("99,5");
  await page.getByRole("spinbutton", { name: "Energy (kcal)" }).fill("abc");
  await page.getByRole("button", { name: "Save food" }).click();
  await page.getByText("Energy (kcal): “abc” is not a number. Type it like 1.5, 1,5 or 1 1/2.").waitFor();
  expect(pushes.filter((p) => p.includes("Olive oil spray"))).toHaveLength(0);
  // corrected, it saves, and 99,5 is 99.5
  await page.getByRole("spinbutton", { name: "Energy (kcal)" }).fill("884");
  await page.getByRole("button", { name: "Save food" }).click();
  await page.getByRole("heading", { level: 1, name: "Your foods" }).waitFor();
  await synced(page);
  const found = await apiGet(env.srv.url, await accessToken(page), "/foods/search?q=olive%20oil%20spray");
  const hit = found.items.find((f: { name: string }) => f.name === "Olive oil spray");
  const food = await apiGet(env.srv.url, await accessToken(page), `/foods/${hit.id}`);
  expect(food.nutrients.fat_g).toBe(99.5);
});

test("Nutrients say how many foods a sum is from; week averages leave today out", async () => {
  const { page } = await seededPage(env.browser, env.srv.url, { answered: false });
  const token = await accessToken(page);
  await logFood(page, { meal: "Breakfast", query: "banana", food: "Bananas, raw" });
  const snack = page.getByRole("region", { name: "Snack" });
  await snack.getByRole("button", { name: "Quick add" }).click();
  await snack.getByRole("spinbutton", { name: "Calories (kcal)" }).fill("300");
  await snack.getByRole("button", { name: "Add", exact: true }).click();
  await snack.getByRole("listitem").waitFor();
  const nutrients = page.getByRole("region", { name: "Nutrients" });
  const fibre = nutrients.getByRole("listitem").filter({ has: page.getByRole("progressbar", { name: "Fibre" }) });
  await expect(fibre.textContent()).resolves.toContain("from 1 of 2 foods");
  expect(await fibre.getByRole("progressbar").getAttribute("aria-valuetext")).toMatch(/: 3\.1 g, from 1 of 2 foods$/);
  await synced(page);
  const daily = await apiGet(env.srv.url, token, "/meals/daily");
  expect(daily.totals.fiber_g).toBeCloseTo(3.1, 1);

  // yesterday: 500 kcal; today 405 (not over): the average is yesterday's alone, "of 1 day"
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  await page.getByRole("button", { name: "Previous day" }).click();
  const lunch = page.getByRole("region", { name: "Lunch" });
  await lunch.getByRole("button", { name: "Quick add" }).click();
  await lunch.getByRole("spinbutton", { name: "Calories (kcal)" }).fill("500");
  await lunch.getByRole("button", { name: "Add", exact: true }).click();
  await lunch.getByRole("listitem").waitFor();
  await synced(page);
  await page.getByRole("link", { name: "Week" }).click();
  const avg = page.getByRole("table").getByRole("row").filter({ hasText: "Average" });
  await avg.waitFor();
  expect(await avg.getByRole("rowheader").textContent()).toBe("Average of 1 day");
  await page
    .getByText("Today is left out of the average until it is over, or until you mark it Day complete.")
    .waitFor();
  expect(await avg.getByRole("cell").first().textContent()).toBe("500");
  const weekly = await apiGet(env.srv.url, token, `/stats/daily?date=${yesterday}`);
  expect(weekly.totals.energy_kcal).toBe(500);

  // marked complete, today counts: the app's average and the API's agree
  await page.getByRole("link", { name: "Today" }).click();
  await page.getByRole("checkbox", { name: "Day complete" }).check();
  await synced(page);
  await page.getByRole("link", { name: "Week" }).click();
  await page.getByRole("table").getByRole("rowheader", { name: "Average of 2 days" }).waitFor();
  const api = await apiGet(env.srv.url, token, "/stats/weekly");
  expect(api.average_days).toBe(2);
  expect(await avg.getByRole("cell").first().textContent()).toBe(String(Math.round(api.daily_average.energy_kcal)));
});

test("Quick entry: each item can be changed or removed, and they are logged in the order typed", async () => {
  const { page } = await seededPage(env.browser, env.srv.url, { answered: false });
  const token = await accessToken(page);
  await page.getByRole("region", { name: "Breakfast" }).getByRole("button", { name: "Add food" }).click();
  await page.getByRole("textbox", { name: "Quick entry" }).fill("2 eggs, toast, butter and a coffee");
  await page.getByRole("button", { name: "Find foods" }).click();
  const items = page.getByRole("list", { name: "Quick entry items" }).getByRole("listitem");
  await items.nth(3).waitFor();
  const names = async () => (await items.allTextContents()).map((t) => t.split(" ")[0]);
  // remove "toast", change the eggs to 3
  await items.nth(1).getByRole("button", { name: "Remove" }).click();
  expect(await items.count()).toBe(3);
  await items.nth(0).getByRole("button", { name: "Change" }).click();
  await items.nth(0).getByRole("spinbutton", { name: "Quantity" }).fill("3");
  await items.nth(0).getByRole("button", { name: "Done" }).click();
  await items
    .nth(0)
    .getByText(/^3 [a-z]+ · \d+ g \(“2 eggs”\)/)
    .waitFor();
  expect((await names()).length).toBe(3);
  await page.getByRole("button", { name: "Log all" }).click();
  await page.getByRole("region", { name: "Breakfast" }).getByRole("listitem").nth(2).waitFor();
  await synced(page);
  const day = await apiGet(env.srv.url, token, "/meals/daily");
  const meals = day.meals as { food: { name: string }; quantity: number }[];
  expect(meals).toHaveLength(3);
  expect(meals[0]!.food.name).toMatch(/^Egg/);
  expect(meals[0]!.quantity).toBe(3);
  expect(meals[1]!.food.name).toMatch(/butter/i);
  expect(meals[2]!.food.name).toMatch(/coffee/i);
});
