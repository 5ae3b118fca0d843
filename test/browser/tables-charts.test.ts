/**
 * Wide things on a narrow screen: Admin's accounts table fits inside its box at 360×640 with every action on screen,
 * and at 1280×800 each row's actions start level with the row; the Weight chart's y-axis labels keep off its dots;
 * the Expenditure line has axes with values; the photo inputs are buttons that stay file inputs by their names.
 * MORSEL_SCREENSHOTS=docs/screenshots keeps the screenshots.
 */
import { expect, test } from "bun:test";
import { join } from "node:path";
import type { Locator, Page } from "playwright-core";
import { addDays } from "../../src/lib/time";
import { tempDir } from "../helpers";
import { apiGet, apiSend, axeFinds, browserAndServer, synced } from "./harness";
import { seededAccount, seededPage } from "./seed";

const env = browserAndServer();
const SHOTS = process.env.MORSEL_SCREENSHOTS ?? tempDir("morsel-shots-");
const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`) });
const send = (token: string, method: string, path: string, body?: unknown) =>
  apiSend(env.srv.url, token, method, path, body);

/** Scrolls the element to the middle of the screen, for a screenshot that shows all of it. */
const center = (l: Locator) => l.evaluate((e) => e.scrollIntoView({ block: "center" }));

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
async function allBoxes(l: Locator): Promise<Box[]> {
  return (await Promise.all((await l.all()).map((e) => e.boundingBox()))).filter((b): b is Box => b !== null);
}

test("Admin's accounts fit at 360 with their actions on screen, and line up with their rows at 1280", async () => {
  const { page } = await seededPage(env.browser, env.srv.url, { answered: false });

  for (const name of ["Bo", "Cy"]) {
    const r = await fetch(`${env.srv.url}/api/v1/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        email: `${name.toLowerCase()}-${Date.now()}@example.org`,
        password: "correct horse battery",
        name,
      }),
    });
    expect(r.status).toBe(201);
  }
  await page.getByRole("link", { name: "Admin" }).click();
  const table = page.getByRole("table", { name: "Accounts" });
  await table.getByRole("row").nth(3).waitFor();
  const box = (await page.locator(".table-scroll").boundingBox())!;
  // nothing to scroll sideways: the table is as wide as its box, and every button is inside it
  const { scroll, client } = await page.locator(".table-scroll").evaluate((e) => ({
    scroll: e.scrollWidth,
    client: e.clientWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(client);
  const buttons = await allBoxes(table.getByRole("button"));
  expect(buttons.length).toBe(8); // Disable, Make admin, Reset code, Delete for Bo and for Cy
  for (const b of buttons) {
    expect(b.x).toBeGreaterThanOrEqual(box.x);
    expect(b.x + b.width).toBeLessThanOrEqual(box.x + box.width + 0.5);
  }
  await table.scrollIntoViewIfNeeded();
  await shot(page, "admin-accounts-360x640-light");
  expect(await axeFinds(page)).toEqual([]);

  await page.setViewportSize({ width: 1280, height: 800 });
  for (const row of (await table.getByRole("row").all()).slice(1)) {
    const head = (await row.getByRole("rowheader").boundingBox())!;
    const cells = await allBoxes(row.getByRole("cell"));
    for (const c of cells) expect(Math.abs(c.y - head.y)).toBeLessThanOrEqual(1);
    const first = (await row.locator(".row-actions > *").first().boundingBox())!;
    // the first action sits at the row's top, like its name (it sat half a row lower)
    expect(Math.abs(first.y - head.y)).toBeLessThanOrEqual(12);
  }
  await table.scrollIntoViewIfNeeded();
  await shot(page, "admin-accounts-1280x800-light");
});

test("the Weight chart's y labels keep off the dots; Expenditure's line has axes with values", async () => {
  const account = await seededAccount(env.srv.url, { answered: false });
  const token = account.token;
  const me = await apiGet<{ timezone: string }>(env.srv.url, token, "/me");
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: me.timezone }).format(new Date());
  // six weeks: intake every day but one in four, a weight falling from 90 kg (the first the highest, at top left)
  for (let i = 0; i < 42; i++) {
    const date = addDays(today, -41 + i);
    if (i % 4 !== 3)
      await send(token, "POST", "/meals", { meal_type: "lunch", date, quick_add: { energy_kcal: 2000 + 10 * i } });
    await send(token, "PUT", `/weights/${date}`, { kg: 90 - 0.05 * i + (i % 3 === 0 ? 0.3 : 0) });
  }
  const { page } = await account.open(env.browser);
  await synced(page);
  await page.getByRole("link", { name: "Weight" }).click();
  const chart = page.getByRole("img", { name: "Weight trend" });
  await chart.waitFor();
  await page.getByRole("table").first().waitFor(); // its table stays beside it
  const labels = await allBoxes(chart.locator("text"));
  const dots = await allBoxes(chart.locator("circle"));
  expect(dots.length).toBe(42);
  expect(labels.length).toBeGreaterThanOrEqual(4);
  for (const l of labels) for (const d of dots) expect(overlap(l, d)).toBe(false);
  await center(chart);
  await shot(page, "weight-chart-labels-360x640-light");
  await page.setViewportSize({ width: 1280, height: 800 });
  await center(chart);
  for (const l of await allBoxes(chart.locator("text")))
    for (const d of await allBoxes(chart.locator("circle"))) expect(overlap(l, d)).toBe(false);
  await shot(page, "weight-chart-labels-1280x800-light");
  await page.setViewportSize({ width: 360, height: 640 });

  await page.getByRole("link", { name: "Week" }).click();
  const region = page.getByRole("region", { name: "Expenditure" });
  const line = region.getByRole("img", { name: /^Estimate by week: / });
  await line.waitFor();
  const e = await apiGet(env.srv.url, token, "/stats/expenditure");
  const known = (e.trend as { expenditure_kcal: number | null }[])
    .map((p) => p.expenditure_kcal)
    .filter((v): v is number => v !== null);
  // y values: numbers that bracket the estimates, read off the axis
  const ys = (await line.locator("text.y-label").allTextContents()).map(Number);
  expect(ys.length).toBeGreaterThanOrEqual(2);
  expect(Math.min(...ys)).toBeLessThanOrEqual(Math.min(...known));
  expect(Math.max(...ys)).toBeGreaterThanOrEqual(Math.max(...known));
  expect(await line.locator("line.axis").count()).toBe(2);
  expect(await line.locator("text.x-label").count()).toBe(2);
  for (const l of await allBoxes(line.locator("text")))
    for (const d of await allBoxes(line.locator("circle"))) expect(overlap(l, d)).toBe(false);
  await center(line);
  await shot(page, "expenditure-axes-360x640-light");
  expect(await axeFinds(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });
  await center(line);
  await shot(page, "expenditure-axes-1280x800-light");
});

test("the photo inputs are buttons, and still file inputs named Barcode photo, Food photo and Label photo", async () => {
  const { page } = await seededPage(env.browser, env.srv.url, { answered: false });
  await page.getByRole("region", { name: "Breakfast" }).getByRole("button", { name: "Add food" }).click();
  for (const name of ["Barcode photo", "Food photo"]) {
    const input = page.getByLabel(name, { exact: true });
    expect(await input.getAttribute("type")).toBe("file");
    const label = page.locator("label.file").filter({ hasText: name });
    const look = await label.evaluate((l) => {
      const s = (globalThis as any).getComputedStyle(l);
      const r = l.getBoundingClientRect();
      return { border: s.borderTopStyle as string, height: r.height, width: r.width, cursor: s.cursor as string };
    });
    // a button: bordered, at least 44 px tall, as wide as its words (not a "Choose File" box beside them)
    expect(look.border).toBe("solid");
    expect(look.height).toBeGreaterThanOrEqual(44);
    expect(look.cursor).toBe("pointer");
    const inputBox = (await input.boundingBox())!;
    const labelBox = (await label.boundingBox())!;
    // the input lies within its button (a tap anywhere on it opens the picker), not beside its words
    expect(inputBox.x).toBeGreaterThanOrEqual(labelBox.x - 0.5);
    expect(inputBox.x + inputBox.width).toBeLessThanOrEqual(labelBox.x + labelBox.width + 0.5);
    expect(inputBox.y + inputBox.height).toBeLessThanOrEqual(labelBox.y + labelBox.height + 0.5);
    // and it opens the file picker
    const chooser = page.waitForEvent("filechooser");
    await label.click();
    expect((await chooser).isMultiple()).toBe(false);
  }
  await page.locator(".tools").scrollIntoViewIfNeeded();
  await shot(page, "photo-buttons-360x640-light");
  expect(await axeFinds(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.locator(".tools").scrollIntoViewIfNeeded();
  await shot(page, "photo-buttons-1280x800-light");
  await page.setViewportSize({ width: 360, height: 640 });
  await page.getByRole("button", { name: "Create a custom food" }).click();
  expect(await page.getByLabel("Label photo", { exact: true }).getAttribute("type")).toBe("file");
  await shot(page, "label-photo-button-360x640-light");
});
