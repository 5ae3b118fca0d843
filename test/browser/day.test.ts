/** The day in a real browser: log with a portion, totals, edit, delete and undo; the week against /stats/weekly. */
import { expect, test } from "bun:test";
import { accessToken, apiGet, browserAndServer, logFood, synced } from "./harness";
import { seededAccount, seededPage } from "./seed";

const env = browserAndServer();

test("register → search → log a portion → totals → edit → delete → undo, and the server agrees", async () => {
  const { page } = await seededPage(env.browser, env.srv.url, { answered: false });
  await synced(page);

  // one medium banana: 118 g, 105 kcal (the contract's example)
  await page.getByRole("region", { name: "Breakfast" }).getByRole("button", { name: "Add food" }).click();
  await page.getByRole("searchbox", { name: "Search foods" }).fill("banana");
  await page.getByRole("listitem").filter({ hasText: "Bananas, raw" }).first().click();
  await page.getByRole("spinbutton", { name: "Quantity" }).waitFor();
  const units = await page.getByRole("combobox", { name: "Unit" }).locator("option").allTextContents();
  await page
    .getByRole("combobox", { name: "Unit" })
    .selectOption({ label: units.find((u) => u.startsWith("medium"))! });
  await page.getByRole("spinbutton", { name: "Quantity" }).fill("1");
  await expect(page.locator(".preview").textContent()).resolves.toContain("105 kcal"); // live, before logging
  await page.getByRole("button", { name: "Log" }).click();

  const breakfast = page.getByRole("region", { name: "Breakfast" });
  const entry = breakfast.getByRole("listitem").filter({ hasText: "Bananas, raw" });
  await expect(entry.textContent()).resolves.toContain("105 kcal");
  await expect(page.getByRole("region", { name: "Totals" }).textContent()).resolves.toContain("105 kcal eaten");

  await entry.getByRole("button", { name: "Edit" }).click();
  await page.getByRole("spinbutton", { name: "Quantity" }).fill("2");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(entry.textContent()).resolves.toContain("210 kcal");
  await expect(page.getByRole("region", { name: "Totals" }).textContent()).resolves.toContain("210 kcal eaten");

  await entry.getByRole("button", { name: "Delete" }).click();
  await entry.waitFor({ state: "detached" });
  await expect(page.getByRole("region", { name: "Totals" }).textContent()).resolves.toContain("0 kcal eaten");
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(entry.textContent()).resolves.toContain("210 kcal");
  await synced(page);

  const day = await apiGet(env.srv.url, await accessToken(page), "/meals/daily");
  expect(day.meals).toHaveLength(1);
  expect(day.meals[0]).toMatchObject({ food: { id: 9040 }, meal_type: "breakfast", quantity: 2, grams: 236 });
  expect(day.totals.energy_kcal).toBe(210);
});

test("the week view shows what /stats/weekly says, day by day", async () => {
  const { page } = await seededPage(env.browser, env.srv.url, {
    answered: false,
    viewport: { width: 1280, height: 800 },
  });
  const token = await accessToken(page);
  // yesterday and today, through the app
  await logFood(page, { meal: "Lunch", query: "apple", food: "Apples, raw, with skin", quantity: 200 });
  await page.getByRole("button", { name: "Previous day" }).click();
  await logFood(page, { meal: "Dinner", query: "rice", food: "Rice", quantity: 150 });
  await page.getByRole("link", { name: "Settings" }).click();
  await page.getByRole("spinbutton", { name: "Energy goal (kcal)" }).fill("1800");
  await page.getByRole("button", { name: "Save goals" }).click();
  await synced(page);

  await page.getByRole("link", { name: "Week" }).click();
  await page.getByRole("heading", { level: 1, name: /^Week to/ }).waitFor(); // the link moves the address first
  const table = page.getByRole("table");
  await table.waitFor();
  const weekly = await apiGet(env.srv.url, token, "/stats/weekly");
  const rows = table.locator("tbody tr");
  await rows.nth(6).waitFor(); // the table is drawn before its days are read
  await expect(rows.count()).resolves.toBe(7);
  for (let i = 0; i < 7; i++) {
    const cells = await rows.nth(i).locator("td").allTextContents();
    expect(Number(cells[0])).toBe(Math.round(weekly.days[i].totals.energy_kcal));
  }
  await expect(table.locator("caption").textContent()).resolves.toContain("goal 1800 kcal");
  expect(weekly.logged_days).toBe(2);
  const avg = await table.locator("tfoot td").first().textContent();
  expect(Number(avg)).toBe(Math.round(weekly.daily_average.energy_kcal));
});

test("at 360 px the week fits the screen, its labels are readable, and days over the goal stand out", async () => {
  const account = await seededAccount(env.srv.url, { answered: false });
  const token = account.token;
  const post = (path: string, body: unknown, method = "POST") =>
    fetch(`${env.srv.url}/api/v1${path}`, {
      method,
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
  expect((await post("/goals", { energy_kcal: 2000, from: "2020-01-01" }, "PUT")).status).toBe(200);
  const today = (await apiGet(env.srv.url, token, "/meals/daily")).date as string;
  const dayBefore = (n: number) =>
    new Date(Date.parse(`${today}T12:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
  // rice, raw (365 kcal per 100 g): 2,920 kcal two days ago (over), 1,460 yesterday (under)
  expect((await post("/meals", { food_id: 20444, quantity: 800, meal_type: "lunch", date: dayBefore(2) })).status).toBe(
    201,
  );
  expect((await post("/meals", { food_id: 20444, quantity: 400, meal_type: "lunch", date: dayBefore(1) })).status).toBe(
    201,
  );
  const { page } = await account.open(env.browser);
  await page.getByRole("link", { name: "Week" }).click();
  const table = page.getByRole("table");
  await table.getByText("2920").waitFor();
  expect(
    await page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth as number),
  ).toBeLessThanOrEqual(360);
  const tableBox = (await table.boundingBox())!;
  expect(tableBox.x + tableBox.width).toBeLessThanOrEqual(360);
  // the chart's day labels are drawn at a readable size, not scaled down to ~6 px
  const label = await page
    .locator(".chart text")
    .first()
    .evaluate((el) => el.getBoundingClientRect().height);
  expect(label).toBeGreaterThanOrEqual(10);
  // the over-goal day: its bar and its row are marked, and only it
  expect(await page.locator(".chart rect.over").count()).toBe(1);
  const overRows = await table.locator("tbody tr.over th").allTextContents();
  expect(overRows).toHaveLength(1);
  expect(overRows[0]).toContain(String(Number(dayBefore(2).slice(8))));
  await page.getByText("over it").waitFor();
});
