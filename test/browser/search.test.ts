/**
 * Searching as people type, at 360×640: an amount in the query starts the log form with it; results
 * read by short name, say "1 food", and page with "More results"; Quick entry logs a whole line at
 * once, online and offline (the same parser in the browser); offline search stems as the server does.
 */
import { expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { accessToken, apiGet, browserAndServer, readyForOffline, synced } from "./harness";
import { seededPage } from "./seed";

const env = browserAndServer();

const results = (page: Page) => page.getByRole("list", { name: "Results" }).getByRole("listitem");
const mealsToday = async (token: string) =>
  (await apiGet(env.srv.url, token, "/meals?limit=50")).items as {
    food: { id: number; name: string } | null;
    quantity: number;
    portion: { id: number } | null;
    grams: number;
  }[];

async function openAdd(page: Page) {
  await page.getByRole("region", { name: "Breakfast" }).getByRole("button", { name: "Add food" }).click();
  await page.getByRole("searchbox", { name: "Search foods" }).waitFor();
}

test('"2 eggs" starts the log form at 2 eggs; short names, 1 food, and More results', async () => {
  const { page } = await seededPage(env.browser, env.srv.url, { answered: false });
  const token = await accessToken(page);
  await openAdd(page);
  await page.getByRole("searchbox", { name: "Search foods" }).fill("2 eggs");
  const egg = results(page).first();
  await egg.getByText("Egg, whole, raw", { exact: true }).waitFor(); // the short name, not "Egg, whole, raw, fresh"
  await egg.click();
  await expect(page.getByRole("spinbutton", { name: "Quantity" }).inputValue()).resolves.toBe("2");
  const unit = await page.getByRole("combobox", { name: "Unit" }).locator("option:checked").textContent();
  const food = await apiGet(env.srv.url, token, "/foods/1123");
  expect(unit).toContain(food.default_portion.name);
  await page.getByRole("button", { name: "Log" }).click();
  await page.getByRole("region", { name: "Totals" }).waitFor();
  await synced(page);
  const [meal] = await mealsToday(token);
  expect(meal).toMatchObject({ food: { id: 1123 }, quantity: 2, portion: { id: food.default_portion.id } });
  expect(meal!.grams).toBe(2 * food.default_portion.grams);

  await openAdd(page);
  await page.getByRole("searchbox", { name: "Search foods" }).fill("cheese");
  await page.getByText(/\d+ foods for “cheese”/).waitFor();
  await results(page).nth(19).waitFor();
  expect(await results(page).count()).toBe(20);
  await page.getByRole("button", { name: "More results" }).click();
  await results(page).nth(39).waitFor();
  expect(new Set(await results(page).allTextContents()).size).toBe(40);

  const made = await fetch(`${env.srv.url}/api/v1/foods`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ name: "Quuxberry tart", nutrients: { energy_kcal: 310 } }),
  });
  expect(made.status).toBe(201);
  await page.getByRole("searchbox", { name: "Search foods" }).fill("quuxberry");
  await page.getByText("1 food for “quuxberry”").waitFor();
  expect(await page.getByRole("button", { name: "More results" }).count()).toBe(0);
});

async function quickEntry(page: Page, line: string, expected: number) {
  await page.getByRole("textbox", { name: "Quick entry" }).fill(line);
  await page.getByRole("button", { name: "Find foods" }).click();
  const items = page.getByRole("list", { name: "Quick entry items" }).getByRole("listitem");
  await items.nth(expected - 1).waitFor();
  expect(await items.count()).toBe(expected);
  return items;
}

test("Quick entry reads a line into foods and logs them together", async () => {
  const { page } = await seededPage(env.browser, env.srv.url, { answered: false });
  const token = await accessToken(page);
  await openAdd(page);
  const items = await quickEntry(page, "2 eggs, toast, butter and a coffee", 4);
  await items
    .nth(0)
    .getByText(/Egg, whole, raw/)
    .waitFor();
  await page.getByRole("button", { name: "Log all" }).click();
  await page.getByRole("region", { name: "Breakfast" }).getByRole("listitem").nth(3).waitFor();
  await synced(page);
  const meals = await mealsToday(token);
  expect(meals).toHaveLength(4);
  const reply = (await (
    await fetch(`${env.srv.url}/api/v1/foods/parse`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ text: "2 eggs, toast, butter and a coffee" }),
    })
  ).json()) as { items: { food: { id: number } }[] };
  const parsed = reply.items;
  expect(new Set(meals.map((m) => m.food!.id))).toEqual(
    new Set(parsed.map((i: { food: { id: number } }) => i.food.id)),
  );
  expect(meals.find((m) => m.food!.id === 1123)!.quantity).toBe(2);
});

test("offline: quick entry and search find what the server finds (tomatoe, brownie), and the meals reach the server", async () => {
  const { ctx, page, token } = await readyForOffline(env.browser, env.srv.url);
  const online = async (q: string) =>
    (await apiGet(env.srv.url, token, `/foods/search?q=${encodeURIComponent(q)}&limit=1`)).items[0].id as number;
  const expected = { tomatoe: await online("tomatoe"), brownie: await online("brownie") };
  await ctx.setOffline(true);
  await openAdd(page);
  for (const [q, id] of Object.entries(expected)) {
    await page.getByRole("searchbox", { name: "Search foods" }).fill(q);
    await page.getByText(`for “${q}”`, { exact: false }).filter({ hasText: "offline" }).waitFor();
    const name = (await apiGet(env.srv.url, token, `/foods/${id}`)).short_name as string;
    await results(page).first().getByText(name, { exact: true }).waitFor();
  }
  await page.getByRole("searchbox", { name: "Search foods" }).fill("");
  await quickEntry(page, "200g chicken breast and a banana", 2);
  await page.getByRole("button", { name: "Log all" }).click();
  await page.getByRole("region", { name: "Breakfast" }).getByRole("listitem").nth(1).waitFor();
  await ctx.setOffline(false);
  await synced(page);
  const meals = await mealsToday(token);
  expect(meals).toHaveLength(2);
  expect(meals.find((m) => m.food!.id === 5064)).toMatchObject({ quantity: 200, portion: null, grams: 200 }); // weighed as eaten: roasted
  expect(meals.find((m) => m.food!.id === 9040)?.quantity).toBe(1);
});

test('"2 slices milk": an amount the food cannot measure is not dropped silently: the form asks how much', async () => {
  const { page } = await seededPage(env.browser, env.srv.url, { answered: false });
  await openAdd(page);
  await page.getByRole("searchbox", { name: "Search foods" }).fill("2 slices milk");
  await results(page).first().click();
  const note = page.getByRole("status").filter({ hasText: "does not fit this food's measures" });
  await note.waitFor();
  expect(await note.textContent()).toContain("“2 slices milk” does not fit this food's measures");
  // and an amount that fits says nothing
  await page.getByRole("button", { name: "Cancel" }).click();
  await page.getByRole("searchbox", { name: "Search foods" }).fill("2 eggs");
  await results(page).first().getByText("Egg, whole, raw", { exact: true }).waitFor();
  await results(page).first().click();
  await page.getByRole("spinbutton", { name: "Quantity" }).waitFor();
  expect(await page.getByText("does not fit this food's measures").count()).toBe(0);
}, 60_000);
