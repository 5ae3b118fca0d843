/**
 * Week → Range: a month, 90 days and a custom range show each day's kcal, macros, weigh-in and weight trend as
 * GET /stats/days has them (tables beside the charts), and Week brings the 7-day view back.
 */
import { expect, test } from "bun:test";
import { addDays } from "../../src/lib/time";
import type { Page } from "playwright-core";
import { apiGet, browserAndServer, synced } from "./harness";
import { seededAccount } from "./seed";

const env = browserAndServer();

async function seed(base: string, token: string): Promise<string> {
  const call = async (method: string, path: string, body?: unknown): Promise<any> => {
    const r = await fetch(`${base}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${await r.text()}`);
    return r.json();
  };
  const today = (await call("GET", "/stats/daily")).date as string;
  await call("PUT", "/goals", { energy_kcal: 1900, protein_g: 110, fat_g: 65, carbohydrate_g: 230 });
  // meals every other day over 100 days back, so the 90-day range holds gaps and a month holds fewer days
  for (let i = 0; i < 100; i += 2) {
    const date = addDays(today, -i);
    await call("POST", "/meals", { food_id: 9040, quantity: 100 + i, meal_type: "breakfast", date });
    await call("POST", "/meals", { quick_add: { energy_kcal: 500 + 7 * i, protein_g: 30 }, meal_type: "lunch", date });
    if (i % 6 === 0) await call("PUT", `/weights/${date}`, { kg: 80 - i * 0.05 });
  }
  return today;
}

/** The rows of the table captioned `caption`, as text cells (the day's name first). */
async function rows(page: Page, caption: string): Promise<string[][]> {
  const table = page.getByRole("table").filter({ has: page.locator("caption", { hasText: caption }) });
  await table.waitFor();
  const trs = table.locator("tbody tr");
  const out: string[][] = [];
  for (let i = 0; i < (await trs.count()); i++)
    out.push((await trs.nth(i).locator("th, td").allTextContents()).map((s) => s.trim()));
  return out;
}

async function expectAsApi(page: Page, token: string, from: string, to: string): Promise<void> {
  const api = await apiGet(env.srv.url, token, `/stats/days?from=${from}&to=${to}`);
  // the tables list the newest day first
  const energy = (await rows(page, "Energy per day")).reverse();
  const macros = (await rows(page, "Protein, fat and carbs")).reverse();
  const weight = (await rows(page, "Weight (kg) and intake")).reverse();
  expect(energy).toHaveLength(api.days.length);
  api.days.forEach((d: any, i: number) => {
    const kcal = d.meal_count ? String(Math.round(d.energy_kcal)) : "–";
    expect(energy[i]![1]).toBe(kcal);
    expect(energy[i]![2]).toBe(String(d.goals.energy_kcal));
    expect(macros[i]![1]).toBe(d.meal_count ? String(Math.round(d.protein_g * 10) / 10) : "–");
    expect(macros[i]![3]).toBe(d.meal_count ? String(Math.round(d.fat_g * 10) / 10) : "–");
    expect(weight[i]![2]).toBe(d.weight_kg === null ? "–" : String(Math.round(d.weight_kg * 10) / 10));
    expect(weight[i]![3]).toBe(d.trend_kg === null ? "–" : String(Math.round(d.trend_kg * 10) / 10));
  });
  // the range really holds days of both kinds, so the check above compared numbers, not only dashes
  expect(api.days.some((d: any) => d.meal_count > 0)).toBe(true);
  expect(api.days.some((d: any) => d.weight_kg !== null)).toBe(true);
}

test("Range: Month, 90 days and Custom show what /stats/days says; Week goes back to the 7 days", async () => {
  const account = await seededAccount(env.srv.url, { answered: false });
  const token = account.token;
  const today = await seed(env.srv.url, token);
  const { page } = await account.open(env.browser);
  await synced(page);

  await page.getByRole("link", { name: "Week" }).click();
  const range = page.getByRole("combobox", { name: "Range" });
  await range.waitFor();
  expect(await range.locator("option").allTextContents()).toEqual(["Week", "Month", "90 days", "Custom"]);

  await range.selectOption({ label: "Month" });
  await page.getByRole("heading", { level: 1, name: /^30 days to/ }).waitFor();
  await expectAsApi(page, token, addDays(today, -29), today);
  await expect(page.getByRole("img", { name: /^Energy per day against/ }).count()).resolves.toBe(1);
  await expect(page.getByRole("img", { name: /^Weight \(kg\) against intake/ }).count()).resolves.toBe(1);

  await range.selectOption({ label: "90 days" });
  await page.getByRole("heading", { level: 1, name: /^90 days to/ }).waitFor();
  await expectAsApi(page, token, addDays(today, -89), today);

  // an earlier 90 days: the same checks, one range back
  await page.getByRole("button", { name: "Earlier" }).click();
  await page
    .getByRole("heading", { level: 1, name: `90 days to ${await shortDay(page, addDays(today, -90))}` })
    .waitFor();
  await expectAsApi(page, token, addDays(today, -179), addDays(today, -90));
  await page.getByRole("button", { name: "Later" }).click();
  // Later moves the page's address; the range is that address's once the heading says so (picking Custom before
  // then took the earlier range's end, and a From after it)
  await page.getByRole("heading", { level: 1, name: `90 days to ${await shortDay(page, today)}` }).waitFor();

  await range.selectOption({ label: "Custom" });
  await page.getByLabel("From").fill(addDays(today, -20));
  const title = `${await shortDay(page, addDays(today, -20))} to ${await shortDay(page, today)}`;
  await page.getByRole("heading", { level: 1, name: title }).waitFor();
  await expectAsApi(page, token, addDays(today, -20), today);
  expect(await range.inputValue()).toBe("custom");

  await range.selectOption({ label: "Week" });
  await page.getByRole("heading", { level: 1, name: /^Week to/ }).waitFor();
  await page.getByRole("table").locator("tbody tr").nth(6).waitFor(); // drawn before its days are read
  await expect(page.getByRole("table").locator("tbody tr").count()).resolves.toBe(7);

  // a carbohydrate goal in net carbs: the carbs shown are carbohydrate − fibre, as /stats/days gives both
  const put = await fetch(`${env.srv.url}/api/v1/goals`, {
    method: "PUT",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({
      energy_kcal: 1900,
      protein_g: 110,
      fat_g: 65,
      carbohydrate_g: 200,
      net_carbs: true,
      from: null,
    }),
  });
  expect(put.ok).toBe(true);
  await synced(page);
  await range.selectOption({ label: "Month" });
  const net = (await rows(page, "Protein, fat and net carbs")).reverse();
  const api = await apiGet(env.srv.url, token, `/stats/days?from=${addDays(today, -29)}&to=${today}`);
  api.days.forEach((d: any, i: number) => {
    expect(net[i]![5]).toBe(d.meal_count ? String(Math.round((d.carbohydrate_g - d.fiber_g) * 10) / 10) : "–");
    expect(net[i]![6]).toBe("200");
  });
  expect(api.days.some((d: any) => d.fiber_g > 0)).toBe(true);
}, 120_000); // four ranges, each checked row by row against the API: long on a busy machine, never timed

const shortDay = (page: Page, date: string) =>
  page.evaluate(
    (d) =>
      new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", weekday: "short", day: "numeric", month: "short" }).format(
        new Date(`${d}T12:00:00Z`),
      ),
    date,
  );
