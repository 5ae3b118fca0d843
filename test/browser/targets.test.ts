/**
 * Nutrient targets in a real Chromium against a real server: the day's Nutrients bars (each bar's % is the
 * API's day total ÷ the API's target; a value no food gives is "not known", never 0 %), Settings → Profile and
 * Targets (saved offline first, synced, and the server's targets follow), and the Report's figures against
 * GET /report.
 */
import { expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { nutrientName } from "../../web/src/nutrient-names";
import { accessToken, apiGet, browserAndServer, logFood, readyForOffline, status, synced } from "./harness";
import { seededAccount, seededPage } from "./seed";

const env = browserAndServer();

/** Every progressbar of the Nutrients region (the "more" ones opened): name → [valuenow or null, valuetext]. */
async function bars(page: Page): Promise<Map<string, [number | null, string]>> {
  const region = page.getByRole("region", { name: "Nutrients" });
  await region.getByRole("progressbar").first().waitFor();
  for (const d of await region.locator("details:not(.first-chooser)").all())
    await d.evaluate((el) => el.setAttribute("open", ""));
  const out = new Map<string, [number | null, string]>();
  for (const b of await region.getByRole("progressbar").all()) {
    const now = await b.getAttribute("aria-valuenow");
    out.set((await b.getAttribute("aria-label"))!, [
      now === null ? null : Number(now),
      (await b.getAttribute("aria-valuetext"))!,
    ]);
  }
  return out;
}

test("each bar's % is the API's day total ÷ its target; a value no food gives is not known, one some give says so", async () => {
  const { page } = await seededPage(env.browser, env.srv.url, { answered: false });
  const token = await accessToken(page);
  await logFood(page, { meal: "Breakfast", query: "banana", food: "Bananas, raw", quantity: 150 });
  await logFood(page, { meal: "Lunch", query: "lentils", food: "Lentils", quantity: 200 });
  const snack = page.getByRole("region", { name: "Snack" });
  await snack.getByRole("button", { name: "Quick add" }).click();
  await snack.getByRole("spinbutton", { name: "Calories (kcal)" }).fill("250");
  await snack.getByRole("button", { name: "Add", exact: true }).click();
  await snack.getByRole("listitem").waitFor();
  // marked complete, today counts in the report: its averages over one day are the day's totals
  await page.getByRole("checkbox", { name: "Day complete" }).check();
  await synced(page);
  const today = (await apiGet(env.srv.url, token, "/meals/daily")).date as string;
  const targets = await apiGet(env.srv.url, token, `/targets?date=${today}`);
  const report = await apiGet(env.srv.url, token, `/report?from=${today}&to=${today}`);
  expect(report.days_counted).toBe(1);
  // the API's day total of each nutrient: the stored meals' own values for the eight meal nutrients, the
  // foods' values per 100 g × grams for the rest
  const day = await apiGet(env.srv.url, token, "/meals/daily");
  const foods = new Map<number, any>();
  for (const m of day.meals) if (m.food) foods.set(m.food.id, await apiGet(env.srv.url, token, `/foods/${m.food.id}`));
  const total = (key: string) =>
    key in day.totals
      ? day.totals[key]
      : day.meals.reduce(
          (a: number, m: any) => a + (m.food ? ((foods.get(m.food.id).nutrients[key] ?? 0) * m.grams) / 100 : 0),
          0,
        );
  const dayReport = await apiGet(env.srv.url, token, `/report/day?date=${today}`);
  const shown = await bars(page);
  let compared = 0;
  let unknown = 0;
  let partial = 0;
  for (const t of targets.items) {
    const target = t.minimum ?? t.maximum;
    if (target === null || target === 0) continue;
    const bar = shown.get(nutrientName(t.key, t.name));
    expect(bar, `a bar for ${t.name}`).toBeDefined();
    const r = report.items.find((i: { key: string }) => i.key === t.key);
    if (r.average === null) {
      // no entry gives it: not known, no value, never drawn as zero
      expect(bar![0]).toBeNull();
      expect(bar![1]).toStartWith("not known");
      unknown++;
      continue;
    }
    expect(Math.abs(r.average - total(t.key))).toBeLessThanOrEqual(0.005 + 1e-9); // the report agrees, to its 0.01
    expect(Math.abs(bar![0]! - (100 * total(t.key)) / target), t.name).toBeLessThanOrEqual(0.55 + 0.5 / target); // the API's total to 0.01, % to 0.1, then whole
    // and GET /report/day, the day's bars as the server works them out, says the same % (to its 0.1)
    const d = dayReport.items.find((i: { key: string }) => i.key === t.key);
    // (its total is kept to 0.01 of the unit before the %: that much more leeway)
    if (t.minimum)
      expect(Math.abs(bar![0]! - d.percent_of_minimum), t.name).toBeLessThanOrEqual(0.55 + 0.5 / t.minimum);
    compared++;
    if (r.from_foods.known < r.from_foods.of) {
      expect(bar![1]).toContain(`from ${r.from_foods.known} of ${r.from_foods.of} foods`);
      partial++;
    }
  }
  expect(compared).toBeGreaterThan(15);
  expect(partial).toBeGreaterThan(0); // the quick add gives no vitamins: every one is "from 2 of 3 foods"
  expect(unknown + compared).toBe(targets.items.filter((t: any) => (t.minimum ?? t.maximum) > 0).length);

  // the day before: one quick add, which gives energy and macros only; every other nutrient is not known, not 0 %
  await page.getByRole("button", { name: "Previous day" }).click();
  const lunch = page.getByRole("region", { name: "Lunch" });
  await lunch.getByRole("button", { name: "Quick add" }).click();
  await lunch.getByRole("spinbutton", { name: "Calories (kcal)" }).fill("600");
  await lunch.getByRole("spinbutton", { name: "Protein (g)" }).fill("30");
  await lunch.getByRole("button", { name: "Add", exact: true }).click();
  await lunch.getByRole("listitem").waitFor();
  await synced(page);
  const before = await bars(page);
  const iron = before.get("Iron")!;
  expect(iron[0]).toBeNull();
  expect(iron[1]).toBe("not known: the one food does not say how much");
  await expect(
    page.getByRole("region", { name: "Nutrients" }).getByRole("listitem").filter({ hasText: /^Iron/ }).textContent(),
  ).resolves.toContain("not known");
  const protein = before.get("Protein")!;
  expect(protein[0]).toBe(Math.round((100 * 30) / targets.items.find((t: any) => t.key === "protein_g").minimum));
  expect([...before.values()].filter(([v]) => v === null).length).toBe(before.size - 1); // all but protein
});

test("Settings → Profile and Targets, saved offline, reach the server; the day's bars follow the new target", async () => {
  const { ctx, page, token } = await readyForOffline(env.browser, env.srv.url);
  await logFood(page, { meal: "Lunch", query: "lentils", food: "Lentils", quantity: 200 });
  await synced(page);
  await page.getByRole("link", { name: "Settings" }).click();
  const profile = page.getByRole("region", { name: "Profile" });
  await profile.waitFor();
  await ctx.setOffline(true);
  await profile.getByRole("combobox", { name: "Sex" }).selectOption({ label: "Female" });
  await profile.getByRole("spinbutton", { name: "Birth year" }).fill("1990");
  await profile.getByRole("spinbutton", { name: "Height" }).fill("168");
  await profile.getByRole("combobox", { name: "Life stage" }).selectOption({ label: "Pregnancy" });
  await profile.getByRole("button", { name: "Save profile" }).click();
  const targetsRegion = page.getByRole("region", { name: "Targets" });
  const iron = targetsRegion.getByRole("row").filter({ has: page.getByRole("rowheader", { name: /^Iron/ }) });
  // offline, the defaults already follow the profile (pregnancy: iron RDA 27 mg)
  await iron.filter({ hasText: "RDA 27" }).waitFor();
  await iron.getByRole("spinbutton", { name: "Minimum" }).fill("30");
  await targetsRegion.getByRole("button", { name: "Save targets" }).click();
  await status(page).filter({ hasText: "2 changes waiting" }).waitFor();
  await ctx.setOffline(false);
  await synced(page);
  expect(await apiGet(env.srv.url, token, "/targets/profile")).toMatchObject({
    sex: "female",
    birth_year: 1990,
    height_cm: 168,
    life_stage: "pregnancy",
  });
  const doc = await apiGet(env.srv.url, token, "/targets");
  const ironTarget = doc.items.find((t: { key: string }) => t.key === "iron_mg");
  expect(ironTarget).toMatchObject({ minimum: 30, minimum_from: "you" });
  expect(doc.items.find((t: { key: string }) => t.key === "folate_ug").minimum).toBe(600); // pregnancy's RDA

  await page.getByRole("link", { name: "Today" }).click();
  const shown = await bars(page);
  const lentils = (await apiGet(env.srv.url, token, "/meals/daily")).meals[0];
  const food = await apiGet(env.srv.url, token, `/foods/${lentils.food.id}`);
  const ironEaten = (food.nutrients.iron_mg * lentils.grams) / 100;
  expect(Math.abs(shown.get("Iron")![0]! - (100 * ironEaten) / 30)).toBeLessThanOrEqual(0.51);
  await ctx.close();
}, 120_000);

test("a profile and a weigh-in made elsewhere arrive by sync; Targets shows GET /targets' defaults and energy reference", async () => {
  const account = await seededAccount(env.srv.url, { answered: false });
  const token = account.token;
  const put = (path: string, body: unknown) =>
    fetch(`${env.srv.url}/api/v1${path}`, {
      method: "PUT",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  expect(
    (await put("/targets/profile", { sex: "male", birth_year: 1980, height_cm: 180, activity: "active" })).ok,
  ).toBe(true);
  const today = (await apiGet(env.srv.url, token, "/meals/daily")).date as string;
  expect((await put(`/weights/${today}`, { kg: 80 })).ok).toBe(true);
  const { page } = await account.open(env.browser);
  await synced(page);
  await page.getByRole("link", { name: "Settings" }).click();
  const doc = await apiGet(env.srv.url, token, "/targets");
  expect(doc.energy_reference.kcal).toBeGreaterThan(2000);
  const region = page.getByRole("region", { name: "Targets" });
  await region.getByText(`Energy reference for your profile: ${doc.energy_reference.kcal} kcal a day`).waitFor();
  await expect(
    page.getByRole("region", { name: "Profile" }).getByRole("combobox", { name: "Sex" }).inputValue(),
  ).resolves.toBe("male");
  for (const t of doc.items) {
    const row = region.getByRole("row").filter({
      has: page.getByRole("rowheader", { name: new RegExp(`^${reEscape(nutrientName(t.key, t.name))} \\(`) }),
    });
    const text = (await row.getByRole("rowheader").textContent())!;
    if (t.reference.minimum) expect(text, t.key).toContain(`${t.reference.minimum.kind} ${t.reference.minimum.value} `);
    if (t.reference.maximum) expect(text, t.key).toContain(`${t.reference.maximum.kind} ${t.reference.maximum.value} `);
  }
});

test("the Report shows GET /report's figures, for a week and a month", async () => {
  const { page } = await seededPage(env.browser, env.srv.url, {
    answered: false,
    viewport: { width: 1280, height: 800 },
  });
  const token = await accessToken(page);
  await page.getByRole("button", { name: "Previous day" }).click();
  await logFood(page, { meal: "Breakfast", query: "oatmeal", food: "Cereals, oats", quantity: 60 });
  await logFood(page, { meal: "Dinner", query: "salmon", food: "Fish, salmon", quantity: 180 });
  await page.getByRole("button", { name: "Previous day" }).click();
  await logFood(page, { meal: "Lunch", query: "banana", food: "Bananas, raw", quantity: 120 });
  await synced(page);
  await page.getByRole("link", { name: "Report" }).click();
  for (const period of ["week", "month"] as const) {
    if (period === "month") await page.getByRole("combobox", { name: "Period" }).selectOption("month");
    const table = page.getByRole("table", { name: "Nutrients against your targets (average per day)" });
    await table.waitFor();
    const r = await apiGet(env.srv.url, token, `/report?period=${period}`);
    expect(r.days_counted).toBe(2);
    await page.getByText(`Average per day over 2 complete days (${r.from_foods} entries)`).waitFor();
    const rows = table.locator("tbody tr");
    expect(await rows.count()).toBe(r.items.length);
    for (let i = 0; i < r.items.length; i++) {
      const item = r.items[i];
      const cells = await rows.nth(i).locator("th, td").allTextContents();
      expect(cells[0]).toBe(nutrientName(item.key, item.name));
      if (item.average === null) expect(cells[1]).toBe("not known");
      else expect(cells[1]).toStartWith(amount(item.average, item.unit));
      expect(cells[4]).toBe(item.percent_of_minimum === null ? "–" : `${Math.round(item.percent_of_minimum)} %`);
    }
    for (const b of r.furthest_below)
      await page
        .getByRole("heading", {
          level: 3,
          name: new RegExp(`^${reEscape(nutrientName(b.key, b.name))}: ${Math.round(b.percent_of_minimum)} %`),
        })
        .waitFor();
    expect(r.furthest_below.length).toBeGreaterThan(0);
  }
  // the CSV is the server's
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  expect((await download).suggestedFilename()).toMatch(/^morsel-report-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
});

const reEscape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const amount = (v: number, unit: string) =>
  `${unit === "kcal" ? Math.round(v) : Math.round(v * 10) / 10} ${unit === "ug" ? "µg" : unit}`;
