/**
 * Weekday goals in the web app: the day view shows each day's own goal from the synced schedule,
 * and records it has no screens for (a weight, a recipe) arrive without disturbing the goals
 * (they used to overwrite them: any entity not a meal or food was stored as the goals).
 */
import { expect, test } from "bun:test";
import { weekdayOf } from "../../src/features/goals/plans";
import { addDays } from "../../src/lib/time";
import { apiGet, browserAndServer, synced } from "./harness";
import { seededAccount } from "./seed";

const env = browserAndServer();

async function api(token: string, method: string, path: string, body: unknown) {
  const r = await fetch(`${env.srv.url}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(r.status).toBeLessThan(300);
}

test("the day view judges each day by its own (weekday) goal; a synced weight or recipe leaves the goals alone", async () => {
  const account = await seededAccount(env.srv.url, { answered: false });
  const token = account.token;
  const today = (await apiGet<{ date: string }>(env.srv.url, token, "/stats/daily")).date;
  const yesterday = addDays(today, -1);
  await api(token, "PUT", "/goals", { energy_kcal: 2000, weekdays: { [weekdayOf(yesterday)]: { energy_kcal: 2600 } } });
  await api(token, "PUT", `/weights/${today}`, { kg: 70.2 });
  await api(token, "POST", "/recipes", {
    name: "Porridge",
    servings: 2,
    ingredients: [{ food_id: 8120, quantity: 80 }],
  });
  const { page } = await account.open(env.browser);
  await synced(page);

  const totals = page.getByRole("region", { name: "Totals" });
  // the view renders the synced goals after the sync: wait for them rather than read once
  await totals.filter({ hasText: /of 2\D?000 kcal goal/ }).waitFor();
  await page.getByRole("button", { name: "Previous day" }).click();
  await page.getByRole("heading", { level: 1, name: "Today" }).waitFor({ state: "detached" });
  await totals.filter({ hasText: /of 2\D?600 kcal goal/ }).waitFor(); // yesterday's weekday has its own goal
  await page.getByRole("link", { name: "Settings" }).click();
  await expect(page.getByRole("spinbutton", { name: "Energy goal (kcal)" }).inputValue()).resolves.toBe("2000");
});
