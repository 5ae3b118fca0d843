/**
 * `Day complete` on the day view (saved offline first, like a weigh-in, and synced) and what Week →
 * Expenditure says about the days it used and its range, in a real Chromium against a real server.
 */
import { expect, test } from "bun:test";
import { addDays } from "../../src/lib/time";
import { apiGet, apiSend, browserAndServer, logFood, readyForOffline, status, synced } from "./harness";
import { seededPage } from "./seed";

const env = browserAndServer();

const send = (token: string, method: string, path: string, body?: unknown) =>
  apiSend(env.srv.url, token, method, path, body);

test("Day complete, ticked offline, is shown at once and reaches the server when it is back; unticked, it says incomplete", async () => {
  const { ctx, page, token } = await readyForOffline(env.browser, env.srv.url);
  const today = (await apiGet(env.srv.url, token, "/meals/daily")).date as string;
  await ctx.setOffline(true);
  const box = page.getByRole("checkbox", { name: "Day complete" });
  await expect(box.isChecked()).resolves.toBe(false);
  await box.check();
  await status(page).filter({ hasText: "1 change waiting" }).waitFor();
  await ctx.setOffline(false);
  await synced(page);
  expect(await apiGet(env.srv.url, token, `/days/${today}`)).toMatchObject({ date: today, complete: true });
  await box.uncheck();
  await synced(page);
  for (;;) {
    if ((await apiGet(env.srv.url, token, `/days/${today}`)).complete === false) break;
    await synced(page);
  }
  // a mark made elsewhere arrives with the next pull
  const yesterday = addDays(today, -1);
  expect((await send(token, "PUT", `/days/${yesterday}`, { complete: true })).status).toBe(201);
  await page.goto(`${env.srv.url}/#/day/${yesterday}`);
  await synced(page);
  await page.waitForFunction(() => (globalThis as any).document.querySelector(".day-complete input")?.checked === true);
  await ctx.close();
}, 120_000);

test("Week → Expenditure says how many days it used, which it left out, and what its range means", async () => {
  const { ctx, page, token } = await readyForOffline(env.browser, env.srv.url);
  const today = (await apiGet(env.srv.url, token, "/meals/daily")).date as string;
  // 28 days of 2,000 kcal and weight falling 0.05 kg a day; every seventh day only 500 kcal was logged
  for (let i = 0; i < 28; i++) {
    const date = addDays(today, -27 + i);
    const kcal = i % 7 === 3 ? 500 : 2000;
    expect(
      (await send(token, "POST", "/meals", { meal_type: "lunch", date, quick_add: { energy_kcal: kcal } })).status,
    ).toBe(201);
    expect((await send(token, "PUT", `/weights/${date}`, { kg: 90 - 0.05 * i })).status).toBe(201);
  }
  const e = await apiGet(env.srv.url, token, "/stats/expenditure");
  // today is not over: left out until it is marked complete
  expect(e).toMatchObject({
    enough_data: true,
    days_used: 23,
    days_left_out: { implausibly_low: 4, today_not_over: 1 },
  });
  await page.getByRole("link", { name: "Week" }).click();
  const region = page.getByRole("region", { name: "Expenditure" });
  await region.getByText(`About ${e.expenditure_kcal} kcal a day`).waitFor();
  await region
    .getByText(
      `Likely between ${e.range_kcal.low} and ${e.range_kcal.high} kcal: on diaries like yours, 9 estimates in 10 have the true figure in this range.`,
      { exact: false },
    )
    .waitFor();
  await region.getByText("on the 23 whole days you logged", { exact: false }).waitFor();
  await region
    .getByText("Left out: 4 that look partly logged, today, until it is over or marked complete.", { exact: false })
    .waitFor();
  await ctx.close();
}, 120_000);

test("Day complete is a normal checkbox beside its label in a card; Week says why today is not averaged yet", async () => {
  const { page } = await seededPage(env.browser, env.srv.url, { answered: false });
  await logFood(page, { meal: "Lunch", query: "banana", food: "Bananas, raw" });
  await synced(page);
  const box = page.getByRole("checkbox", { name: "Day complete" });
  const b = (await box.boundingBox())!;
  expect(b.width).toBeLessThanOrEqual(30);
  expect(await box.evaluate((e) => !!e.closest(".group"))).toBe(true); // inside a card
  // beside its label, on one line (measured together: the day may still be settling)
  const off = await box.evaluate((e) => {
    const l = e.closest("label")!.getBoundingClientRect();
    const r = e.getBoundingClientRect();
    return Math.abs(l.top + l.height / 2 - (r.top + r.height / 2)) + (l.height > 60 ? 100 : 0);
  });
  expect(off).toBeLessThan(8);

  await page.getByRole("link", { name: "Week" }).click();
  const foot = page.locator("table tfoot th");
  await foot.waitFor();
  await expect(foot.textContent()).resolves.toBe("Average: today counts once it is over or marked Day complete");
});
