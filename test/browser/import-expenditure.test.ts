/**
 * Settings → Import (another tracker's files: preview, then import) and Week → Expenditure (the
 * estimate, and an energy goal set with one tap), at phone size, in a real Chromium against a real
 * server. The numbers the page shows are checked against the API's.
 */
import { expect, test } from "bun:test";
import { join } from "node:path";
import { addDays } from "../../src/lib/time";
import { accessToken, apiGet, apiSend, browserAndServer, synced } from "./harness";
import { seededPage } from "./seed";

const env = browserAndServer();
const SAMPLES = join(import.meta.dir, "..", "portability", "samples");

const send = (token: string, method: string, path: string, body?: unknown) =>
  apiSend(env.srv.url, token, method, path, body);

test("Cronometer files: preview says what will come and what cannot, Import brings the meals to the day", async () => {
  const { page } = await seededPage(env.browser, env.srv.url, { answered: false });
  const token = await accessToken(page);
  await page.getByRole("link", { name: "Settings" }).click();
  await page.getByRole("combobox", { name: "Format" }).selectOption("cronometer");
  await page
    .getByLabel("Import file")
    .setInputFiles([join(SAMPLES, "cronometer-servings.csv"), join(SAMPLES, "cronometer-biometrics.csv")]);
  await expect(page.getByRole("button", { name: "Import", exact: true }).isDisabled()).resolves.toBe(true);
  await page.getByRole("button", { name: "Preview import" }).click();
  const preview = page.getByLabel("Import preview");
  await preview
    .getByText("11 meals to add (7 as foods from the catalogue, 4 as quick adds)", { exact: false })
    .waitFor();
  await preview
    .getByText('cronometer-servings.csv, line 11, column 6: energy (kcal) "not a number" is not a number')
    .waitFor();
  expect((await apiGet(env.srv.url, token, "/meals/daily?date=2026-09-14")).meals).toEqual([]); // a preview writes nothing
  await preview
    .getByText("Not imported (Morsel has nowhere to keep them yet): 1 body-fat reading", { exact: false })
    .waitFor();
  // a file with a line that cannot be read is imported only once the person agrees to leave it out
  const importButton = page.getByRole("button", { name: "Import", exact: true });
  await expect(importButton.isDisabled()).resolves.toBe(true);
  await page.getByText("A line of the file cannot be read: tick", { exact: false }).waitFor(); // said by the button
  await preview.getByRole("checkbox", { name: "Leave out the lines that cannot be read" }).check();
  await importButton.click();
  await page.getByText("Imported 11 meals and 3 weigh-ins.").waitFor();
  await synced(page);
  await page.goto(`${env.srv.url}/#/day/2026-09-14`);
  await page.getByText("Bananas, raw").first().waitFor();
  await page.getByText("Chicken Burrito Bowl (1.00 serving)").waitFor();
  const day = await apiGet(env.srv.url, token, "/stats/daily?date=2026-09-14");
  await page.getByText(`${Math.round(day.totals.energy_kcal)} kcal eaten`).waitFor(); // the app writes kcal without separators
}, 120_000);

test("Week shows the estimated expenditure; one tap sets the energy goal it suggests", async () => {
  const { page } = await seededPage(env.browser, env.srv.url, { answered: false });
  const token = await accessToken(page);
  const me = await apiGet<{ timezone: string }>(env.srv.url, token, "/me");
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: me.timezone }).format(new Date());
  // 28 days: 2,000 kcal on three of every four days, weight falling 0.05 kg a day (so about 2,385 kcal/day)
  for (let i = 0; i < 28; i++) {
    const date = addDays(today, -27 + i);
    if (i % 4 !== 3)
      expect(
        (await send(token, "POST", "/meals", { meal_type: "lunch", date, quick_add: { energy_kcal: 2000 } })).status,
      ).toBe(201);
    expect((await send(token, "PUT", `/weights/${date}`, { kg: 90 - 0.05 * i })).status).toBe(201);
  }
  const e = await apiGet(env.srv.url, token, "/stats/expenditure");
  expect(e.enough_data).toBe(true);
  await page.getByRole("link", { name: "Week" }).click();
  const region = page.getByRole("region", { name: "Expenditure" });
  await region.getByText(`About ${e.expenditure_kcal} kcal a day`).waitFor();
  const lose = e.suggestions.find((s: { rate_per_week: number }) => s.rate_per_week === -0.5);
  const button = region.getByRole("button", { name: `Lose 0.5 kg a week: ${lose.energy_kcal} kcal` });
  await button.scrollIntoViewIfNeeded();
  await button.click();
  await region.getByText(`Energy goal set to ${lose.energy_kcal} kcal`).waitFor();
  await synced(page);
  for (;;) {
    const goals = await apiGet(env.srv.url, token, "/goals");
    if (goals.energy_kcal === lose.energy_kcal) break;
    await Bun.sleep(100);
  }
}, 120_000);

test("Week → Expenditure without enough data says what is missing as a sentence", async () => {
  const { page } = await seededPage(env.browser, env.srv.url, { answered: false });
  const token = await accessToken(page);
  const e = await apiGet(env.srv.url, token, "/stats/expenditure");
  expect(e.enough_data).toBe(false);
  await page.getByRole("link", { name: "Week" }).click();
  const region = page.getByRole("region", { name: "Expenditure" });
  const said = region.getByText("Not enough data yet:", { exact: false });
  await said.waitFor();
  expect(await said.textContent()).toBe(`N${e.message.slice(1)}.`);
}, 60_000);
