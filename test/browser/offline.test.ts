/**
 * Offline for real: after one visit the app opens with the network off and the server stopped,
 * searches the catalogue copy, logs, edits and deletes; back online, the server has exactly those
 * meals. The offline search is readied in a worker after sign-in. Then two devices: a meal logged on one appears on the other, and the same meal edited on
 * both while offline is a visible conflict whose chosen version wins on both.
 */
import { expect, test } from "bun:test";
import { until } from "../helpers";
import type { Page } from "playwright-core";
import {
  accessToken,
  apiGet,
  browserAndServer,
  device,
  hold,
  logFood,
  readyForOffline,
  register,
  server,
  signIn,
  status,
  synced,
  todayOf,
} from "./harness";
import { seededPage } from "./seed";

const env = browserAndServer();

const entries = (page: Page, meal: string) => page.getByRole("region", { name: meal }).getByRole("listitem");

test("offline: reload from the service worker, search, log 3, edit 1, delete 1; online again, the server has exactly those", async () => {
  const { ctx, page, token } = await readyForOffline(env.browser, env.srv.url);

  await ctx.setOffline(true);
  await env.srv.stop(); // unreachable, not merely emulated away
  await page.reload();
  await page.getByRole("heading", { level: 1, name: "Today" }).waitFor();
  await status(page).filter({ hasText: "Offline" }).waitFor();

  await logFood(page, { meal: "Breakfast", query: "banana", food: "Bananas, raw", quantity: 120 });
  await logFood(page, { meal: "Lunch", query: "apple", food: "Apples, raw, with skin", quantity: 150 });
  await logFood(page, { meal: "Snack", query: "yoghurt", food: "Yogurt", quantity: 200 }); // an alias, offline too
  await status(page).filter({ hasText: "3 changes waiting" }).waitFor();
  await entries(page, "Lunch").first().getByRole("button", { name: "Edit" }).click();
  await page.getByRole("spinbutton", { name: "Quantity" }).fill("300");
  await page.getByRole("button", { name: "Save" }).click();
  await entries(page, "Snack").first().getByRole("button", { name: "Delete" }).click();
  await entries(page, "Snack").first().waitFor({ state: "detached" });

  env.srv = await server(env.srv.dir, env.srv.port); // the same port and data dir
  await ctx.setOffline(false);
  await synced(page);

  const day = await apiGet(env.srv.url, token, "/meals/daily");
  const got = day.meals.map((m: { food: { id: number }; grams: number; meal_type: string }) => [
    m.meal_type,
    m.food.id,
    m.grams,
  ]);
  expect(got.sort()).toEqual(
    [
      ["breakfast", 9040, 120],
      ["lunch", 9003, 300],
    ].sort(),
  );
  await ctx.close();
}, 180_000);

test("two devices: a meal appears on the other; edited on both offline, the conflict is shown and the chosen version wins on both", async () => {
  const a = await seededPage(env.browser, env.srv.url, { answered: false, own: true });
  const who = a.who;
  const b = await device(env.browser, env.srv.url);
  await signIn(b.page, env.srv.url, who);

  await logFood(a.page, { meal: "Dinner", query: "broccoli", food: "Broccoli, raw", quantity: 100 });
  await synced(a.page);
  await b.page.reload(); // sync on start
  await entries(b.page, "Dinner").filter({ hasText: "Broccoli, raw" }).waitFor();
  await synced(b.page);

  await a.ctx.setOffline(true);
  await b.ctx.setOffline(true);
  for (const [d, q] of [
    [a, "150"],
    [b, "250"],
  ] as const) {
    await entries(d.page, "Dinner").first().getByRole("button", { name: "Edit" }).click();
    await d.page.getByRole("spinbutton", { name: "Quantity" }).fill(q);
    await d.page.getByRole("button", { name: "Save" }).click();
    await status(d.page).filter({ hasText: "1 change waiting" }).waitFor();
  }
  await a.ctx.setOffline(false);
  await synced(a.page); // a's edit reached the server first
  await b.ctx.setOffline(false);
  const conflict = b.page.getByRole("alert").filter({ hasText: "Changed on another device" });
  await conflict.waitFor();
  await expect(conflict.textContent()).resolves.toContain("250 g");
  await expect(conflict.textContent()).resolves.toContain("150 g");
  await conflict.getByRole("button", { name: "Keep this device's version" }).click();
  await synced(b.page);

  const day = await apiGet(env.srv.url, await accessToken(b.page), "/meals/daily");
  expect(day.meals.map((m: { grams: number }) => m.grams)).toEqual([250]);
  await a.page.reload();
  await entries(a.page, "Dinner").filter({ hasText: "250 g" }).waitFor();
  await a.ctx.close();
  await b.ctx.close();
}, 180_000);

test("after sign-in the offline search is readied in its worker before anything is opened; offline, typing finds foods, and the page itself never fetched the catalogue copy", async () => {
  const { ctx, page } = await seededPage(env.browser, env.srv.url, { answered: false, own: true });
  // on Today, with Add food never opened: the worker says it has loaded and indexed the copy
  await page.locator("html[data-offline-search=ready]").waitFor({ state: "attached" });
  await ctx.setOffline(true);
  await page.getByRole("region", { name: "Breakfast" }).getByRole("button", { name: "Add food" }).click();
  await page.getByRole("searchbox", { name: "Search foods" }).fill("banana");
  await page
    .getByRole("list", { name: "Results" })
    .getByRole("listitem")
    .filter({ hasText: "Bananas, raw" })
    .first()
    .waitFor();
  // the copy was fetched (and so parsed) by the worker, not by the page's own thread
  const fetched = () =>
    performance.getEntriesByType("resource").some((e) => new URL(e.name).pathname === "/catalogue.json");
  expect(await page.evaluate(fetched)).toBe(false);
  expect(await Promise.all(page.workers().map((w) => w.evaluate(fetched)))).toContain(true);
  await ctx.close();
});

test("after a reload the status says Synced only once this load has pulled: a food made elsewhere is then found offline", async () => {
  const { ctx, page, token } = await readyForOffline(env.browser, env.srv.url);
  const made = await fetch(`${env.srv.url}/api/v1/foods`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ name: "Elsewhere soup", nutrients: { energy_kcal: 50 } }),
  });
  expect(made.status).toBe(201);
  // this load's pull is held until the status has been read (it said "Synced" before it, with nothing waiting)
  const pull = await hold(page, "**/api/v1/sync/changes*");
  await page.reload();
  await until(() => pull.asked());
  await page.getByRole("heading", { level: 1, name: "Today" }).waitFor();
  expect(await status(page).textContent()).toBe("Syncing…");
  pull.release();
  await synced(page);
  await page.unrouteAll();
  await ctx.setOffline(true);
  await page.getByRole("region", { name: "Dinner" }).getByRole("button", { name: "Add food" }).click();
  await page.getByRole("searchbox", { name: "Search foods" }).fill("elsewhere soup");
  await page
    .getByRole("list", { name: "Results" })
    .getByRole("listitem")
    .filter({ hasText: "Elsewhere soup" })
    .waitFor();
  await ctx.close();
});

test("the server back after a while away: the changes go within seconds, and at once when the app gets the focus", async () => {
  // the UI's sign-up, as before seed.ts: with an account made through the API on the file's shared context this
  // test failed twice under load (synced not within its 60 s once the server was back), cause not found in time
  const { page } = await device(env.browser, env.srv.url);
  await register(page, env.srv.url);
  await synced(page);
  await env.srv.stop(); // unreachable: the browser still thinks it is online
  await page.getByRole("region", { name: "Water" }).getByRole("button", { name: "Add a glass" }).click();
  await page.getByRole("status").filter({ hasText: "waiting" }).first().waitFor();
  await Bun.sleep(16_000); // away long enough for a doubling backoff to reach 16 s (it did; about 21 s in review)
  env.srv = await server(env.srv.dir, env.srv.port);
  // at most a few seconds' retry, or the focus, brings it back: well inside `synced`'s wait here
  await page.evaluate("dispatchEvent(new Event('focus'))");
  let done = false;
  const wait = synced(page).then(() => {
    done = true;
  });
  await until(() => done); // synced within 10 s of the server answering
  await wait;
  const today = await todayOf(page);
  const v = await apiGet(env.srv.url, await accessToken(page), `/daily-values?from=${today}&to=${today}`);
  expect(JSON.stringify(v)).toContain("250");
}, 60_000);
