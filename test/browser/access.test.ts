/**
 * Settings at 360×640: goals per weekday and from a date (as GET /goals has them, the day view
 * judging a day by its own goal, a date the server refuses shown with its reason); Sessions (another
 * device's session ended from here is signed out); Access tokens (made and shown once, working
 * against the API, an empty name refused with the server's message, revoked, none of another
 * account's shown); offline, the server-only regions say they need the server.
 */
import { expect, test } from "bun:test";
import { weekdayOf } from "../../src/features/goals/plans";
import { addDays } from "../../src/lib/time";
import { accessToken, apiGet, browserAndServer, device, offlineReady, signIn, synced } from "./harness";
import { seededPage } from "./seed";

const env = browserAndServer();

test("weekday goals and a from date: saved as the API has them, the day view uses each day's, a bad date shows the server's reason", async () => {
  const { page } = await seededPage(env.browser, env.srv.url, { answered: false });
  const token = await accessToken(page);
  const today = (await apiGet(env.srv.url, token, "/stats/daily")).date as string;
  const tomorrow = addDays(today, 1);
  const day = weekdayOf(tomorrow);
  const Day = day[0]!.toUpperCase() + day.slice(1);

  await page.getByRole("link", { name: "Settings" }).click();
  await page.getByRole("spinbutton", { name: "Energy goal (kcal)" }).fill("2000");
  await page.getByText("Other energy goals on some weekdays").click();
  await page.getByRole("spinbutton", { name: `${Day} (kcal)` }).fill("2600");
  await page.getByRole("button", { name: "Save goals" }).click();
  await page.getByText("Goals saved.").waitFor();
  await synced(page);
  const goals = await apiGet(env.srv.url, token, "/goals");
  expect(goals).toMatchObject({ from: null, energy_kcal: 2000, weekdays: { [day]: { energy_kcal: 2600 } } });
  expect(Object.keys(goals.weekdays)).toEqual([day]);

  await page.goto(`${env.srv.url}/#/day/${tomorrow}`);
  await page
    .getByRole("region", { name: "Totals" })
    .filter({ hasText: /of 2\D?600 kcal goal/ })
    .waitFor();
  await page.goto(`${env.srv.url}/#/day/${today}`);
  await page
    .getByRole("region", { name: "Totals" })
    .filter({ hasText: /of 2\D?000 kcal goal/ })
    .waitFor();

  // a new plan from tomorrow: today keeps 2000, tomorrow is 1800 (its weekday's goal was cleared)
  await page.getByRole("link", { name: "Settings" }).click();
  await page.getByRole("spinbutton", { name: "Energy goal (kcal)" }).fill("1800");
  await page.getByRole("spinbutton", { name: `${Day} (kcal)` }).fill("");
  await page.getByLabel("Apply from").fill(tomorrow);
  await page.getByRole("button", { name: "Save goals" }).click();
  await page.getByText(`they apply from ${tomorrow}`).waitFor();
  await synced(page);
  expect((await apiGet(env.srv.url, token, `/stats/daily?date=${today}`)).goals.energy_kcal).toBe(2000);
  expect((await apiGet(env.srv.url, token, `/stats/daily?date=${tomorrow}`)).goals.energy_kcal).toBe(1800);
  await page.goto(`${env.srv.url}/#/day/${tomorrow}`);
  await page
    .getByRole("region", { name: "Totals" })
    .filter({ hasText: /of 1\D?800 kcal goal/ })
    .waitFor();

  // two years ahead: the server's own limit, refused in the form with its reason
  await page.getByRole("link", { name: "Settings" }).click();
  await page.getByLabel("Apply from").fill(addDays(today, 800));
  await page.getByRole("button", { name: "Save goals" }).click();
  await page.getByText("must be at most a year ahead", { exact: false }).waitFor();
  expect((await apiGet(env.srv.url, token, `/stats/daily?date=${tomorrow}`)).goals.energy_kcal).toBe(1800);
});

test("sessions: another device's is listed and ended from here; tokens: made once, work, refused empty, revoked; offline says so", async () => {
  const a = await seededPage(env.browser, env.srv.url, { answered: false, own: true });
  const who = a.who;
  const b = await device(env.browser, env.srv.url);
  await signIn(b.page, env.srv.url, who);

  await a.page.getByRole("link", { name: "Settings" }).click();
  const sessions = a.page.getByRole("region", { name: "Sessions" });
  await sessions.getByRole("listitem").nth(1).waitFor();
  expect(await sessions.getByRole("listitem").count()).toBe(2);
  await sessions
    .getByRole("listitem")
    .filter({ hasNotText: "(this device)" })
    .getByRole("button", { name: "End session" })
    .click();
  await sessions.getByRole("listitem").nth(1).waitFor({ state: "detached" });
  // the other device is signed out on its next call to the server
  await b.page.reload();
  await b.page.getByRole("button", { name: "Sign in", exact: true }).waitFor();

  const tokens = a.page.getByRole("region", { name: "Access tokens" });
  await tokens.getByRole("button", { name: "Create token" }).click();
  await tokens.getByRole("alert").filter({ hasText: "name" }).waitFor(); // the server's message, naming the field
  await tokens.getByRole("textbox", { name: "Token name" }).fill("Kitchen dashboard");
  await tokens.getByRole("button", { name: "Create token" }).click();
  const secret = (await tokens.locator("code.secret").textContent())!;
  expect(secret).toMatch(/^morsel_pat_/);
  const day = await fetch(`${env.srv.url}/api/v1/meals/daily`, { headers: { authorization: `Bearer ${secret}` } });
  expect(day.status).toBe(200);
  const item = tokens.getByRole("listitem").filter({ hasText: "Kitchen dashboard" });
  await item.getByRole("button", { name: "Revoke" }).click();
  await item.waitFor({ state: "detached" });
  expect(
    (await fetch(`${env.srv.url}/api/v1/meals/daily`, { headers: { authorization: `Bearer ${secret}` } })).status,
  ).toBe(401);

  // another account lists only its own session and no tokens
  await tokens.getByRole("textbox", { name: "Token name" }).fill("Still mine");
  await tokens.getByRole("button", { name: "Create token" }).click();
  await tokens.getByRole("listitem").filter({ hasText: "Still mine" }).waitFor();
  const c = await seededPage(env.browser, env.srv.url, { answered: false, own: true });
  await c.page.getByRole("link", { name: "Settings" }).click();
  await c.page.getByRole("region", { name: "Access tokens" }).getByText("No access tokens.").waitFor();
  const theirs = c.page.getByRole("region", { name: "Sessions" }).getByRole("listitem");
  await theirs.first().waitFor(); // read from the server apart from the tokens
  expect(await theirs.count()).toBe(1);

  await offlineReady(a.page);
  await a.ctx.setOffline(true);
  await a.page.reload();
  await a.page.getByRole("region", { name: "Sessions" }).getByText("needs the server", { exact: false }).waitFor();
  await a.page.getByRole("region", { name: "Access tokens" }).getByText("needs the server", { exact: false }).waitFor();
  await a.ctx.setOffline(false);
  await a.page
    .getByRole("region", { name: "Access tokens" })
    .getByRole("listitem")
    .filter({ hasText: "Still mine" })
    .waitFor();
  for (const d of [a, b, c]) await d.ctx.close();
});
