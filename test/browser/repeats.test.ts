/**
 * Repeats in the web app (WEBAPP.md "Repeats"): Recent and My meals in add food, ticks and `Add selected`,
 * saved meals (made with `Save as meal`, logged in one tap, online and offline, edited and deleted in Foods),
 * `Copy to…` of a meal and of a day, `Copy` and `Move` of one entry, `Copy from yesterday` pressed twice, the
 * day view coming back to the meal just logged, and the day view at a phone's 360×640. Numbers are checked
 * against the API.
 */
import { expect, test } from "bun:test";
import { addDays } from "../../src/lib/time";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import {
  accessToken,
  answerFirstDay,
  apiGet,
  browserAndServer,
  readyForOffline,
  register,
  server,
  status,
  synced,
  todayOf,
} from "./harness";
import { seededAccount, seededPage } from "./seed";

const env = browserAndServer();

type ApiMeal = {
  id: string;
  meal_type: string;
  date: string;
  food: { id: number; name: string } | null;
  quantity: number;
  grams: number;
  nutrients: { energy_kcal: number | null };
};

async function send<T = any>(base: string, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const r = await fetch(`${base}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${await r.text()}`);
  return (r.status === 204 ? null : await r.json()) as T;
}

const region = (page: Page, meal: string) => page.getByRole("region", { name: meal, exact: true });
const entries = (page: Page, meal: string) => region(page, meal).getByRole("listitem");
const day = (base: string, token: string, date: string) =>
  apiGet<{ meals: ApiMeal[] }>(base, token, `/meals/daily?date=${date}`).then((d) => d.meals);

/** Waits for a condition (the test's timeout bounds it; `what` names it for whoever reads a timeout). */
async function until(check: () => Promise<boolean>, _what: string): Promise<void> {
  while (!(await check())) await Bun.sleep(25);
}

/** The first catalogue food each query finds. */
async function foodIds(base: string, token: string, queries: string[]): Promise<number[]> {
  const out: number[] = [];
  for (const q of queries)
    out.push((await apiGet(base, token, `/foods/search?limit=1&q=${encodeURIComponent(q)}`)).items[0].id);
  return out;
}

const FOODS = [
  "banana",
  "apple",
  "orange",
  "oatmeal",
  "egg",
  "toast",
  "butter",
  "milk",
  "yogurt",
  "honey",
  "blueberries",
  "strawberries",
  "coffee",
  "orange juice",
  "bacon",
  "cheddar",
  "peanut butter",
  "granola",
  "pear",
  "grapes",
  "almonds",
  "walnuts",
];

test("Recent at breakfast: 22 foods seeded, at least 20 shown at their last serving and kcal, scrollable; typing filters them; Add selected logs exactly the ticked ones", async () => {
  const account = await seededAccount(env.srv.url, { answered: false });
  const token = account.token;
  const today = account.today;
  const ids = await foodIds(env.srv.url, token, FOODS);
  for (const [i, id] of ids.entries())
    await send(env.srv.url, token, "POST", "/meals", {
      food_id: id,
      quantity: 50 + i,
      meal_type: "breakfast",
      date: addDays(today, -1 - (i % 5)),
    });
  const { page } = await account.open(env.browser);
  await synced(page);

  await region(page, "Breakfast").getByRole("button", { name: "Add food" }).click();
  await page.getByRole("searchbox", { name: "Search foods" }).waitFor();
  await until(async () => (await js(page, "document.activeElement?.getAttribute('type')")) === "search", "focus");
  await page.getByRole("tab", { name: "Recent", selected: true }).waitFor();
  await page.getByRole("tab", { name: "My meals", selected: false }).waitFor();
  const recent = page.getByRole("list", { name: "Recent foods" });
  await recent.waitFor();
  const boxes = recent.getByRole("checkbox");
  expect(await boxes.count()).toBeGreaterThanOrEqual(20);
  const scrolls = await js(
    page,
    "(() => { const el = document.querySelector('ul[aria-label=\"Recent foods\"]'); " +
      "return el.scrollHeight > el.clientHeight && getComputedStyle(el).overflowY === 'auto'; })()",
  );
  expect(scrolls).toBe(true);

  // each row at the serving and kcal the API remembers for breakfast
  const api = (await apiGet(env.srv.url, token, "/foods/recent?meal_type=breakfast&limit=20")).items as {
    id: number;
    name: string;
    short_name: string;
    last_quantity: number;
    last_energy_kcal: number;
  }[];
  for (const f of api.slice(0, 5)) {
    const row = recent
      .getByRole("listitem")
      .filter({ has: page.getByRole("checkbox", { name: f.short_name, exact: true }) });
    const text = await row.textContent();
    expect(text).toContain(`${f.last_quantity} g · ${Math.round(f.last_energy_kcal)} kcal`);
  }

  // typing filters Recent
  await page.getByRole("searchbox", { name: "Search foods" }).fill("berr");
  await until(async () => (await boxes.count()) === 2, "two berries");
  const names = (await boxes.evaluateAll((els) => els.map((e) => e.getAttribute("aria-label"))))
    .join(" ")
    .toLowerCase();
  expect(names).toContain("blueberr");
  expect(names).toContain("strawberr");

  // tick both berries, and a third food after clearing the filter; Add selected logs exactly those three
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  await page.getByRole("searchbox", { name: "Search foods" }).fill("");
  const toast = api.find((f) => /toast/i.test(f.name))!; // logged yesterday: among the first 20
  await recent.getByRole("checkbox", { name: toast.short_name, exact: true }).check();
  await page.getByRole("button", { name: "Add selected" }).click();
  await entries(page, "Breakfast").nth(2).waitFor();
  await synced(page);
  const logged = await day(env.srv.url, token, today);
  expect(logged.length).toBe(3);
  const byName = new Map(api.map((f) => [f.id, f]));
  for (const m of logged) {
    const f = byName.get(m.food!.id)!;
    expect(m.meal_type).toBe("breakfast");
    expect(m.quantity).toBe(f.last_quantity); // the serving the row showed
    expect(Math.round(m.nutrients.energy_kcal!)).toBe(Math.round(f.last_energy_kcal));
  }
  expect(logged.map((m) => m.food!.name).join(" ")).toMatch(/toast/i);
  // back at breakfast's region, and it has the focus
  await until(
    async () => (await js(page, "document.activeElement?.getAttribute('aria-labelledby')")) === "group-breakfast",
    "focus on Breakfast",
  );
});

test("Save as meal, then My meals: one tap logs it, a tick logs it with a recent food; the API has those meals with those kcal; Foods edits and deletes it", async () => {
  const { page } = await seededPage(env.browser, env.srv.url, { answered: false });
  const token = await accessToken(page);
  const today = await todayOf(page);
  const [salmon, potato, broccoli, pear] = await foodIds(env.srv.url, token, [
    "salmon",
    "baked potato",
    "broccoli",
    "pear",
  ]);
  const yesterday = addDays(today, -1);
  for (const [food_id, quantity] of [
    [salmon!, 150],
    [potato!, 200],
    [broccoli!, 100],
  ])
    await send(env.srv.url, token, "POST", "/meals", { food_id, quantity, meal_type: "dinner", date: yesterday });
  await send(env.srv.url, token, "POST", "/meals", {
    food_id: pear,
    quantity: 120,
    meal_type: "snack",
    date: yesterday,
  });
  await page.goto(`${env.srv.url}/#/day/${yesterday}`);
  await page.reload(); // the meals made through the API come in through the change feed
  await entries(page, "Dinner").nth(2).waitFor();

  await region(page, "Dinner").getByRole("button", { name: "Save as meal" }).click();
  await page.getByRole("textbox", { name: "Meal name" }).fill("Salmon dinner");
  await region(page, "Dinner").getByRole("button", { name: "Save", exact: true }).click();
  await synced(page);
  const saved = (await apiGet(env.srv.url, token, "/saved-meals")).items as {
    id: string;
    name: string;
    energy_kcal: number;
    entries: { food: { id: number }; quantity: number }[];
  }[];
  expect(saved.map((s) => s.name)).toEqual(["Salmon dinner"]);
  expect(saved[0]!.entries.map((e) => [e.food.id, e.quantity]).sort()).toEqual(
    [
      [salmon!, 150],
      [potato!, 200],
      [broccoli!, 100],
    ].sort(),
  );
  const mealKcal = saved[0]!.energy_kcal;

  // one tap from My meals, today at lunch
  await page.goto(`${env.srv.url}/#/`);
  await region(page, "Lunch").getByRole("button", { name: "Add food" }).click();
  await page.getByRole("tab", { name: "My meals" }).click();
  await page.getByRole("button", { name: "Log Salmon dinner" }).click();
  await entries(page, "Lunch").nth(2).waitFor();
  await synced(page);
  let meals = await day(env.srv.url, token, today);
  expect(meals.length).toBe(3);
  expect(meals.every((m) => m.meal_type === "lunch")).toBe(true);
  expect(Math.round(meals.reduce((s, m) => s + m.nutrients.energy_kcal!, 0))).toBe(Math.round(mealKcal));

  // a tick on the saved meal and one on a recent snack, then Add selected, at snack
  await region(page, "Snack").getByRole("button", { name: "Add food" }).click();
  await page.getByRole("list", { name: "Recent foods" }).getByRole("checkbox", { name: /pear/i }).check();
  await page.getByRole("tab", { name: "My meals" }).click();
  await page.getByRole("checkbox", { name: "Salmon dinner" }).check();
  await page.getByRole("button", { name: "Add selected" }).click();
  await entries(page, "Snack").nth(3).waitFor();
  await synced(page);
  meals = (await day(env.srv.url, token, today)).filter((m) => m.meal_type === "snack");
  expect(meals.length).toBe(4);
  const pearMeal = meals.find((m) => m.food!.id === pear)!;
  expect(pearMeal.quantity).toBe(120); // yesterday's snack serving
  expect(Math.round(meals.reduce((s, m) => s + m.nutrients.energy_kcal!, 0) - pearMeal.nutrients.energy_kcal!)).toBe(
    Math.round(mealKcal),
  );

  // Foods: rename, change an entry's quantity, remove one; then delete
  await page.getByRole("link", { name: "Foods" }).click();
  const item = page.getByRole("listitem").filter({ hasText: "Salmon dinner" });
  await item.getByRole("button", { name: "Edit" }).click();
  await page.getByRole("textbox", { name: "Meal name" }).fill("Fish night");
  const rows = page.getByRole("list", { name: "Entries" }).getByRole("listitem");
  await rows
    .filter({ hasText: /potato/i })
    .getByRole("spinbutton", { name: "Quantity" })
    .fill("300");
  await rows
    .filter({ hasText: /broccoli/i })
    .getByRole("button", { name: "Remove" })
    .click();
  await page.getByRole("button", { name: "Save meal" }).click();
  await page.getByRole("listitem").filter({ hasText: "Fish night" }).waitFor();
  await synced(page);
  const edited = await apiGet(env.srv.url, token, `/saved-meals/${saved[0]!.id}`);
  expect(edited.name).toBe("Fish night");
  expect(edited.entries.map((e: { food: { id: number }; quantity: number }) => [e.food.id, e.quantity]).sort()).toEqual(
    [
      [salmon!, 150],
      [potato!, 300],
    ].sort(),
  );
  await page.getByRole("listitem").filter({ hasText: "Fish night" }).getByRole("button", { name: "Delete" }).click();
  await page.getByRole("listitem").filter({ hasText: "Fish night" }).waitFor({ state: "detached" });
  await synced(page);
  expect((await apiGet(env.srv.url, token, "/saved-meals")).items).toEqual([]);
});

test("offline: a saved meal made on another device arrives through the change feed and logs from My meals with the server stopped; Save as meal made offline reaches the server", async () => {
  const { ctx, page, token } = await readyForOffline(env.browser, env.srv.url);
  const today = await todayOf(page);
  const [egg, toast] = await foodIds(env.srv.url, token, ["egg", "toast"]);
  const made = await send(env.srv.url, token, "POST", "/saved-meals", {
    name: "Eggs on toast",
    entries: [
      { food_id: egg, quantity: 100 },
      { food_id: toast, quantity: 50 },
      { quick_add: { energy_kcal: 40, description: "coffee" } },
    ],
  });
  await page.reload();
  await synced(page);
  // the saved meal has come through the change feed into this device before the server goes away
  await region(page, "Breakfast").getByRole("button", { name: "Add food" }).click();
  await page.getByRole("tab", { name: "My meals" }).click();
  await page.getByRole("button", { name: "Log Eggs on toast" }).waitFor();
  await ctx.setOffline(true);
  await env.srv.stop();
  try {
    await offlineHalf();
  } finally {
    // the later tests share this server: it comes back even when a step above failed
    if (!(await fetch(`${env.srv.url}/healthz`).catch(() => null))) env.srv = await server(env.srv.dir, env.srv.port);
  }
  async function offlineHalf() {
    await page.goto(`${env.srv.url}/`);
    await status(page).filter({ hasText: "Offline" }).waitFor();
    await region(page, "Breakfast").getByRole("button", { name: "Add food" }).click();
    await page.getByRole("tab", { name: "My meals" }).click();
    await page.getByRole("button", { name: "Log Eggs on toast" }).click();
    await entries(page, "Breakfast").nth(2).waitFor();
    // and saved again as a meal of its own, still offline
    await region(page, "Breakfast").getByRole("button", { name: "Save as meal" }).click();
    await page.getByRole("textbox", { name: "Meal name" }).fill("Breakfast again");
    await region(page, "Breakfast").getByRole("button", { name: "Save", exact: true }).click();
    await status(page).filter({ hasText: "4 changes waiting" }).waitFor();
    env.srv = await server(env.srv.dir, env.srv.port);
  }
  await ctx.setOffline(false);
  await synced(page);
  const meals = await day(env.srv.url, token, today);
  expect(meals.length).toBe(3);
  expect(Math.round(meals.reduce((s, m) => s + m.nutrients.energy_kcal!, 0))).toBe(Math.round(made.energy_kcal));
  const saved = (await apiGet(env.srv.url, token, "/saved-meals")).items as { name: string; energy_kcal: number }[];
  expect(saved.map((m) => m.name)).toEqual(["Breakfast again", "Eggs on toast"]);
  expect(Math.round(saved[0]!.energy_kcal)).toBe(Math.round(made.energy_kcal));
});

test("Copy from yesterday twice adds nothing more; Copy to… a meal lands on the chosen date and meal; Copy to… the day; Copy and Move of one entry (Move leaves the source)", async () => {
  const account = await seededAccount(env.srv.url, { answered: false });
  const token = account.token;
  const today = account.today;
  const yesterday = addDays(today, -1);
  const [oats, milk, apple] = await foodIds(env.srv.url, token, ["oatmeal", "milk", "apple"]);
  await send(env.srv.url, token, "POST", "/meals", {
    food_id: oats,
    quantity: 80,
    meal_type: "breakfast",
    date: yesterday,
  });
  await send(env.srv.url, token, "POST", "/meals", {
    food_id: milk,
    quantity: 200,
    meal_type: "breakfast",
    date: yesterday,
  });
  await send(env.srv.url, token, "POST", "/meals", {
    food_id: apple,
    quantity: 150,
    meal_type: "snack",
    date: yesterday,
  });
  const { page } = await account.open(env.browser);
  await synced(page);

  const copy = region(page, "Breakfast").getByRole("button", { name: "Copy from yesterday" });
  await copy.click();
  await entries(page, "Breakfast").nth(1).waitFor();
  await until(async () => !(await copy.isDisabled()), "the button again");
  await copy.click(); // a second press, later: the copies are already there
  await page.getByText(/Already copied/).waitFor();
  await synced(page);
  expect((await day(env.srv.url, token, today)).length).toBe(2);

  // today's breakfast to lunch, three days on
  const target = addDays(today, 3);
  await region(page, "Breakfast").getByRole("button", { name: "Copy to…" }).click();
  const form = page.getByRole("form", { name: "Copy Breakfast to" });
  await form.getByLabel("Date").fill(target);
  await form.getByRole("combobox", { name: "Meal" }).selectOption("lunch");
  await form.getByRole("button", { name: "Copy", exact: true }).click();
  await synced(page);
  let there = await day(env.srv.url, token, target);
  expect(there.map((m) => [m.meal_type, m.food!.id, m.grams]).sort()).toEqual(
    [
      ["lunch", oats!, 80],
      ["lunch", milk!, 200],
    ].sort(),
  );

  // yesterday's whole day onto a week on, each under its own meal
  const week = addDays(today, 7);
  await page.goto(`${env.srv.url}/#/day/${yesterday}`);
  await entries(page, "Snack").first().waitFor();
  await page.getByRole("region", { name: "Whole day" }).getByRole("button", { name: "Copy to…" }).click();
  await page.getByRole("form", { name: "Copy the whole day to" }).getByLabel("Date").fill(week);
  await page
    .getByRole("form", { name: "Copy the whole day to" })
    .getByRole("button", { name: "Copy", exact: true })
    .click();
  await synced(page);
  there = await day(env.srv.url, token, week);
  expect(there.map((m) => m.meal_type).sort()).toEqual(["breakfast", "breakfast", "snack"]);

  // one entry: Copy to dinner today, then Move the apple to today's snack (it leaves yesterday)
  const appleRow = entries(page, "Snack").first();
  // on a phone too, Copy and Move sit in the entry's row (icons named Copy and Move)
  const more = async (verb: string) => {
    await appleRow.getByRole("button", { name: verb, exact: true }).click();
  };
  await more("Copy");
  const copyForm = page.getByRole("form", { name: /^Copy Apple/ });
  await copyForm.getByLabel("Date").fill(today);
  await copyForm.getByRole("combobox", { name: "Meal" }).selectOption("dinner");
  await copyForm.getByRole("button", { name: "Copy", exact: true }).click();
  await copyForm.waitFor({ state: "detached" });
  await more("Move");
  const moveForm = page.getByRole("form", { name: /^Move Apple/ });
  await moveForm.getByLabel("Date").fill(today);
  await moveForm.getByRole("button", { name: "Move", exact: true }).click();
  await entries(page, "Snack").first().waitFor({ state: "detached" });
  await synced(page);
  const y = await day(env.srv.url, token, yesterday);
  expect(y.some((m) => m.food!.id === apple)).toBe(false);
  const t = await day(env.srv.url, token, today);
  expect(
    t
      .filter((m) => m.food!.id === apple)
      .map((m) => m.meal_type)
      .sort(),
  ).toEqual(["dinner", "snack"]);
});

test("at 360×640: Totals in two lines, Log food covers no control, two short lines per entry with the short name and 44 px buttons; 12 entries are under three screens", async () => {
  const account = await seededAccount(env.srv.url, { answered: false });
  const token = account.token;
  const today = account.today;
  const ids = await foodIds(env.srv.url, token, FOODS.slice(0, 12));
  const types = ["breakfast", "lunch", "dinner", "snack"];
  for (const [i, id] of ids.entries())
    await send(env.srv.url, token, "POST", "/meals", {
      food_id: id,
      quantity: 100,
      meal_type: types[i % 4],
      date: today,
    });
  const { page } = await account.open(env.browser);
  await synced(page);
  await entries(page, "Snack").nth(2).waitFor();
  await answerFirstDay(page, env.srv.url);

  const totals = await page.getByRole("region", { name: "Totals" }).boundingBox();
  expect(totals!.height).toBeLessThan(110);
  const rows = page.locator("li.entry");
  expect(await rows.count()).toBe(12);
  for (const h of await rows.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height)))
    expect(h).toBeLessThanOrEqual(72); // two lines: the name and kcal (26 px), the serving and four 44 px buttons
  // the short name is what shows (the full one is kept for screen readers and tests)
  const foods = await Promise.all(
    ids.map((id) => apiGet<{ name: string; short_name: string }>(env.srv.url, token, `/foods/${id}`)),
  );
  const differ = foods.filter((f) => f.short_name !== f.name);
  expect(differ.length).toBeGreaterThan(0);
  for (const f of differ) {
    expect(await page.locator("li.entry .name[aria-hidden]").filter({ hasText: f.short_name }).count()).toBe(1);
    expect(await page.locator("li.entry").filter({ hasText: f.name }).count()).toBe(1);
  }

  const bottom = Number(
    await js(
      page,
      "document.getElementById('group-snack').closest('section').getBoundingClientRect().bottom + scrollY",
    ),
  );
  // measured 2.62 with two-line rows of 71 px (2.2 when a row was one 50 px line with 34 px buttons, under 44)
  expect(bottom / 640).toBeLessThan(2.7);

  // scrolled anywhere, Log food overlaps no control in view below the top bars (the one it sits in, if any)
  // and above the tab bar: a floating button over the page (as before) overlapped Add food and Copy from yesterday
  const covered = await js(
    page,
    `(() => {
      const log = [...document.querySelectorAll("button")].find((b) => b.textContent.trim() === "Log food");
      const bar = log.closest("header") ?? document.querySelector("header.top");
      const nav = document.querySelector("nav");
      const out = new Set();
      for (let y = 0; y <= document.documentElement.scrollHeight; y += 40) {
        scrollTo(0, y);
        const top = Math.max(bar.getBoundingClientRect().bottom, document.querySelector("header.top").getBoundingClientRect().bottom);
        const navTop = nav.getBoundingClientRect().top;
        const bottom = navTop > innerHeight / 2 ? navTop : innerHeight;
        const r = log.getBoundingClientRect();
        for (const el of document.querySelectorAll("main button, main a, main input, main select")) {
          if (el === log || el.closest("header") || !el.getClientRects().length) continue;
          const o = el.getBoundingClientRect();
          if (o.top < top || o.bottom > bottom) continue;
          if (o.left < r.right && o.right > r.left && o.top < r.bottom && o.bottom > r.top)
            out.add(el.textContent.trim() || el.getAttribute("aria-label"));
        }
      }
      return [...out];
    })()`,
  );
  expect(covered).toEqual([]);
});

/** An expression evaluated in the page (this file is type-checked without the DOM's types). */
const js = (page: Page, expr: string) => page.evaluate<unknown>(expr);

const AXE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

/** axe-core's serious or critical findings on the page as it stands, at 360×640 and 1280×800. */
async function axe(page: Page, view: string): Promise<string[]> {
  const found: string[] = [];
  for (const viewport of [
    { width: 360, height: 640 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(viewport);
    await page.addScriptTag({ path: AXE });
    const r = (await page.evaluate("axe.run(document, { resultTypes: ['violations'] })")) as {
      violations: { id: string; impact: string; nodes: { target: string[] }[] }[];
    };
    for (const v of r.violations)
      if (v.impact === "serious" || v.impact === "critical")
        found.push(`${view} ${viewport.width}: ${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  }
  await page.setViewportSize({ width: 360, height: 640 });
  return found;
}

test("the repeat screens have no serious or critical axe findings (tabs, ticks, Save as meal, Copy to…, an entry's Move, My meals in Foods, the saved meal's form)", async () => {
  const ctx = await env.browser.newContext({ viewport: { width: 360, height: 640 }, bypassCSP: true });
  const page = await ctx.newPage();
  await register(page, env.srv.url);
  const token = await accessToken(page);
  const today = await todayOf(page);
  const [egg, toast] = await foodIds(env.srv.url, token, ["egg", "toast"]);
  for (const food_id of [egg, toast])
    await send(env.srv.url, token, "POST", "/meals", { food_id, quantity: 60, meal_type: "breakfast", date: today });
  await send(env.srv.url, token, "POST", "/saved-meals", {
    name: "Eggs on toast",
    entries: [{ food_id: egg, quantity: 100 }],
  });
  await page.reload();
  await entries(page, "Breakfast").nth(1).waitFor();
  const found: string[] = [];

  await region(page, "Breakfast").getByRole("button", { name: "Save as meal" }).click();
  await entries(page, "Breakfast").first().getByRole("button", { name: "Move", exact: true }).click();
  await page.getByRole("region", { name: "Whole day" }).getByRole("button", { name: "Copy to…" }).click();
  found.push(...(await axe(page, "day with the repeat forms open")));

  await region(page, "Breakfast").getByRole("button", { name: "Add food" }).click();
  await page.getByRole("list", { name: "Recent foods" }).getByRole("checkbox").first().check();
  found.push(...(await axe(page, "add food, Recent, one ticked")));
  await page.getByRole("tab", { name: "My meals" }).click();
  await page.getByRole("button", { name: "Log Eggs on toast" }).waitFor();
  found.push(...(await axe(page, "add food, My meals")));

  await page.getByRole("link", { name: "Foods" }).click();
  await page.getByRole("listitem").filter({ hasText: "Eggs on toast" }).getByRole("button", { name: "Edit" }).click();
  await page.getByRole("textbox", { name: "Meal name" }).waitFor();
  found.push(...(await axe(page, "saved meal form")));
  await ctx.close();
  expect(found).toEqual([]);
});
