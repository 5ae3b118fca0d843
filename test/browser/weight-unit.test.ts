/**
 * The weight unit, at 360×640: set through the API, the app follows it (Weight and Expenditure alike); Settings →
 * Weight unit changes it in the account; an import preview shows the weigh-ins with the unit it reads them in,
 * and `Weigh-ins are in` reads them again in another before importing. Numbers are checked against the API.
 */
import { expect, test } from "bun:test";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { addDays } from "../../src/lib/time";
import { accessToken, apiGet, apiSend, browserAndServer, synced } from "./harness";
import { seededAccount, seededPage } from "./seed";

const env = browserAndServer();
const MFP = join(import.meta.dir, "..", "portability", "samples", "mfp-measurements.csv");

const send = (token: string, method: string, path: string, body?: unknown) =>
  apiSend(env.srv.url, token, method, path, body);

const cells = (page: Page) => page.locator("table.weights tbody tr").first().locator("td").allTextContents();

test("a pound account set through the API: Weight and Expenditure both speak lb", async () => {
  const account = await seededAccount(env.srv.url, { answered: false });
  const token = account.token;
  expect((await send(token, "PATCH", "/me", { weight_unit: "lb" })).status).toBe(200);
  const me = await apiGet<{ timezone: string }>(env.srv.url, token, "/me");
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: me.timezone }).format(new Date());
  for (let i = 0; i < 28; i++) {
    const date = addDays(today, -27 + i);
    if (i % 4 !== 3)
      await send(token, "POST", "/meals", { meal_type: "lunch", date, quick_add: { energy_kcal: 2000 } });
    if (i < 27) await send(token, "PUT", `/weights/${date}`, { kg: 81.3 - 0.05 * i });
  }
  const { page } = await account.open(env.browser); // the app opens again, and reads the account
  await page.getByRole("link", { name: "Weight" }).click();
  await page.locator("#weight-unit").filter({ hasText: "lb" }).waitFor();
  await page.getByRole("spinbutton", { name: "Weight", exact: true }).fill("176.2");
  await page.getByRole("button", { name: "Save weight" }).click();
  await synced(page);
  const w = await apiGet(env.srv.url, token, `/weights/${today}`);
  expect([w.kg, w.value, w.unit]).toEqual([79.923, 176.2, "lb"]);
  expect((await cells(page))[0]).toBe("176.2");
  await page.getByRole("columnheader", { name: "Weight (lb)" }).waitFor();

  await page.getByRole("link", { name: "Week" }).click();
  const e = await apiGet(env.srv.url, token, "/stats/expenditure");
  expect(e.weight_unit).toBe("lb");
  const region = page.getByRole("region", { name: "Expenditure" });
  const lose = e.suggestions.find((s: { rate_per_week: number }) => s.rate_per_week === -1);
  await region.getByRole("button", { name: `Lose 1 lb a week: ${lose.energy_kcal} kcal` }).waitFor();

  // Settings → Weight unit: kg, stored in the account, and Weight follows
  await page.getByRole("link", { name: "Settings" }).click();
  const unit = page.getByRole("combobox", { name: "Weight unit" });
  await expect(unit.inputValue()).resolves.toBe("lb");
  await unit.selectOption("kg");
  await page.getByText("Weights are shown in kilograms (kg) now.").waitFor();
  expect((await apiGet(env.srv.url, token, "/me")).weight_unit).toBe("kg");
  await page.getByRole("link", { name: "Weight" }).click();
  await page.getByRole("columnheader", { name: "Weight (kg)" }).waitFor();
  expect((await cells(page))[0]).toBe("79.9");
}, 120_000);

test("import preview: the weigh-ins with their unit; read as lb instead of kg, then imported as lb", async () => {
  const { page } = await seededPage(env.browser, env.srv.url, { answered: false });
  const token = await accessToken(page);
  await page.getByRole("link", { name: "Settings" }).click();
  await page.getByRole("combobox", { name: "Format" }).selectOption("myfitnesspal");
  await page.getByLabel("Import file").setInputFiles([MFP]);
  await page.getByRole("button", { name: "Preview import" }).click();
  const preview = page.getByRole("region", { name: "Import preview" });
  const first = preview.locator("table.weights tbody tr").first();
  await first.getByText("176.2 kg").waitFor(); // the account's unit, since the file names none
  const inUnit = preview.getByRole("combobox", { name: "Weigh-ins are in" });
  await expect(inUnit.inputValue()).resolves.toBe("kg");
  await inUnit.selectOption("lb");
  await first.getByText("176.2 lb").waitFor();
  await first.getByText("79.9 kg").waitFor(); // kept as, in this account's unit
  const again = await fetch(`${env.srv.url}/api/v1/import?format=myfitnesspal&preview=true&weight_unit=lb`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "text/csv" },
    body: Bun.file(MFP),
  }).then((r) => r.json() as Promise<{ weigh_ins: { date: string; value: number; unit: string; kg: number }[] }>);
  const rows = await preview.locator("table.weights tbody tr").allInnerTexts();
  expect(rows.length).toBe(again.weigh_ins.length);
  for (const [i, w] of again.weigh_ins.entries()) expect(rows[i]).toContain(`${w.value} ${w.unit}`);
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await page.getByText("Imported 0 meals and 3 weigh-ins.").waitFor();
  const stored = await apiGet(env.srv.url, token, "/weights/2026-09-01");
  expect([stored.kg, stored.value, stored.unit]).toEqual([79.923, 79.9, "kg"]);
}, 120_000);

test("a pound account's import preview reads bare numbers as lb, and Weight shows them as lb", async () => {
  const { page } = await seededPage(env.browser, env.srv.url, { answered: false });
  const token = await accessToken(page);
  await page.getByRole("link", { name: "Settings" }).click();
  await page.getByRole("combobox", { name: "Weight unit" }).selectOption("lb");
  await page.getByText("Weights are shown in pounds (lb) now.").waitFor();
  await page.getByRole("combobox", { name: "Format" }).selectOption("myfitnesspal");
  await page.getByLabel("Import file").setInputFiles([MFP]);
  await page.getByRole("button", { name: "Preview import" }).click();
  const preview = page.getByRole("region", { name: "Import preview" });
  await preview.locator("table.weights tbody tr").first().getByText("176.2 lb").waitFor();
  await expect(preview.getByRole("combobox", { name: "Weigh-ins are in" }).inputValue()).resolves.toBe("lb");
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await page.getByText("Imported 0 meals and 3 weigh-ins.").waitFor();
  const stored = await apiGet(env.srv.url, token, "/weights/2026-09-01");
  expect([stored.kg, stored.value, stored.unit]).toEqual([79.923, 176.2, "lb"]);
  await synced(page);
  await page.getByRole("link", { name: "Weight" }).click();
  await page.getByRole("cell", { name: "176.2", exact: true }).first().waitFor();
  const oldest = page.locator("table.weights tbody tr").last();
  expect(await oldest.locator("td").first().textContent()).toBe("176.2");
}, 120_000);

test("a weigh-in changed on two devices is shown in the account's unit in the conflict", async () => {
  const { ctx, page } = await seededPage(env.browser, env.srv.url, { answered: false, own: true });
  const token = await accessToken(page);
  expect((await send(token, "PATCH", "/me", { weight_unit: "lb" })).status).toBe(200);
  const today = (await apiGet(env.srv.url, token, "/meals/daily")).date as string;
  expect((await send(token, "PUT", `/weights/${today}`, { lb: 180 })).status).toBe(201);
  await page.reload();
  await synced(page);
  await page.getByRole("link", { name: "Weight" }).click();
  await page.getByRole("cell", { name: "180", exact: true }).first().waitFor();
  await ctx.setOffline(true);
  await page.getByRole("spinbutton", { name: "Weight", exact: true }).fill("176.2");
  await page.getByRole("button", { name: "Save weight" }).click();
  expect((await send(token, "PUT", `/weights/${today}`, { lb: 178.4 })).status).toBe(200); // another device
  await ctx.setOffline(false);
  const conflict = page.getByRole("alert").filter({ hasText: "Changed on another device" });
  await conflict.waitFor();
  await expect(conflict.textContent()).resolves.toContain("This device: 176.2 lb");
  await expect(conflict.textContent()).resolves.toContain("Other device: 178.4 lb");
  await ctx.close();
}, 120_000);
