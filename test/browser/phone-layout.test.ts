/**
 * A phone first (360×640, and 1280×800 where the layout differs): the log form says a serving once, as people
 * write it, under the name the food was picked by; Quantity takes fractions; a toast never follows the person
 * into Edit nor lies over a form; refused changes are compact; Admin's accounts fit with their actions in
 * line; the Weight chart's labels keep off its dots and the Expenditure line has axes with values; the photo
 * inputs are buttons; Quick entry swaps a food and shows a total. Checked against the API where it counts.
 * MORSEL_SCREENSHOTS=docs/screenshots keeps the screenshots.
 */
import { expect, test } from "bun:test";
import { join } from "node:path";
import type { Locator, Page } from "playwright-core";
import { accessToken, apiGet, apiSend, axeFinds, browserAndServer, synced } from "./harness";
import { seededPage } from "./seed";

const env = browserAndServer();
// only when asked for (MORSEL_SCREENSHOTS=docs/screenshots): no test reads one, and each cost CPU on every run
const SHOTS = process.env.MORSEL_SCREENSHOTS;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: join(SHOTS, `${name}.png`) });
};

const send = (token: string, method: string, path: string, body?: unknown) =>
  apiSend(env.srv.url, token, method, path, body);

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const boxes = async (l: Locator) => (await l.all()).map((e) => e.boundingBox()).map((p) => p);
async function allBoxes(l: Locator): Promise<Box[]> {
  return (await Promise.all(await boxes(l))).filter((b): b is Box => b !== null);
}

async function openFood(page: Page, meal: string, query: string, hit: string) {
  await page.getByRole("region", { name: meal }).getByRole("button", { name: "Add food" }).click();
  await page.getByRole("searchbox", { name: "Search foods" }).fill(query);
  const item = page.getByRole("list", { name: "Results" }).getByRole("listitem").filter({ hasText: hit }).first();
  const text = (await item.locator(".name").textContent()) ?? "";
  await item.click();
  await page.getByRole("spinbutton", { name: "Quantity" }).waitFor();
  return text;
}
const units = (page: Page) => page.getByRole("combobox", { name: "Unit" }).locator("option").allTextContents();
const facts = (page: Page) => page.locator(".facts > p.muted").first().textContent();

test("the log form says the serving once, rounded, under the name picked; Quantity takes fractions", async () => {
  const { page } = await seededPage(env.browser, env.srv.url, { answered: false });
  const token = await accessToken(page);

  // grams: once, no "for 150 g (150 g)"; a stated half portion reads "1/2 breast", not "0.5 breast (86 g)"
  await openFood(page, "Lunch", "150 g chicken breast", "Chicken breast, roasted");
  expect(await facts(page)).toBe("for 150 g · 248 kcal");
  // and the preview does not say the 150 g again
  expect(await page.locator(".preview").textContent()).toBe("248 kcal · P 46.5 · F 5.4 · C 0");
  const chicken = await units(page);
  expect(chicken).toContain("1/2 breast, bone and skin removed · 86 g");
  for (const u of chicken) expect(u).not.toMatch(/\(\d+(\.\d+)? g\)/);
  await shot(page, "log-form-grams-once-360x640-light");
  await page.getByRole("button", { name: "Cancel" }).click();
  await page.goto(env.srv.url);

  // the name picked in the list is the name in the form; a portion's stray decimal is rounded
  const hit = await openFood(page, "Breakfast", "egg", "Egg, whole, raw");
  expect(hit).toBe("Egg, whole, raw");
  await page.getByRole("heading", { level: 2, name: "Egg, whole, raw", exact: true }).waitFor();
  expect(await units(page)).toContain("cup (about 5 large eggs) · 243 g");
  await page.goto(env.srv.url);

  // "2 slices" and "a slice of": the count agrees with its noun, and the amount is said in words
  await page.getByRole("region", { name: "Breakfast" }).getByRole("button", { name: "Add food" }).click();
  await page.getByRole("searchbox", { name: "Search foods" }).fill("2 slices bread");
  const results = page.getByRole("region", { name: "Results" });
  // the count of foods grows with the catalogue; the amount in words is what this checks
  await results.getByText(/^\d+ foods for “2 slices bread” · amount: 2 slices$/).waitFor();
  await results.getByRole("listitem").filter({ hasText: "2 slices · 148 kcal" }).first().waitFor();
  await page.getByRole("searchbox", { name: "Search foods" }).fill("a slice of bread");
  await results.getByText("for “a slice of bread” · amount: 1 slice", { exact: false }).waitFor();
  await results.getByRole("listitem").filter({ hasText: "White bread" }).first().click();
  expect(await facts(page)).toBe("for 1 slice · 28 g · 74 kcal");

  // fractions as people type them: 1 1/2 slices is 42 g, and ½ is 14 g
  const q = page.getByRole("spinbutton", { name: "Quantity" });
  await q.fill("1 1/2");
  await page.locator(".preview").getByText("42 g", { exact: false }).waitFor();
  expect(await facts(page)).toBe("for 1 1/2 slices · 42 g · 111 kcal");
  await q.fill("½");
  await page.locator(".preview").getByText("14 g", { exact: false }).waitFor();
  await q.fill("1 1/2x");
  await page.getByText("Quantity: “1 1/2x” is not a number.", { exact: false }).waitFor();
  expect(await q.inputValue()).toBe("1 1/2x"); // kept
  await shot(page, "log-form-not-a-number-360x640-light");
  await q.fill("1 1/2");
  await shot(page, "log-form-fraction-360x640-light");
  await page.getByRole("button", { name: "Log" }).click();
  await page.getByRole("region", { name: "Totals" }).waitFor();
  await synced(page);
  const day = await apiGet(env.srv.url, token, "/meals/daily");
  expect(day.meals.map((m: { quantity: number; grams: number }) => [m.quantity, m.grams])).toEqual([[1.5, 42]]);

  // a label's serving "2/3 cup (55g)" reads "2/3 cup · 55 g", not "2/3 cup (55g) (55 g)"
  const made = await send(token, "POST", "/foods", {
    name: "Crunchy granola",
    nutrients: { energy_kcal: 450 },
    portions: [{ name: "serving (2/3 cup (55g))", grams: 55 }],
  });
  expect(made.status).toBe(201);
  await page.reload();
  await synced(page);
  await openFood(page, "Breakfast", "crunchy granola", "Crunchy granola");
  expect(await units(page)).toContain("2/3 cup · 55 g");
  await page.getByRole("combobox", { name: "Unit" }).selectOption({ label: "2/3 cup · 55 g" });
  expect(await facts(page)).toBe("for 2/3 cup · 55 g · 248 kcal");
  await shot(page, "log-form-label-serving-360x640-light");
});

test("a toast stays on its view and off forms; refused changes are compact", async () => {
  const { ctx, page } = await seededPage(env.browser, env.srv.url, { answered: false, own: true });
  const token = await accessToken(page);
  for (const [meal, q, f] of [
    ["Breakfast", "banana", "Bananas, raw"],
    ["Breakfast", "apple", "Apples, raw"],
  ] as const) {
    await openFood(page, meal, q, f);
    await page.getByRole("button", { name: "Log" }).click();
    await page.getByRole("region", { name: "Totals" }).waitFor();
  }
  const breakfast = page.getByRole("region", { name: "Breakfast" });
  await breakfast.getByRole("listitem").nth(1).waitFor();
  await breakfast.getByRole("listitem").first().getByRole("button", { name: "Delete" }).click();
  const toast = page.locator(".toast");
  await toast.getByText("Deleted", { exact: false }).waitFor();
  // into Edit: the toast stays behind (it covered Time and Note)
  await breakfast.getByRole("listitem").first().getByRole("link").first().click();
  await page.getByRole("textbox", { name: "Note" }).waitFor();
  expect(await toast.count()).toBe(0);
  await shot(page, "edit-entry-no-toast-360x640-light");
  await page.goBack();
  await breakfast.waitFor();
  expect(await toast.count()).toBe(0); // nor does it come back with the view

  // a toast, then a form opening under it: the toast moves off the form or goes
  await breakfast.getByRole("listitem").first().getByRole("button", { name: "Delete" }).click();
  await toast.getByText("Deleted", { exact: false }).waitFor();
  await page.getByRole("region", { name: "Snack" }).getByRole("button", { name: "Quick add" }).click();
  const form = page.getByRole("region", { name: "Snack" }).locator("form");
  await form.waitFor();
  await form.scrollIntoViewIfNeeded();
  await page.evaluate(() => {
    const g = globalThis as any;
    const f = g.document.querySelector(".group form");
    g.scrollBy(0, f.getBoundingClientRect().bottom - g.innerHeight + 140);
  });
  await page.waitForFunction(() => {
    const g = globalThis as any;
    const t = g.document.querySelector(".toast");
    if (!t) return true;
    const a = t.getBoundingClientRect();
    return [...g.document.querySelectorAll("form")].every((f: any) => {
      const b = f.getBoundingClientRect();
      return !(a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom);
    });
  });
  await shot(page, "toast-off-the-form-360x640-light");
  await page.getByRole("spinbutton", { name: "Calories (kcal)" }).focus();
  await toast.waitFor({ state: "detached" });

  // three refused changes: meals of a custom food logged offline while the food was deleted on the server
  const made = await send(token, "POST", "/foods", { name: "Gone soup", nutrients: { energy_kcal: 50 } });
  const food = (await made.json()) as { id: number };
  await page.reload();
  await synced(page);
  await ctx.setOffline(true);
  for (let i = 0; i < 3; i++) {
    await openFood(page, "Dinner", "gone soup", "Gone soup");
    await page.getByRole("button", { name: "Log" }).click();
    await page.getByRole("region", { name: "Totals" }).waitFor();
  }
  expect((await send(token, "DELETE", `/foods/${food.id}`)).status).toBe(204);
  await ctx.setOffline(false);
  await page.getByRole("status").filter({ hasText: "3 changes refused" }).waitFor();
  const cards = page.locator(".problem");
  await cards.first().waitFor();
  // compact: two lines' height each, and the third folded under "1 more refused change"
  await shot(page, "refused-changes-compact-360x640-light");
  const shown = await allBoxes(cards.locator("visible=true"));
  expect(shown.length).toBe(2);
  for (const b of shown) expect(b.height).toBeLessThanOrEqual(100);
  await page.getByText("1 more refused change").waitFor();
  expect(await axeFinds(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });
  await shot(page, "refused-changes-compact-1280x800-light");
  for (const b of await allBoxes(cards)) expect(b.width).toBeLessThanOrEqual(760);
  await page.getByRole("button", { name: "Dismiss all" }).click();
  await page.getByRole("status").filter({ hasText: "Synced" }).waitFor();
  // the status can say Synced a moment before the cards leave (CI on 74cd118 counted 3): wait for them to go
  await cards.first().waitFor({ state: "detached" });
  expect(await cards.count()).toBe(0);
});

test("Quick entry: Change swaps the food, the list shows a total, and its buttons have room at 360", async () => {
  const { page } = await seededPage(env.browser, env.srv.url, { answered: false });
  const token = await accessToken(page);
  await page.getByRole("region", { name: "Breakfast" }).getByRole("button", { name: "Add food" }).click();
  await page.getByRole("textbox", { name: "Quick entry" }).fill("2 eggs, toast, butter and a coffee");
  await page.getByRole("button", { name: "Find foods" }).click();
  const items = page.getByRole("list", { name: "Quick entry items" }).getByRole("listitem");
  await items.nth(3).waitFor();
  const kcals = async () =>
    (await items.locator(".kcal").allTextContents()).map((t) => Number(t.replace(/\D/g, ""))).filter((n) => n > 0);
  const total = page.locator(".quick-total");
  const sum = (await kcals()).reduce((a, b) => a + b, 0);
  expect(await total.textContent()).toBe(`Total ${sum} kcal · 4 foods`);
  // the buttons: side by side on their own line, clear of the words, at least 88 px wide
  for (const li of await items.all()) {
    const words = (await li.locator(".meal-main").boundingBox())!;
    for (const b of await allBoxes(li.getByRole("button"))) {
      expect(b.width).toBeGreaterThanOrEqual(88);
      expect(overlap(b, words)).toBe(false);
    }
  }
  await shot(page, "quick-entry-total-360x640-light");
  expect(await axeFinds(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.locator(".quick-entry").scrollIntoViewIfNeeded();
  await shot(page, "quick-entry-total-1280x800-light");
  expect(await axeFinds(page)).toEqual([]);
  await page.setViewportSize({ width: 360, height: 640 });

  // toast → a bagel, at its natural serving
  await items.nth(1).getByRole("button", { name: "Change" }).click();
  await items.nth(1).getByRole("searchbox", { name: "Another food" }).fill("bagel");
  const other = items.nth(1).getByRole("list", { name: "Other foods" }).getByRole("listitem").first();
  await other.waitFor();
  const bagel = ((await other.locator(".name").textContent()) ?? "").trim();
  await other.click();
  await items.nth(1).locator(".item-change > .name").getByText(bagel, { exact: true }).waitFor();
  await shot(page, "quick-entry-swap-food-360x640-light");
  expect(await axeFinds(page)).toEqual([]);
  await items.nth(1).getByRole("button", { name: "Done" }).click();
  await items.nth(1).locator(".name").getByText(bagel, { exact: true }).waitFor();
  const after = (await kcals()).reduce((a, b) => a + b, 0);
  await total.getByText(`Total ${after} kcal · 4 foods`).waitFor();
  await page.getByRole("button", { name: "Log all" }).click();
  await page.getByRole("region", { name: "Breakfast" }).getByRole("listitem").nth(3).waitFor();
  await synced(page);
  const day = await apiGet(env.srv.url, token, "/meals/daily");
  const names = (day.meals as { food: { name: string } }[]).map((m) => m.food.name);
  expect(names[1]).toMatch(/bagel/i);
  expect(names.some((n) => /^Bread/.test(n))).toBe(false);
  expect(Math.round(day.totals.energy_kcal)).toBeGreaterThanOrEqual(after - 4);
  expect(Math.round(day.totals.energy_kcal)).toBeLessThanOrEqual(after + 4);
});
