/**
 * What a first week of use tripped on, at 360×640: a past day's entries at the meal's usual time in the order
 * typed; Report's water is total water; exercise left out of the budget says so. Checked against the API.
 */
import { expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { addDays } from "../../src/lib/time";
import { accessToken, apiGet, apiSend, browserAndServer, hold, synced, todayOf } from "./harness";
import { seededAccount, seededPage } from "./seed";

const env = browserAndServer();

/** The element with this id is scrolled into the viewport (evaluated in the page: DOM types there). */
const inView = (page: Page, id: string) =>
  page.waitForFunction((id) => {
    const g = globalThis as any;
    const h = g.document.getElementById(id).getBoundingClientRect();
    return h.top >= 0 && h.bottom <= g.innerHeight;
  }, id);

test("Quick entry on a past day: each item at breakfast's usual time, in the order typed", async () => {
  const { page } = await seededPage(env.browser, env.srv.url, { answered: false });
  const token = await accessToken(page);
  const past = addDays(await todayOf(page), -3);
  const tz = (await apiGet(env.srv.url, token, "/me")).timezone as string;
  await page.goto(`${env.srv.url}/#/add/breakfast/${past}`);
  // four foods, each sure ("toast with butter" would be one: the composed buttered toast)
  await page.getByRole("textbox", { name: "Quick entry" }).fill("2 eggs, toast, butter and a coffee");
  await page.getByRole("button", { name: "Find foods" }).click();
  const items = page.getByRole("list", { name: "Quick entry items" }).getByRole("listitem");
  await items.nth(3).waitFor();
  await page.getByRole("button", { name: "Log all" }).click();
  await page.getByRole("region", { name: "Breakfast" }).getByRole("listitem").nth(3).waitFor();
  await synced(page);
  const day = await apiGet(env.srv.url, token, `/meals/daily?date=${past}`);
  const meals = day.meals as { food: { name: string }; eaten_at: string }[];
  const clock = (iso: string) =>
    new Intl.DateTimeFormat("en-GB", { timeZone: tz, hour: "2-digit", minute: "2-digit", second: "2-digit" }).format(
      new Date(iso),
    );
  expect(meals.map((m) => clock(m.eaten_at))).toEqual(["08:00:00", "08:00:01", "08:00:02", "08:00:03"]);
  expect(meals[0]!.food.name).toMatch(/^Egg/);
  expect(meals[3]!.food.name).toMatch(/coffee/i);
});

test("a recipe's ingredient typed with its amount starts at that amount, as Add food reads it", async () => {
  const { page } = await seededPage(env.browser, env.srv.url, { answered: false });
  await page.goto(`${env.srv.url}/#/foods/recipe`);
  await page.getByRole("searchbox", { name: "Search ingredients" }).fill("500g beef mince");
  await page.getByRole("list", { name: "Ingredient results" }).getByRole("listitem").first().click();
  expect(await page.getByRole("spinbutton", { name: "Quantity" }).inputValue()).toBe("500");
  const unit = page.getByRole("combobox", { name: "Unit" });
  expect(await unit.locator("option:checked").textContent()).toBe("grams");
  await page.getByText(/^500 g · \d+ kcal$/).waitFor();
});

test("a past day is named one way everywhere, on one line in the phone's sticky header", async () => {
  const { page } = await seededPage(env.browser, env.srv.url, { answered: false });
  const yesterday = addDays(await todayOf(page), -1);
  const long = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", weekday: "long", day: "numeric", month: "long" });
  const name = long.format(new Date(`${yesterday}T12:00:00Z`));
  await page.goto(`${env.srv.url}/#/day/${yesterday}`);
  const heading = page.getByRole("heading", { level: 1, name });
  await heading.waitFor();
  // one line: the header is no taller than its 44 px buttons and a margin
  const head = await page.locator("header.day-head").boundingBox();
  expect(head!.height).toBeLessThanOrEqual(56);
  expect(await heading.evaluate((h) => h.scrollWidth <= h.clientWidth)).toBe(true);
  await page.getByRole("region", { name: "Dinner" }).getByRole("button", { name: "Add food" }).click();
  await page.getByRole("heading", { level: 1, name: `Add to Dinner, ${name}` }).waitFor();
});

test("servings read as people say them, never cut on a phone", async () => {
  const account = await seededAccount(env.srv.url, { answered: false });
  const token = account.token;
  for (const body of [
    { food_id: 9040, quantity: 1, portion_id: 4189 }, // 1 medium (7" to 7-7/8" long)
    { food_id: 18158, quantity: 2, portion_id: 10159 }, // 2 cookies
    { food_id: 14352, quantity: 236.59 }, // a cup of tea, in grams
  ])
    expect((await apiSend(env.srv.url, token, "POST", "/meals", { ...body, meal_type: "snack" })).status).toBe(201);
  const { page } = await account.open(env.browser);
  await synced(page);
  const servings = page.getByRole("region", { name: "Snack" }).locator("li.entry .serving");
  await servings.nth(2).waitFor();
  expect(await servings.allTextContents()).toEqual(['1 medium (7" to 7-7/8" long)', "2 cookies", "237 g"]);
  for (const s of await servings.all()) expect(await s.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
});

test("Settings lists its sections at the top; Time zone filters as you type", async () => {
  const { page } = await seededPage(env.browser, env.srv.url, { answered: false });
  const token = await accessToken(page);
  await page.getByRole("link", { name: "Settings" }).click();
  const nav = page.getByRole("navigation", { name: "Settings sections" });
  await nav.getByRole("link", { name: "Targets" }).waitFor(); // the lazily loaded sections join too
  const headings = await page.locator("main.settings h2").allTextContents();
  expect(await nav.getByRole("link").allTextContents()).toEqual(headings);
  await nav.getByRole("link", { name: "Time zone" }).click();
  await inView(page, "tz-title");
  const zone = page.getByRole("combobox", { name: "Time zone" });
  await zone.fill("auck");
  const options = page.getByRole("listbox", { name: "Time zones" }).getByRole("option");
  expect(await options.allTextContents()).toEqual(["Pacific/Auckland"]);
  await zone.press("Enter");
  expect(await zone.inputValue()).toBe("Pacific/Auckland");
  await page.getByRole("button", { name: "Save time zone" }).click();
  await page.getByText("Time zone saved.").waitFor();
  expect((await apiGet<{ timezone: string }>(env.srv.url, token, "/me")).timezone).toBe("Pacific/Auckland");
});

test("exercise left out of the budget says so on the day, with a link to the setting", async () => {
  const account = await seededAccount(env.srv.url, { answered: false });
  const token = account.token;
  const r = await apiSend(env.srv.url, token, "POST", "/exercises", { name: "Rowing", minutes: 30, kcal: 290 });
  expect(r.status).toBe(201);
  const { page } = await account.open(env.browser);
  await synced(page);
  const totals = page.getByRole("region", { name: "Totals" });
  await totals.getByText("Exercise 290 kcal (not added to your budget", { exact: false }).waitFor();
  await totals.getByRole("link", { name: "Add exercise to my budget" }).click();
  const setting = page.getByRole("checkbox", { name: "Add exercise to my budget" });
  await setting.waitFor();
  await inView(page, "activity-title");
});

test("Change password is busy at once, until the server answers", async () => {
  const { page, who } = await seededPage(env.browser, env.srv.url, { answered: false });
  await page.getByRole("link", { name: "Settings" }).click();
  const region = page.getByRole("region", { name: "Password" });
  await region.getByLabel("Current password").fill(who.password);
  await region.getByLabel("New password").fill("a new horse battery");
  const held = await hold(page, "**/api/v1/me");
  await region.getByRole("button", { name: "Change password" }).click();
  while (!held.asked()) await Bun.sleep(20);
  const busy = region.getByRole("button", { name: "Changing password…" });
  expect(await busy.isDisabled()).toBe(true);
  held.release();
  await region.getByText("Password changed.", { exact: false }).waitFor();
});

test("Report's Water is total water, and says how much was food and how much drunk", async () => {
  const { page } = await seededPage(env.browser, env.srv.url, { answered: false });
  const token = await accessToken(page);
  const past = addDays(await todayOf(page), -1);
  const send = (method: string, path: string, body?: unknown) => apiSend(env.srv.url, token, method, path, body);
  expect((await send("POST", "/meals", { food_id: 9040, quantity: 200, meal_type: "lunch", date: past })).status).toBe(
    201,
  );
  expect((await send("PUT", `/daily-values/${past}/water_ml`, { value: 750 })).status).toBe(201);
  const report = await apiGet(env.srv.url, token, "/report");
  const r1 = (x: number) => Math.round(x * 10) / 10;
  const water = report.items.find((i: { key: string }) => i.key === "water_g");
  expect(water.average).toBeCloseTo((report.water.food_g as number) + 750, 1);
  await page.goto(`${env.srv.url}/#/report`);
  const row = page.locator("table.report-items tr").filter({ hasText: "drunk" });
  await row.waitFor();
  const text = (await row.textContent()) ?? "";
  expect(text).toContain(`${r1(report.water.food_g)} g in food + 750 g drunk`);
  expect(text).toContain(`${r1(water.average)} g`);
});
