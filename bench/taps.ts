#!/usr/bin/env bun
/**
 * bun run bench:taps — how many taps does logging a day take in the web app? A real server (temp data dir),
 * Debian's Chromium through playwright-core at 360×640 (a phone), and two scripted days. Every click or tap
 * counts one; typing does not (a search or a name is typed either way); a keyboard Enter would count one.
 * Opening the app on a day (`#/day/DATE`) is not a tap: the person opens it on that day.
 *
 *   Day 1 — 12 entries, all foods new to this account: breakfast, lunch, dinner and snacks.
 *   Day 2 — the same breakfast, yesterday's lunch with one food changed, two snacks from recent, and a dinner
 *           saved as a meal the week before.
 *
 * Set-up (a week before: a dinner logged and saved as a meal) is counted apart. Goals (issue 49): day 2 ≤ 12
 * taps (MyFitnessPal about 20), day 1 ≤ 42. Each day's meals are then read back from the API, and the run fails
 * if they are not what was logged. Prints a per-step table (docs/web-app.md keeps one).
 *   --shots DIR   also save screenshots of the day views and add food there
 */
import { join } from "node:path";
import { chromium, type Locator, type Page } from "playwright-core";
import { tempDir } from "./lib/tmp";
import { startServer } from "./lib/wrk";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const shotsArg = process.argv.indexOf("--shots");
const shots = shotsArg > 0 ? process.argv[shotsArg + 1]! : null;

const { proc, port } = await startServer(
  ["bun", join(import.meta.dir, "..", "src", "index.ts"), "serve", "--port", "0", "--data-dir", tempDir()],
  { MORSEL_LOG_REQUESTS: "false" },
);
const base = `http://127.0.0.1:${port}`;
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu"] });

const steps: { day: string; step: string; taps: number }[] = [];
let day = "set-up";
let current: { step: string; taps: number } | null = null;
function step(name: string) {
  current = { step: name, taps: 0 };
  steps.push({ day, ...current });
}
async function tap(l: Locator) {
  await l.click();
  steps[steps.length - 1]!.taps++;
}

try {
  const ctx = await browser.newContext({ viewport: { width: 360, height: 640 }, baseURL: base });
  const page = await ctx.newPage();
  page.on("pageerror", (e) => console.error(`page error: ${e.message}`));

  // an account (not counted: it is made once)
  await page.goto(base);
  await page.getByRole("link", { name: "Create account" }).click();
  await page.getByRole("textbox", { name: "Name" }).fill("Ana");
  await page.getByRole("textbox", { name: "Email" }).fill("taps@example.org");
  await page.getByRole("textbox", { name: "Password" }).fill("correct horse battery");
  await page.getByRole("button", { name: "Create account" }).click();
  await page.getByRole("heading", { level: 1, name: "Today" }).waitFor();
  const token = await page.evaluate(
    () => (JSON.parse(localStorage.getItem("morsel.session")!) as { access_token: string }).access_token,
  );
  const today = await page.evaluate(() => {
    const s = JSON.parse(localStorage.getItem("morsel.session")!) as { user: { timezone: string } };
    return new Intl.DateTimeFormat("en-CA", { timeZone: s.user.timezone }).format(new Date());
  });
  const dayBefore = (d: string, n: number) =>
    new Date(Date.parse(`${d}T12:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
  const day1 = dayBefore(today, 1);
  const weekBefore = dayBefore(day1, 7);

  const region = (meal: string) => page.getByRole("region", { name: meal, exact: true });
  const entries = (meal: string) => region(meal).getByRole("listitem");
  const open = async (date: string) => {
    await page.goto(`${base}/#/day/${date}`);
    await page.getByRole("region", { name: "Totals" }).waitFor();
  };
  /** Add food in a meal's region, then each query typed and its first result ticked, then Add selected. */
  async function addNew(meal: string, queries: string[]) {
    const before = await entries(meal).count();
    step(`${meal}: ${queries.join(", ")}`);
    await tap(region(meal).getByRole("button", { name: "Add food" }));
    for (const q of queries) {
      await page.getByRole("searchbox", { name: "Search foods" }).fill(q);
      const results = page.getByRole("list", { name: "Results" });
      await page.getByText(`for “${q}”`).waitFor();
      await tap(results.getByRole("checkbox").first());
    }
    await tap(page.getByRole("button", { name: "Add selected" }));
    await waitCount(entries(meal), before + queries.length);
  }

  // set-up, a week before: a dinner, saved as a meal
  day = "set-up";
  await open(weekBefore);
  await addNew("Dinner", ["150 g salmon fillet", "200 g baked potato", "100 g broccoli"]);
  step("Dinner: Save as meal “Salmon dinner”");
  await tap(region("Dinner").getByRole("button", { name: "Save as meal" }));
  await page.getByRole("textbox", { name: "Meal name" }).fill("Salmon dinner");
  await tap(region("Dinner").getByRole("button", { name: "Save", exact: true }));
  await page.getByText("Saved “Salmon dinner”").waitFor();

  // day 1: twelve new foods
  day = "day 1";
  await open(day1);
  await addNew("Breakfast", ["2 eggs", "2 slices toast", "butter 10 g"]);
  await addNew("Lunch", ["150 g chicken breast", "1 cup rice", "1 apple"]);
  await addNew("Dinner", ["200 g spaghetti", "125 g tomato sauce", "parmesan 20 g"]);
  await addNew("Snack", ["1 banana", "30 g almonds", "170 g greek yogurt"]);
  // how tall the day's meals are: from the top of the page to the end of the Snack region (in the page's own terms)
  const day1Height = Math.round(
    await page.evaluate<number>(
      "document.getElementById('group-snack').closest('section').getBoundingClientRect().bottom + scrollY",
    ),
  );
  await shot(page, "day-12-entries", true);
  await synced(page);

  // day 2: repeats
  day = "day 2";
  await open(today);
  step("Breakfast: Copy from yesterday");
  await tap(region("Breakfast").getByRole("button", { name: "Copy from yesterday" }));
  await waitCount(entries("Breakfast"), 3);

  step("Lunch: yesterday's chicken and rice ticked in Recent, an orange instead of the apple");
  await tap(region("Lunch").getByRole("button", { name: "Add food" }));
  const recent = page.getByRole("list", { name: "Recent foods" });
  await tap(recent.getByRole("checkbox", { name: /chicken/i }));
  await tap(recent.getByRole("checkbox", { name: /rice/i }));
  await page.getByRole("searchbox", { name: "Search foods" }).fill("1 orange");
  await page.getByText("for “1 orange”").waitFor();
  await tap(page.getByRole("list", { name: "Results" }).getByRole("checkbox").first());
  await tap(page.getByRole("button", { name: "Add selected" }));
  await waitCount(entries("Lunch"), 3);

  step("Snack: banana and almonds ticked in Recent");
  await tap(region("Snack").getByRole("button", { name: "Add food" }));
  await recent.waitFor();
  await tap(recent.getByRole("checkbox", { name: /banana/i }));
  await tap(recent.getByRole("checkbox", { name: /almond/i }));
  await shot(page, "add-food-recent-ticked");
  await tap(page.getByRole("button", { name: "Add selected" }));
  await waitCount(entries("Snack"), 2);

  step("Dinner: the saved “Salmon dinner”, one tap in Recent");
  await tap(region("Dinner").getByRole("button", { name: "Add food" }));
  await page.getByRole("button", { name: "Log Salmon dinner" }).waitFor();
  await shot(page, "add-food-recent-at-dinner-with-saved-meal");
  await tap(page.getByRole("button", { name: "Log Salmon dinner" }));
  await waitCount(entries("Dinner"), 3);
  await Bun.sleep(300); // the scroll back to Dinner
  if (shots) await page.screenshot({ path: join(shots, "day-back-at-dinner-after-log-360x640.png") });
  await synced(page);
  if (shots) await moreShots(page);

  // what the API has: the days as scripted
  const got = async (date: string) =>
    (await (
      await fetch(`${base}/api/v1/meals/daily?date=${date}`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { meals: { meal_type: string; food: { name: string } | null }[]; totals: { energy_kcal: number } };
  const d1 = await got(day1);
  const d2 = await got(today);
  const per = (d: Awaited<ReturnType<typeof got>>) =>
    ["breakfast", "lunch", "dinner", "snack"].map((t) => d.meals.filter((m) => m.meal_type === t).length).join("/");
  if (d1.meals.length !== 12) throw new Error(`day 1 has ${d1.meals.length} meals, not 12`);
  if (per(d2) !== "3/3/3/2") throw new Error(`day 2 has ${per(d2)} meals (breakfast/lunch/dinner/snack)`);
  if (
    !d2.meals.some((m) => /orange/i.test(m.food?.name ?? "")) ||
    d2.meals.some((m) => /apple/i.test(m.food?.name ?? ""))
  )
    throw new Error("day 2's lunch is not yesterday's with the apple changed for an orange");

  const total = (d: string) => steps.filter((s) => s.day === d).reduce((n, s) => n + s.taps, 0);
  console.log("| day | step | taps |\n|---|---|---|");
  for (const s of steps) console.log(`| ${s.day} | ${s.step} | ${s.taps} |`);
  console.log(`| **day 1** | 12 entries, all new (goal ≤ 42) | **${total("day 1")}** |`);
  console.log(`| **day 2** | 11 entries, repeats (goal ≤ 12; MyFitnessPal about 20) | **${total("day 2")}** |`);
  console.log(
    `\nAPI: day 1 ${d1.meals.length} meals, ${Math.round(d1.totals.energy_kcal)} kcal; day 2 ${d2.meals.length} meals ` +
      `(${per(d2)}), ${Math.round(d2.totals.energy_kcal)} kcal. Day 1's meals at 360×640: ${day1Height} px from ` +
      `the top to the end of Snack (${(day1Height / 640).toFixed(1)} screens of 640 px).`,
  );
  if (total("day 2") > 12 || total("day 1") > 42) process.exitCode = 1;
} finally {
  await browser.close();
  proc.kill();
}

/** A screenshot at 360×640 and at 1280×800 (`full`: the whole page), when --shots is given. */
async function shot(page: Page, name: string, full = false) {
  if (!shots) return;
  await page.screenshot({ path: join(shots, `${name}-360x640.png`), fullPage: full });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: join(shots, `${name}-1280x800.png`), fullPage: full });
  await page.setViewportSize({ width: 360, height: 640 });
}

/** The other repeat screens, after the count (these clicks are not counted). */
async function moreShots(page: Page) {
  const region = (meal: string) => page.getByRole("region", { name: meal, exact: true });
  await page.goto(`${base}/#/`);
  await region("Lunch").getByRole("button", { name: "Save as meal" }).click();
  await page.getByRole("textbox", { name: "Meal name" }).fill("Chicken and rice");
  await region("Lunch").scrollIntoViewIfNeeded();
  await shot(page, "day-save-as-meal");
  await region("Lunch").getByRole("button", { name: "Cancel" }).click();
  await region("Lunch").getByRole("button", { name: "Copy to…" }).click();
  await region("Lunch").scrollIntoViewIfNeeded();
  await shot(page, "day-copy-meal-to");
  await region("Lunch").getByRole("button", { name: "Cancel" }).click();
  const entry = region("Snack").getByRole("listitem").first();
  await entry.getByRole("button", { name: "Move", exact: true }).click();
  await region("Snack").scrollIntoViewIfNeeded();
  await shot(page, "day-move-entry");
  await page.goto(`${base}/#/add/lunch/`);
  await page.getByRole("tab", { name: "My meals" }).click();
  await shot(page, "add-food-my-meals");
  await page.goto(`${base}/#/foods`);
  await page.getByRole("listitem").filter({ hasText: "Salmon dinner" }).waitFor();
  await shot(page, "foods-with-saved-meal");
  await page.getByRole("listitem").filter({ hasText: "Salmon dinner" }).getByRole("button", { name: "Edit" }).click();
  await page.getByRole("textbox", { name: "Meal name" }).waitFor();
  await shot(page, "saved-meal-edit");
}

async function waitCount(l: Locator, n: number) {
  for (let i = 0; i < 400; i++) {
    if ((await l.count()) === n) return;
    await Bun.sleep(25);
  }
  throw new Error(`expected ${n} entries, found ${await l.count()}`);
}

/** Nothing waits in the browser's queue (the API then has every meal). */
async function synced(page: Page) {
  for (let i = 0; i < 400; i++) {
    if ((await page.locator(".status").textContent()) === "Synced") return;
    await Bun.sleep(25);
  }
  throw new Error("the web app did not sync");
}
