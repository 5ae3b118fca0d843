/**
 * Every view at a phone's 360×640 (and a desktop's 1280×800 for the screenshots), with a week of data: no view is
 * wider than the viewport, and every touch target is at least 44×44 px (inline links in running text aside, as
 * WCAG 2.5.5 exempts them). MORSEL_SCREENSHOTS=docs/screenshots keeps the screenshots of every view.
 */
import { expect, test } from "bun:test";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { apiSend, browserAndServer, synced } from "./harness";
import { seededAccount } from "./seed";
import { addDays } from "../../src/lib/time";

const env = browserAndServer();
// only when asked for (MORSEL_SCREENSHOTS=docs/screenshots): no test reads one, and each cost CPU on every run
const SHOTS = process.env.MORSEL_SCREENSHOTS;

/** A week of breakfasts, lunches and dinners, water, an exercise, weigh-ins, a recipe and a saved meal. */
async function aWeekOfData(token: string, today: string): Promise<{ meal: string; saved: string }> {
  const send = (method: string, path: string, body?: unknown) => apiSend(env.srv.url, token, method, path, body);
  const goals = { energy_kcal: 2200, protein_g: 120, fat_g: 70, carbohydrate_g: 250 };
  expect((await send("PUT", "/goals", goals)).status).toBe(200);
  let meal = "";
  for (let i = 0; i < 7; i++) {
    const date = addDays(today, -i);
    for (const [meal_type, food_id, quantity] of [
      ["breakfast", 9040, 120],
      ["lunch", 11821, 150],
      ["dinner", 11363, 300],
    ] as const) {
      const r = await send("POST", "/meals", { food_id, quantity, meal_type, date });
      expect(r.status).toBe(201);
      meal = ((await r.json()) as { id: string }).id;
    }
    expect((await send("POST", "/weights", { date, kg: 80 - i * 0.1 })).status).toBeLessThan(300);
    expect((await send("PUT", `/daily-values/${date}/water_ml`, { value: 750 })).status).toBeLessThan(300);
  }
  expect((await send("POST", "/exercises", { name: "Rowing", minutes: 30, kcal: 290, date: today })).status).toBe(201);
  const saved = await send("POST", "/saved-meals", {
    name: "Usual breakfast",
    entries: [{ food_id: 9040, quantity: 120 }],
  });
  expect(saved.status).toBe(201);
  return { meal, saved: ((await saved.json()) as { id: string }).id };
}

/** What is wider than the viewport, and the touch targets under 44×44 px (with what they say). */
function measure(page: Page) {
  // evaluated in the page (DOM types there; this file is type-checked without them)
  return page.evaluate(() => {
    const g = globalThis as any;
    const doc = g.document;
    const wide = doc.documentElement.scrollWidth > doc.documentElement.clientWidth;
    const small: string[] = [];
    const targets = doc.querySelectorAll(
      "a[href], button, input, select, textarea, summary, [role=button], [role=tab], [role=link]",
    );
    for (const el of targets) {
      if (el.closest("[hidden], .skip")) continue;
      const style = g.getComputedStyle(el);
      if (style.visibility === "hidden" || style.display === "none") continue;
      let box = el.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      // a control inside its label: the label is what a finger hits
      const label = el.closest("label");
      if (label && el.tagName === "INPUT") box = label.getBoundingClientRect();
      // an inline link in running text is exempt (WCAG 2.5.5): a link whose block has text of its own
      if (el.tagName === "A" && style.display === "inline") {
        const block = el.parentElement;
        const own = [...block.childNodes].some((n: any) => n.nodeType === 3 && n.textContent.trim() !== "");
        if (own) continue;
      }
      if (box.width < 43.5 || box.height < 43.5)
        small.push(
          `${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute("aria-label") || el.name || "").trim().slice(0, 30)}" ${Math.round(box.width)}×${Math.round(box.height)}`,
        );
    }
    return { wide, width: doc.documentElement.scrollWidth, small };
  });
}

/** The view has its heading and nothing is loading. */
async function opened(page: Page, name: string): Promise<void> {
  await page
    .locator("#content h1, #content h2")
    .first()
    .waitFor({ timeout: 20_000 })
    .catch(async () => {
      throw new Error(
        `${name}: no heading; the page says ${((await page.locator("body").textContent()) ?? "").slice(0, 300)}`,
      );
    });
  await page.waitForLoadState("networkidle");
}

test("every view fits 360 px and its touch targets are 44×44 px", async () => {
  const account = await seededAccount(env.srv.url, { answered: false });
  const token = account.token;
  const today = account.today;
  const past = addDays(today, -3);
  const { meal, saved } = await aWeekOfData(token, today);
  const { page } = await account.open(env.browser);
  await synced(page);

  const views: [string, string][] = [
    ["day", "#/"],
    ["past-day", `#/day/${past}`],
    ["add", "#/add/breakfast"],
    ["add-past", `#/add/dinner/${past}`],
    ["edit", `#/edit/${meal}`],
    ["week", "#/week"],
    ["week-month", `#/week/${today}/month`],
    ["week-90", `#/week/${today}/90`],
    ["weight", "#/weight"],
    ["report", "#/report"],
    ["report-month", "#/report/month"],
    ["foods", "#/foods"],
    ["food-new", "#/foods/new"],
    ["recipe-new", "#/foods/recipe"],
    ["saved-meal", `#/foods/meal/${saved}`],
    ["settings", "#/settings"],
    ["admin", "#/admin"],
  ];
  const found: string[] = [];
  for (const [name, hash] of views) {
    await page.goto(`${env.srv.url}/${hash}`);
    await opened(page, name);
    const m = await measure(page);
    if (m.wide) found.push(`${name}: ${m.width} px wide`);
    for (const s of m.small) found.push(`${name}: ${s}`);
    // what a phone shows first, and the whole page
    if (SHOTS) {
      await page.screenshot({ path: join(SHOTS, `view-${name}-360x640.png`) });
      await page.screenshot({ path: join(SHOTS, `view-${name}-360-full.png`), fullPage: true });
    }
  }
  expect(found).toEqual([]);

  await page.setViewportSize({ width: 1280, height: 800 });
  for (const [name, hash] of views) {
    await page.goto(`${env.srv.url}/${hash}`);
    await opened(page, name);
    if (SHOTS) await page.screenshot({ path: join(SHOTS, `view-${name}-1280x800.png`) });
  }
}, 300_000);
