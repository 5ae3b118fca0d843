/**
 * Add food opens on what this person logs at this meal (issue 49, "Recent, per meal"), ranked by how
 * often and how lately, with the search box focused; a meal with nothing logged yet shows what they log
 * at any meal. At 360×640, against a real server.
 */
import { expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { browserAndServer, synced } from "./harness";
import { seededPage } from "./seed";

const env = browserAndServer();

async function logAt(page: Page, meal: string, query: string) {
  await page.getByRole("region", { name: meal }).getByRole("button", { name: "Add food" }).click();
  await page.getByRole("searchbox", { name: "Search foods" }).fill(query);
  await page.getByRole("list", { name: "Results" }).getByRole("listitem").first().click();
  await page.getByRole("button", { name: "Log" }).click();
  await page.getByRole("region", { name: "Totals" }).waitFor();
}

test("Recent at lunch lists what was logged at lunch; the search box has the focus; a new meal shows every recent food", async () => {
  const { page } = await seededPage(env.browser, env.srv.url, { answered: false });
  await logAt(page, "Breakfast", "2 eggs");
  await logAt(page, "Lunch", "banana");
  await synced(page);

  await page.getByRole("region", { name: "Lunch" }).getByRole("button", { name: "Add food" }).click();
  await page.getByRole("heading", { name: "Recent at lunch" }).waitFor();
  const recent = page.getByRole("list", { name: "Recent foods" }).getByRole("listitem");
  const lunch = await recent.allTextContents();
  expect(lunch.some((t) => /banana/i.test(t))).toBe(true);
  expect(lunch.some((t) => /egg/i.test(t))).toBe(false);
  // typing needs no tap first
  expect(await page.evaluate(() => (globalThis as any).document.activeElement?.type)).toBe("search");

  await page
    .getByRole("button", { name: "Cancel" })
    .or(page.getByRole("link", { name: "Today" }))
    .first()
    .click();
  await page.getByRole("region", { name: "Dinner" }).getByRole("button", { name: "Add food" }).click();
  await page.getByRole("heading", { name: "Recent", exact: true }).waitFor();
  const any = await page.getByRole("list", { name: "Recent foods" }).getByRole("listitem").allTextContents();
  expect(any.some((t) => /banana/i.test(t)) && any.some((t) => /egg/i.test(t))).toBe(true);
  expect(await page.getByRole("heading", { name: "Frequent" }).count()).toBe(0);
}, 90_000);
