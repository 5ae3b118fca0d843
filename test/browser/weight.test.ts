/**
 * The Weight view at 360×640: a weigh-in saved in the account's unit, the chart and table against
 * GET /weights (value and trend), a bad weight refused with the rule, a weigh-in saved offline that
 * reaches the server once back online, Delete with Undo, and another account that sees none of it.
 */
import { expect, test } from "bun:test";
import { addDays } from "../../src/lib/time";
import type { Page } from "playwright-core";
import { accessToken, apiGet, apiSend, browserAndServer, readyForOffline, status, synced, todayOf } from "./harness";
import { seededPage } from "./seed";

const env = browserAndServer();

async function saveWeight(page: Page, value: string, date?: string) {
  await page.getByRole("spinbutton", { name: "Weight", exact: true }).fill(value);
  if (date) await page.getByLabel("Date").fill(date);
  await page.getByRole("button", { name: "Save weight" }).click();
}

const rows = (page: Page) => page.locator("table.weights tbody tr");

test("log weigh-ins, see them and their trend as the API has them, refuse a bad one, delete and undo", async () => {
  const { ctx, page } = await seededPage(env.browser, env.srv.url, { answered: false, own: true });
  const token = await accessToken(page);
  await page.getByRole("link", { name: "Weight" }).click();
  await page.getByRole("heading", { level: 1, name: "Weight" }).waitFor();
  const today = (await apiGet(env.srv.url, token, "/meals/daily")).date as string;
  const before = (n: number) => new Date(Date.parse(`${today}T12:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

  await saveWeight(page, "10");
  await page.getByText("Enter a weight from 20 to 400 kg.").waitFor();
  await saveWeight(page, "81.2", before(6));
  await saveWeight(page, "80.6", before(3));
  await saveWeight(page, "80.1");
  // the three are on this device (a save may wait for the form's rules to load) before the queue is checked
  await page.waitForFunction(
    () => (globalThis as any).document.querySelectorAll("table.weights tbody tr").length === 3,
  );
  await synced(page);
  await page.getByRole("img", { name: "Weight trend" }).waitFor();

  const api = await apiGet(env.srv.url, token, `/weights?from=${before(10)}&to=${today}`);
  expect(api.items.map((w: { date: string; value: number }) => [w.date, w.value])).toEqual([
    [before(6), 81.2],
    [before(3), 80.6],
    [today, 80.1],
  ]);
  expect(await rows(page).count()).toBe(3);
  // newest first: each row's weight and trend are the API's
  for (const [i, w] of [...api.items].reverse().entries()) {
    const cells = await rows(page).nth(i).locator("td").allTextContents();
    expect(Number(cells[0])).toBe(w.value);
    expect(Number(cells[1])).toBe(Math.round(w.trend_kg * 10) / 10);
  }

  await rows(page).first().getByRole("button").click();
  await page.waitForFunction(
    () => (globalThis as any).document.querySelectorAll("table.weights tbody tr").length === 2,
  );
  await synced(page);
  expect(
    (await fetch(`${env.srv.url}/api/v1/weights/${today}`, { headers: { authorization: `Bearer ${token}` } })).status,
  ).toBe(404);
  await page.getByRole("button", { name: "Undo" }).click();
  await page.waitForFunction(
    () => (globalThis as any).document.querySelectorAll("table.weights tbody tr").length === 3,
  );
  await synced(page);
  expect((await apiGet(env.srv.url, token, `/weights/${today}`)).value).toBe(80.1);

  // another account on this server sees no weigh-ins
  const other = await seededPage(env.browser, env.srv.url, { answered: false, own: true });
  await other.page.getByRole("link", { name: "Weight" }).click();
  await other.page.getByText("No weigh-ins yet.", { exact: false }).waitFor();
  expect(await rows(other.page).count()).toBe(0);
  await other.ctx.close();
  await ctx.close();
});

test("a weigh-in saved offline is shown at once and reaches the server when it is back", async () => {
  const { ctx, page, token } = await readyForOffline(env.browser, env.srv.url);
  await ctx.setOffline(true);
  await page.getByRole("link", { name: "Weight" }).click();
  await saveWeight(page, "72.5");
  await expect(rows(page).first().locator("td").first().textContent()).resolves.toBe("72.5");
  await status(page).filter({ hasText: "1 change waiting" }).waitFor();
  await ctx.setOffline(false);
  await synced(page);
  const today = (await apiGet(env.srv.url, token, "/meals/daily")).date as string;
  expect((await apiGet(env.srv.url, token, `/weights/${today}`)).value).toBe(72.5);
  await ctx.close();
});

/** Waits for a condition (the test's timeout bounds it; `what` names it for whoever reads a timeout). */
async function until(check: () => Promise<boolean>, _what: string): Promise<void> {
  while (!(await check())) await Bun.sleep(25);
}

const send = (token: string, method: string, path: string, body?: unknown) =>
  apiSend(env.srv.url, token, method, path, body);

test("Weight: the ETA says the year when it is not this year's and whether the trend loses or gains; today's body fat shows plainly", async () => {
  const { page } = await seededPage(env.browser, env.srv.url, {
    answered: false,
    viewport: { width: 1280, height: 800 },
  });
  const token = await accessToken(page);
  const today = await todayOf(page);
  for (let i = 14; i >= 0; i--)
    expect((await send(token, "PUT", `/weights/${addDays(today, -i)}`, { kg: 90 - (14 - i) * 0.1 })).status).toBe(201);
  expect((await send(token, "PUT", "/activity-settings", { target_kg: 60 })).status).toBe(200);
  expect((await send(token, "PUT", `/daily-values/${today}/body_fat_pct`, { value: 24.5 })).status).toBe(201);
  await page.reload();
  await synced(page);
  await page.getByRole("link", { name: "Weight" }).click();
  const eta = page.locator("#target-eta");
  await until(async () => (await eta.textContent())!.includes("loses"), "loses in the ETA");
  const text = (await eta.textContent())!;
  expect(text).toMatch(/Your trend loses 0\.\d+ kg a week/);
  // 30 kg at 0.7 kg a week is 250 to 400 days on: in another year whenever both ends are
  const year = (n: number) => addDays(today, n).slice(0, 4);
  if (year(250) === year(400) && year(250) !== today.slice(0, 4)) expect(text).toContain(` ${year(250)} (`);
  else expect(text).toMatch(/reach it around \w{3} \d{1,2} \w{3}( \d{4})? \(/);
  await expect(page.locator(".saved-today").textContent()).resolves.toContain("Body fat 24.5 %");
});
