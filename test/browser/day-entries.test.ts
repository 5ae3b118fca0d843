/**
 * The day view's entries at 360×640 and 1280×800: a glass per tap, a unit change that keeps the amount, two-line
 * entry rows with 44 px buttons, Copy/Move defaults, toasts that say dates as people do and sit above the sticky
 * header, and the sticky Add selected bar below the last Recent item.
 */
import { expect, test } from "bun:test";
import { addDays } from "../../src/lib/time";
import { accessToken, apiGet, apiSend, browserAndServer, logFood, synced, todayOf } from "./harness";
import { seededAccount, seededPage } from "./seed";

const env = browserAndServer();

const longDay = (d: string) =>
  new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", weekday: "long", day: "numeric", month: "long" }).format(
    new Date(`${d}T12:00:00Z`),
  );

/** Waits for a condition (the test's timeout bounds it; `what` names it for whoever reads a timeout). */
async function until(check: () => Promise<boolean>, _what: string): Promise<void> {
  while (!(await check())) await Bun.sleep(25);
}
test("Add a glass: three taps 300 ms apart add three glasses, here and on the server", async () => {
  const { page } = await seededPage(env.browser, env.srv.url, { answered: false });
  await synced(page);
  const water = page.getByRole("region", { name: "Water" });
  const add = water.getByRole("button", { name: "Add a glass" });
  for (let i = 0; i < 3; i++) {
    await add.click();
    await Bun.sleep(300); // a person's pace, not a wait for the app
  }
  await until(async () => (await water.getByRole("spinbutton").inputValue()) === "750", "750 ml shown");
  await synced(page);
  const today = await todayOf(page);
  const v = await apiGet(env.srv.url, await accessToken(page), `/daily-values?from=${today}&to=${today}`);
  expect(JSON.stringify(v)).toContain("750");
});

test("Log form: a typed quantity keeps its number when the unit changes; the form's own is converted", async () => {
  const { page } = await seededPage(env.browser, env.srv.url, { answered: false });
  const open = async () => {
    await page.evaluate("location.hash = '#/'");
    await page.getByRole("region", { name: "Dinner" }).getByRole("button", { name: "Add food" }).click();
    await page.getByRole("searchbox", { name: "Search foods" }).fill("cod cooked");
    await page.getByRole("listitem").filter({ hasText: "Fish, cod, Atlantic, cooked, dry heat" }).first().click();
    await page.getByRole("spinbutton", { name: "Quantity" }).waitFor();
  };
  const qty = page.getByRole("spinbutton", { name: "Quantity" });
  const unit = page.getByRole("combobox", { name: "Unit" });
  const fillet = async () => (await unit.locator("option").allTextContents()).find((t) => t.startsWith("fillet"))!;

  // typed 180 with the fillet, then grams: 180 g (it was 180 fillets · 32400 g and an error)
  await open();
  await unit.selectOption({ label: await fillet() });
  await qty.fill("180");
  await unit.selectOption({ label: "grams" });
  await expect(qty.inputValue()).resolves.toBe("180");
  // 105 kcal per 100 g (USDA SR 15016): 180 g is 189 kcal
  await until(async () => (await page.locator(".preview").textContent())!.includes("189 kcal"), "189 kcal shown");
  await expect(page.locator("#amount-problem").count()).resolves.toBe(0);
  await page.getByRole("button", { name: "Cancel" }).click();

  // not typed: the form's 1 fillet becomes 180 g, the same amount
  await open();
  await unit.selectOption({ label: await fillet() });
  await expect(qty.inputValue()).resolves.toBe("1"); // the fillet as the form chose it: one
  await unit.selectOption({ label: "grams" });
  await expect(qty.inputValue()).resolves.toBe("180");
  await until(async () => (await page.locator(".preview").textContent())!.includes("189 kcal"), "189 kcal shown");
});

test("at 360: an entry is two lines, the short name whole, Edit Delete Copy Move 44×44 with drawn icons", async () => {
  const { page } = await seededPage(env.browser, env.srv.url, { answered: false });
  await logFood(page, {
    meal: "Lunch",
    query: "chicken breast roasted",
    food: "Chicken, broilers or fryers, breast, meat only, cooked, roasted",
    quantity: 150,
  });
  await synced(page); // the row as it stays (sent, its short name read)
  const row = page.getByRole("region", { name: "Lunch" }).getByRole("listitem").first();
  await row.waitFor();
  const name = row.locator(".name").first();
  await name.waitFor();
  await expect(name.textContent()).resolves.toBe("Chicken breast, roasted");
  // the whole short name shows: nothing cut off with an ellipsis
  expect(await name.evaluate((e) => e.scrollWidth <= e.clientWidth + 1)).toBe(true);
  const nameBox = (await name.boundingBox())!;
  const kcalBox = (await row.locator(".kcal").boundingBox())!;
  expect(Math.abs(nameBox.y + nameBox.height / 2 - (kcalBox.y + kcalBox.height / 2))).toBeLessThan(8); // line 1
  for (const verb of ["Edit", "Delete", "Copy", "Move"]) {
    const b = row.getByRole("button", { name: verb, exact: true });
    const box = (await b.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(44);
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.y).toBeGreaterThan(nameBox.y + nameBox.height - 1); // line 2, below the name
    expect(await b.locator("svg").count()).toBe(1); // drawn, not a font's glyph that may be missing
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is the point (the word is in the DOM, hidden at 360)
    expect((await b.innerText()).trim()).toBe("");
  }
});

test("Copy and Move default to the day shown; Copy to… to today from another day, tomorrow from today; toasts say the day", async () => {
  const { page } = await seededPage(env.browser, env.srv.url, { answered: false });
  const today = await todayOf(page);
  await logFood(page, { meal: "Breakfast", query: "banana", food: "Bananas, raw" });
  const row = page.getByRole("region", { name: "Breakfast" }).getByRole("listitem").first();

  await row.getByRole("button", { name: "Copy", exact: true }).click();
  const copy = page.getByRole("form", { name: /^Copy Bananas/ });
  await expect(copy.getByLabel("Date").inputValue()).resolves.toBe(today);
  await copy.getByRole("button", { name: "Cancel" }).click();
  await row.getByRole("button", { name: "Move", exact: true }).click();
  const move = page.getByRole("form", { name: /^Move Bananas/ });
  await expect(move.getByLabel("Date").inputValue()).resolves.toBe(today);
  await move.getByRole("button", { name: "Cancel" }).click();

  // from today a meal's Copy to… starts at tomorrow, and the toast names it as the day view does, not the ISO date
  const breakfast = page.getByRole("region", { name: "Breakfast" });
  await breakfast.getByRole("button", { name: "Copy to…" }).click();
  const region = page.getByRole("form", { name: "Copy Breakfast to" });
  await expect(region.getByLabel("Date").inputValue()).resolves.toBe(addDays(today, 1));
  await region.getByRole("button", { name: "Copy", exact: true }).click();
  const toast = page.locator(".toast");
  await until(async () => (await toast.count()) === 1, "a toast");
  const tomorrow = new Intl.DateTimeFormat("en-GB", {
    timeZone: "UTC",
    weekday: "short",
    day: "numeric",
    month: "short",
  });
  await expect(toast.textContent()).resolves.toContain(
    `Breakfast, ${tomorrow.format(new Date(`${addDays(today, 1)}T12:00:00Z`))}`,
  );
  expect(await toast.textContent()).not.toContain(addDays(today, 1));

  // on another day: its heading is the weekday and date, and Copy to… starts at today
  await page.getByRole("button", { name: "Next day" }).click();
  await page.getByRole("heading", { level: 1, name: longDay(addDays(today, 1)) }).waitFor();
  await page.getByRole("region", { name: "Breakfast" }).getByRole("listitem").first().waitFor();
  await page.getByRole("region", { name: "Breakfast" }).getByRole("button", { name: "Copy to…" }).click();
  await expect(page.getByRole("form", { name: "Copy Breakfast to" }).getByLabel("Date").inputValue()).resolves.toBe(
    today,
  );
  await page.getByRole("form", { name: "Copy Breakfast to" }).getByRole("button", { name: "Cancel" }).click();
  await page.getByRole("region", { name: "Whole day" }).getByRole("button", { name: "Copy to…" }).click();
  await expect(page.getByRole("form", { name: "Copy the whole day to" }).getByLabel("Date").inputValue()).resolves.toBe(
    today,
  );
  await page.getByRole("button", { name: "Previous day" }).click();
  await page.getByRole("button", { name: "Previous day" }).click();
  await page.getByRole("heading", { level: 1, name: longDay(addDays(today, -1)) }).waitFor();
});

test("a toast at the top sits below the sticky day header at 360, above it in the stacking order", async () => {
  const { page } = await seededPage(env.browser, env.srv.url, { answered: false });
  await logFood(page, { meal: "Snack", query: "banana", food: "Bananas, raw" });
  const row = page.getByRole("region", { name: "Snack" }).getByRole("listitem").first();
  await row.getByRole("button", { name: "Delete", exact: true }).click();
  const toast = page.locator(".toast");
  await toast.waitFor();
  const z = Number(await page.evaluate("getComputedStyle(document.querySelector('.toast')).zIndex"));
  expect(z).toBeGreaterThan(4); // the day header's 4: the toast is drawn over it
  // a form under the bottom toast sends it to the top: scrolled to the end, open Quick add in Dinner under it
  await page.evaluate("scrollTo(0, document.body.scrollHeight)");
  await page.getByRole("region", { name: "Dinner" }).getByRole("button", { name: "Quick add" }).click();
  await until(async () => (await toast.getAttribute("class"))!.includes("top"), "the toast at the top");
  const head = (await page.locator(".day-head").boundingBox())!;
  const box = (await toast.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(head.y + head.height);
});

const send = (token: string, method: string, path: string, body?: unknown) =>
  apiSend(env.srv.url, token, method, path, body);

test("at 360 the sticky Add selected bar leaves the last Recent item in view below it, scrolled to the end", async () => {
  const account = await seededAccount(env.srv.url, { answered: false });
  const token = account.token;
  const today = account.today;
  for (const id of [9040, 9003, 1123, 11124, 12061, 1009])
    expect(
      (
        await send(token, "POST", "/meals", {
          food_id: id,
          quantity: 100,
          meal_type: "snack",
          date: addDays(today, -1),
        })
      ).status,
    ).toBe(201);
  const { page } = await account.open(env.browser);
  await synced(page);
  await page.getByRole("region", { name: "Snack" }).getByRole("button", { name: "Add food" }).click();
  const recent = page.getByRole("list", { name: "Recent foods" }).getByRole("listitem");
  await recent.nth(5).waitFor();
  await recent.first().getByRole("checkbox").check();
  const bar = page.locator(".add-selected");
  await bar.waitFor();
  // to the end of the page and of the list
  await page.evaluate("document.querySelector('ul.picks').scrollTop = 1e6; scrollTo(0, document.body.scrollHeight)");
  const last = (await recent.last().boundingBox())!;
  const b = (await bar.boundingBox())!;
  expect(last.y + last.height).toBeLessThanOrEqual(b.y + 1); // the last item ends above the bar
});
