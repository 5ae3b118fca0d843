/**
 * Targets in the views, in a real Chromium: the day's Nutrients bars against GET /report/day (the same whole %,
 * the API's % to 0.1 rounded half away from zero, the same status, one rule, targets/assess.ts; the fill at the %
 * of the target, the upper limit in the text whenever there is one, the shown text word for word the value text);
 * Settings → Targets refusing a range that cannot be met in place, with the form kept; Settings → Profile's
 * fields; the Report at 360×640 and the Range view.
 */
import { expect, test } from "bun:test";
import { nutrientName } from "../../web/src/nutrient-names";
import { accessToken, apiGet, browserAndServer, logFood, synced } from "./harness";
import { seededAccount, seededPage } from "./seed";

const env = browserAndServer();
const halfAway = (x: number) => Math.sign(x) * Math.round(Math.abs(x));

test("each bar says what GET /report/day says: %, status, upper limit; the fill is the % of the target", async () => {
  const account = await seededAccount(env.srv.url, { answered: false });
  const token = account.token;
  // iron 1–2 mg: 200 g of lentils is over it (above), both own bounds
  const put = await fetch(`${env.srv.url}/api/v1/targets`, {
    method: "PUT",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ nutrients: { iron_mg: { minimum: 1, maximum: 2 } } }),
  });
  expect(put.status).toBe(200);
  const { page } = await account.open(env.browser);
  await logFood(page, { meal: "Breakfast", query: "banana", food: "Bananas, raw", quantity: 137 });
  await logFood(page, { meal: "Lunch", query: "lentils", food: "Lentils", quantity: 213 });
  await synced(page);
  const today = (await apiGet(env.srv.url, token, "/meals/daily")).date as string;
  const day = await apiGet(env.srv.url, token, `/report/day?date=${today}`);
  const region = page.getByRole("region", { name: "Nutrients" });
  await region.getByRole("progressbar", { name: "Iron" }).waitFor();
  for (const d of await region.locator("details:not(.first-chooser)").all())
    await d.evaluate((el) => el.setAttribute("open", ""));
  await expect(region.textContent()).resolves.toContain("upper limit, where it is under 150 % of the target");
  let compared = 0;
  let limits = 0;
  for (const item of day.items) {
    const target = item.minimum ?? item.maximum;
    if (!target || item.total === null || item.key === "energy_kcal") continue;
    const name = nutrientName(item.key, item.name);
    const li = region.getByRole("listitem").filter({ has: page.getByRole("progressbar", { name, exact: true }) });
    const bar = li.getByRole("progressbar");
    const pct = halfAway(item.minimum ? item.percent_of_minimum : Math.round((1000 * item.total) / target) / 10);
    expect(Number(await bar.getAttribute("aria-valuenow")), name).toBe(pct);
    const text = (await bar.getAttribute("aria-valuetext"))!;
    expect(text, name).toStartWith(`${pct} % of `);
    // the shown words are the value text
    expect((await li.locator(".nbar-value").textContent())!.trim(), name).toBe(text);
    expect(text.includes("over the upper limit"), name).toBe(item.status === "above");
    if (item.minimum !== null && item.maximum !== null) {
      expect(text, name).toContain("upper limit ");
      limits++;
    }
    // the fill: the target sits at two thirds of the track
    const [fill, track] = await Promise.all([li.locator(".nfill").boundingBox(), bar.boundingBox()]);
    expect(Math.abs(fill!.width - (track!.width * Math.min(pct, 150)) / 150), name).toBeLessThanOrEqual(1.5);
    compared++;
  }
  expect(compared).toBeGreaterThan(15);
  expect(limits).toBeGreaterThan(5);
  const iron = day.items.find((i: { key: string }) => i.key === "iron_mg");
  expect(iron.status).toBe("above");
  await expect(region.getByRole("progressbar", { name: "Iron" }).getAttribute("aria-valuetext")).resolves.toEndWith(
    ", over the upper limit",
  );
}, 120_000);

test("Settings → Targets: a minimum above the upper limit is refused in place, the form kept, nothing sent", async () => {
  const { page } = await seededPage(env.browser, env.srv.url, { answered: false });
  const token = await accessToken(page);
  await page.getByRole("link", { name: "Settings" }).click();
  const region = page.getByRole("region", { name: "Targets" });
  const zinc = region.getByRole("row").filter({ has: page.getByRole("rowheader", { name: /^Zinc/ }) });
  await zinc.getByRole("spinbutton", { name: "Minimum" }).fill("50");
  await region.getByRole("button", { name: "Save targets" }).click();
  await region.getByText("Zinc, Minimum: 50 is above its upper limit 40 mg (UL); lower it or set a maximum.").waitFor();
  expect(await zinc.getByRole("spinbutton", { name: "Minimum" }).inputValue()).toBe("50");
  // sodium's maximum under its minimum (AI 1500 mg)
  await zinc.getByRole("spinbutton", { name: "Minimum" }).fill("");
  const sodium = region.getByRole("row").filter({ has: page.getByRole("rowheader", { name: /^Sodium/ }) });
  await sodium.getByRole("spinbutton", { name: "Maximum" }).fill("300");
  await region.getByRole("button", { name: "Save targets" }).click();
  await region.getByText(/^Sodium, Maximum: 300 is below its minimum 1500 mg \(AI\)/).waitFor();
  await synced(page);
  expect((await apiGet(env.srv.url, token, "/targets")).settings.nutrients).toEqual({});
}, 120_000);

test("Report at 360×640: the nutrient's name stays in view scrolled sideways; macro amounts on one line", async () => {
  const { page } = await seededPage(env.browser, env.srv.url, { answered: false });
  await page.getByRole("button", { name: "Previous day" }).click();
  await logFood(page, { meal: "Breakfast", query: "oatmeal", food: "Cereals, oats", quantity: 60 });
  await logFood(page, { meal: "Lunch", query: "banana", food: "Bananas, raw", quantity: 120 });
  await synced(page);
  await page.getByRole("link", { name: "Report" }).click();
  const goals = page.getByRole("table", { name: "Energy and macros against your goals (average per day)" });
  await goals.waitFor();
  expect(await goals.getByRole("columnheader").allTextContents()).toEqual([
    "Nutrient",
    "Average",
    "Goal",
    "Difference",
  ]);
  // every amount on one line: its text's boxes share one top
  const lines = await goals.locator("td").evaluateAll((tds) =>
    tds.map((td) => {
      const r = (globalThis as any).document.createRange();
      r.selectNodeContents(td);
      return new Set([...r.getClientRects()].map((b: { top: number }) => Math.round(b.top))).size;
    }),
  );
  expect(lines.length).toBeGreaterThan(0);
  expect(lines.every((n) => n <= 1)).toBe(true);
  const scroller = page.getByRole("group", { name: "Nutrients against your targets, table" });
  await scroller.evaluate((el) => el.scrollBy(10_000, 0));
  await page.waitForFunction(
    () => ((globalThis as any).document.querySelector(".table-scroll:has(.report-items)")?.scrollLeft ?? 0) > 0,
  );
  await scroller.evaluate((el) => {
    const w = globalThis as any;
    w.scrollTo(0, el.getBoundingClientRect().top + w.scrollY - 60);
  });
  const box = (await scroller.boundingBox())!;
  const name = (await page.getByRole("rowheader", { name: "Iron" }).boundingBox())!;
  expect(name.x).toBeGreaterThanOrEqual(box.x - 1);
  expect(name.x).toBeLessThan(box.x + 5);
}, 120_000);

test("Settings → Profile: pregnancy and lactation only with sex Female or not said; no word of iodine", async () => {
  const { page } = await seededPage(env.browser, env.srv.url, { answered: false });
  await page.getByRole("link", { name: "Settings" }).click();
  const profile = page.getByRole("region", { name: "Profile" });
  const stage = profile.getByRole("combobox", { name: "Life stage" });
  const options = () => stage.locator("option").allTextContents();
  await stage.locator("option").nth(2).waitFor({ state: "attached" }); // not said: all three
  expect(await options()).toEqual(["None", "Pregnancy", "Breastfeeding (lactation)"]);
  await profile.getByRole("combobox", { name: "Sex" }).selectOption({ label: "Male" });
  await stage.locator("option").nth(1).waitFor({ state: "detached" });
  expect(await options()).toEqual(["None"]);
  await profile.getByRole("combobox", { name: "Sex" }).selectOption({ label: "Female" });
  await stage.locator("option").nth(2).waitFor({ state: "attached" });
  expect((await profile.textContent())!.toLowerCase()).not.toContain("iodine");
}, 120_000);

test("Range: a macro no entry of a day gives is –, fibre has a column, newest first; a From too far back says why", async () => {
  const account = await seededAccount(env.srv.url, { answered: false });
  const token = account.token;
  const today = (await apiGet(env.srv.url, token, "/meals/daily")).date as string;
  const day = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
  const post = (body: unknown) =>
    fetch(`${env.srv.url}/api/v1/meals`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  // yesterday: a quick add of energy and protein only; two days back: oats, which say everything
  expect(
    (await post({ quick_add: { energy_kcal: 600, protein_g: 30 }, meal_type: "lunch", date: day(-1) })).status,
  ).toBe(201);
  expect((await post({ food_id: 8120, quantity: 80, meal_type: "breakfast", date: day(-2) })).status).toBe(201);
  const { page } = await account.open(env.browser);
  await synced(page);
  await page.goto(`${env.srv.url}/#/week/${today}/month`);
  const table = page.getByRole("table").filter({ has: page.locator("caption", { hasText: "Protein, fat and carbs" }) });
  await table.waitFor();
  expect(await table.getByRole("columnheader").allTextContents()).toEqual([
    "Day",
    "Protein",
    "Goal",
    "Fat",
    "Goal",
    "Carbs",
    "Goal",
    "Fibre",
  ]);
  const rows = table.locator("tbody tr");
  const cells = async (i: number) => (await rows.nth(i).locator("th, td").allTextContents()).map((s) => s.trim());
  const stats = await apiGet(env.srv.url, token, `/stats/days?from=${day(-2)}&to=${day(-1)}`);
  // newest first: today, yesterday, two days back
  const [, quick, oats] = [await cells(0), await cells(1), await cells(2)];
  expect(quick[1]).toBe("30");
  expect([quick[3], quick[5], quick[7]]).toEqual(["–", "–", "–"]); // not known, not 0 g
  expect(oats[7]).toBe(String(Math.round(stats.days[0].fiber_g * 10) / 10));
  expect(Number(oats[7])).toBeGreaterThan(0);

  await page.getByRole("combobox", { name: "Range" }).selectOption({ label: "Custom" });
  const from = page.getByLabel("From", { exact: true });
  await from.fill("2020-01-01");
  const alert = page.getByRole("alert").filter({ hasText: "A range is at most 366 days" });
  await alert.waitFor();
  await expect(alert.textContent()).resolves.toContain(`From can go back to ${day(-365)}`);
  // changing To next keeps the From typed and the reason
  await page.getByLabel("To", { exact: true }).fill(day(-1));
  await alert.waitFor();
  expect(await from.inputValue()).toBe("2020-01-01");
}, 120_000);
