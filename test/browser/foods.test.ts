/**
 * The Foods view at 360×640: a custom food entered per serving (converted to per 100 g, the serving
 * kept as its portion), edited, logged by the serving, deleted and brought back with Undo; a barcode
 * the server would refuse is refused in the form with the server's reason; a recipe built from searched ingredients matches
 * GET /recipes and logs by the serving; a food and a recipe made of it offline reach the server with
 * real ids; another account sees none of them.
 */
import { expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { accessToken, apiGet, browserAndServer, status, readyForOffline, synced } from "./harness";
import { seededPage } from "./seed";

const env = browserAndServer();

async function newFood(
  page: Page,
  f: {
    name: string;
    brand?: string;
    barcode?: string;
    per?: "100 g" | "serving";
    serving?: number;
    kcal: number;
    protein?: number;
    carbs?: number;
    fat?: number;
  },
) {
  await page.getByRole("link", { name: "Foods" }).click();
  await page.getByRole("button", { name: "New food" }).click();
  await page.getByRole("textbox", { name: "Name" }).fill(f.name);
  if (f.brand) await page.getByRole("textbox", { name: "Brand" }).fill(f.brand);
  if (f.barcode) await page.getByRole("textbox", { name: "Barcode" }).fill(f.barcode);
  if (f.serving) await page.getByRole("spinbutton", { name: "Serving size (g)" }).fill(String(f.serving));
  if (f.per) await page.getByRole("combobox", { name: "Values per" }).selectOption({ label: f.per });
  await page.getByRole("spinbutton", { name: "Energy (kcal)" }).fill(String(f.kcal));
  if (f.protein !== undefined) await page.getByRole("spinbutton", { name: "Protein (g)" }).fill(String(f.protein));
  if (f.carbs !== undefined) await page.getByRole("spinbutton", { name: "Carbs (g)" }).fill(String(f.carbs));
  if (f.fat !== undefined) await page.getByRole("spinbutton", { name: "Fat (g)" }).fill(String(f.fat));
  await page.getByRole("button", { name: "Save food" }).click();
  await page.getByRole("heading", { level: 1, name: "Your foods" }).waitFor();
}

const item = (page: Page, name: string) =>
  page.getByRole("list", { name: "Your foods and recipes" }).getByRole("listitem").filter({ hasText: name });

async function addIngredient(page: Page, query: string, food: string, grams: number) {
  await page.getByRole("searchbox", { name: "Search ingredients" }).fill(query);
  await page
    .getByRole("list", { name: "Ingredient results" })
    .getByRole("listitem")
    .filter({ hasText: food })
    .first()
    .click();
  await page.getByRole("combobox", { name: "Unit" }).selectOption({ label: "grams" });
  await page.getByRole("spinbutton", { name: "Quantity" }).fill(String(grams));
  await page.getByRole("button", { name: "Add ingredient" }).click();
}

test("a custom food per serving: converted, edited, logged by the serving, deleted and undone; a refused barcode shows why", async () => {
  const { page } = await seededPage(env.browser, env.srv.url, { answered: false });
  const token = await accessToken(page);
  await newFood(page, {
    name: "Oat bar",
    brand: "Trailmix Co",
    per: "serving",
    serving: 60,
    kcal: 240,
    protein: 9,
    carbs: 30,
    fat: 9,
  });
  await synced(page);
  const mine = async () =>
    (await apiGet(env.srv.url, token, "/foods/search?q=oat%20bar")).items.filter(
      (f: { source: string }) => f.source === "custom",
    );
  const [summary] = await mine();
  const food = await apiGet(env.srv.url, token, `/foods/${summary.id}`);
  expect(food).toMatchObject({ name: "Oat bar", brand: "Trailmix Co" });
  expect(food.nutrients.energy_kcal).toBe(400); // 240 kcal in 60 g
  expect(food.nutrients.protein_g).toBe(15);
  expect(food.portions).toEqual([{ id: expect.any(Number), name: "serving", amount: 1, grams: 60 }]);
  await item(page, "Oat bar").getByText("400 kcal per 100 g").waitFor();

  // edit: per 100 g now, a new name; the serving keeps its id
  await item(page, "Oat bar").getByRole("button", { name: "Edit" }).click();
  await expect(page.getByRole("spinbutton", { name: "Energy (kcal)" }).inputValue()).resolves.toBe("400");
  await page.getByRole("textbox", { name: "Name" }).fill("Oat bar, chocolate");
  await page.getByRole("spinbutton", { name: "Energy (kcal)" }).fill("420");
  await page.getByRole("button", { name: "Save food" }).click();
  await item(page, "Oat bar, chocolate").waitFor();
  await synced(page);
  const edited = await apiGet(env.srv.url, token, `/foods/${food.id}`);
  expect(edited).toMatchObject({
    name: "Oat bar, chocolate",
    nutrients: { energy_kcal: 420, protein_g: 15 },
    portions: [{ id: food.portions[0].id, grams: 60 }],
  });

  // logged from Add food: the form starts at 1 serving, 252 kcal, as the API stores it
  await page.getByRole("link", { name: "Today" }).click();
  await page.getByRole("region", { name: "Snack" }).getByRole("button", { name: "Add food" }).click();
  await page.getByRole("searchbox", { name: "Search foods" }).fill("oat bar choc");
  await page.getByRole("listitem").filter({ hasText: "Oat bar, chocolate" }).first().click();
  await expect(page.getByRole("combobox", { name: "Unit" }).locator("option:checked").textContent()).resolves.toContain(
    "serving",
  );
  await page.getByRole("button", { name: "Log" }).click();
  await synced(page);
  const day = await apiGet(env.srv.url, token, "/meals/daily");
  expect(
    day.meals.map((m: { food: { id: number }; grams: number; nutrients: { energy_kcal: number } }) => [
      m.food.id,
      m.grams,
      m.nutrients.energy_kcal,
    ]),
  ).toEqual([[food.id, 60, 252]]);

  // delete, then Undo makes it again (a new id; the meal keeps its values)
  await page.getByRole("link", { name: "Foods" }).click();
  await item(page, "Oat bar, chocolate").getByRole("button", { name: "Delete" }).click();
  await page.getByText("No foods of your own yet.", { exact: false }).waitFor();
  await synced(page);
  expect(
    (await fetch(`${env.srv.url}/api/v1/foods/${food.id}`, { headers: { authorization: `Bearer ${token}` } })).status,
  ).toBe(404);
  await page.getByRole("button", { name: "Undo" }).click();
  await item(page, "Oat bar, chocolate").waitFor();
  await synced(page);
  const back = await mine();
  expect(back.map((f: { name: string; energy_kcal: number }) => [f.name, f.energy_kcal])).toEqual([
    ["Oat bar, chocolate", 420],
  ]);
  expect((await apiGet(env.srv.url, token, "/meals/daily")).meals[0].nutrients.energy_kcal).toBe(252);

  // bad input: the form refuses what it can tell; the server's reason is shown for what only it can
  await page.getByRole("button", { name: "New food" }).click();
  await page.getByRole("textbox", { name: "Name" }).fill("Rice cakes");
  await page.getByRole("combobox", { name: "Values per" }).selectOption({ label: "serving" });
  await page.getByRole("spinbutton", { name: "Energy (kcal)" }).fill("35");
  await page.getByRole("button", { name: "Save food" }).click();
  await page.getByText("Values per serving need the serving size in grams.").waitFor();
  await page.getByRole("button", { name: "Cancel" }).click();
  // a barcode whose check digit is wrong: the server's own rule refuses it in the form, which stays
  await page.getByRole("button", { name: "New food" }).click();
  await page.getByRole("textbox", { name: "Name" }).fill("Rice cakes");
  await page.getByRole("textbox", { name: "Barcode" }).fill("12345678");
  await page.getByRole("spinbutton", { name: "Energy (kcal)" }).fill("387");
  await page.getByRole("button", { name: "Save food" }).click();
  await page.getByRole("alert").filter({ hasText: "Barcode: the check digit of 12345678 is wrong." }).waitFor();
  expect(await page.getByRole("textbox", { name: "Barcode" }).inputValue()).toBe("12345678");
});

test("a recipe from searched ingredients: its serving matches the API and logs; another account sees nothing", async () => {
  const { ctx, page } = await seededPage(env.browser, env.srv.url, { answered: false, own: true });
  const token = await accessToken(page);
  await page.getByRole("link", { name: "Foods" }).click();
  await page.getByRole("button", { name: "New recipe" }).click();
  await page.getByRole("textbox", { name: "Recipe name" }).fill("Porridge");
  await page.getByRole("spinbutton", { name: "Servings" }).fill("2");
  await addIngredient(page, "oats", "Oats", 80);
  await addIngredient(page, "milk whole", "Milk", 400);
  await addIngredient(page, "banana", "Bananas, raw", 120);
  const ingredients = page.getByRole("list", { name: "Ingredients" }).getByRole("listitem");
  expect(await ingredients.count()).toBe(3);
  await ingredients.filter({ hasText: "Bananas" }).getByRole("button", { name: "Remove" }).click();
  expect(await ingredients.count()).toBe(2);

  // bad input: no servings
  await page.getByRole("spinbutton", { name: "Servings" }).fill("0");
  await page.getByRole("button", { name: "Save recipe" }).click();
  await page.getByText("Servings must be more than 0", { exact: false }).waitFor();
  await page.getByRole("spinbutton", { name: "Servings" }).fill("2");
  await page.getByRole("button", { name: "Save recipe" }).click();
  await item(page, "Porridge").waitFor();
  await synced(page);

  const { items } = await apiGet(env.srv.url, token, "/recipes");
  expect(items).toHaveLength(1);
  const r = items[0];
  expect(r).toMatchObject({ name: "Porridge", servings: 2, cooked_grams: null, total_grams: 480 });
  expect(r.ingredients.map((i: { grams: number }) => i.grams)).toEqual([80, 400]);
  await item(page, "Porridge")
    .getByText(`${Math.round(r.per_serving.energy_kcal)} kcal a serving`, { exact: false })
    .waitFor();

  // edit: a cooked weight; the server's answer is the one kept
  await item(page, "Porridge").getByRole("button", { name: "Edit" }).click();
  await expect(page.getByRole("textbox", { name: "Recipe name" }).inputValue()).resolves.toBe("Porridge");
  expect(await ingredients.count()).toBe(2);
  await page.getByRole("spinbutton", { name: "Servings" }).fill("3");
  await page.getByRole("button", { name: "Save recipe" }).click();
  await item(page, "3 servings").waitFor();
  await synced(page);
  const again = await apiGet(env.srv.url, token, `/recipes/${r.id}`);
  expect(again.servings).toBe(3);
  expect(again.portions[0].id).toBe(r.portions[0].id);

  // logged by the serving from Add food
  await page.getByRole("link", { name: "Today" }).click();
  await page.getByRole("region", { name: "Breakfast" }).getByRole("button", { name: "Add food" }).click();
  await page.getByRole("searchbox", { name: "Search foods" }).fill("porridge");
  await page.getByRole("listitem").filter({ hasText: "Porridge" }).first().click();
  await page.getByRole("button", { name: "Log" }).click();
  await synced(page);
  const meal = (await apiGet(env.srv.url, token, "/meals/daily")).meals[0];
  expect(meal).toMatchObject({ food: { id: r.id }, portion: { name: "serving" }, quantity: 1 });
  expect(meal.nutrients.energy_kcal).toBe(Math.round(again.per_serving.energy_kcal));

  const other = await seededPage(env.browser, env.srv.url, { answered: false, own: true });
  await other.page.getByRole("link", { name: "Foods" }).click();
  await other.page.getByText("No foods of your own yet.", { exact: false }).waitFor();
  await other.page.goto(`${env.srv.url}/#/foods/recipe/${r.id}`);
  await other.page.getByRole("heading", { level: 1, name: "Not here" }).waitFor();
  await other.ctx.close();
  await ctx.close();
});

test("offline: a food and a recipe made of it, logged at once, reach the server with real ids", async () => {
  const { ctx, page, token } = await readyForOffline(env.browser, env.srv.url);
  await ctx.setOffline(true);
  await newFood(page, { name: "Sourdough starter loaf", per: "100 g", serving: 50, kcal: 250, protein: 9 });
  await page.getByRole("button", { name: "New recipe" }).click();
  await page.getByRole("textbox", { name: "Recipe name" }).fill("Cheese toast");
  await page.getByRole("spinbutton", { name: "Servings" }).fill("1");
  await addIngredient(page, "sourdough", "Sourdough starter loaf", 100);
  await addIngredient(page, "cheddar", "Cheese, cheddar", 30);
  await page.getByRole("button", { name: "Save recipe" }).click();
  await item(page, "Cheese toast").waitFor();
  await page.getByRole("link", { name: "Today" }).click();
  await page.getByRole("region", { name: "Lunch" }).getByRole("button", { name: "Add food" }).click();
  await page.getByRole("searchbox", { name: "Search foods" }).fill("cheese toast");
  await page.getByRole("listitem").filter({ hasText: "Cheese toast" }).first().click();
  await page.getByRole("button", { name: "Log" }).click();
  await page.getByRole("region", { name: "Lunch" }).getByRole("listitem").filter({ hasText: "Cheese toast" }).waitFor();
  await status(page).filter({ hasText: "3 changes waiting" }).waitFor();

  await ctx.setOffline(false);
  await synced(page);
  const { items } = await apiGet(env.srv.url, token, "/recipes");
  expect(items).toHaveLength(1);
  const loaf = (await apiGet(env.srv.url, token, "/foods/search?q=sourdough%20starter%20loaf")).items.find(
    (f: { source: string }) => f.source === "custom",
  );
  expect(items[0].ingredients.map((i: { food_id: number; grams: number }) => [i.food_id, i.grams])).toEqual([
    [loaf.id, 100],
    [1009, 30],
  ]);
  const meal = (await apiGet(env.srv.url, token, "/meals/daily")).meals[0];
  expect(meal.food.id).toBe(items[0].id);
  expect(meal.nutrients.energy_kcal).toBe(Math.round(items[0].per_serving.energy_kcal));
  await ctx.close();
});
