/**
 * Settings → Time zone shows the account's zone. It showed the first zone of the list (Africa/Abidjan)
 * whatever the account had, and saving Settings then moved the account there: after 22:45 in New York,
 * Today became tomorrow.
 */
import { expect, test } from "bun:test";
import { accessToken, apiGet, browserAndServer, synced } from "./harness";
import { seededPage } from "./seed";

const env = browserAndServer();

test("the time zone picker shows the account's zone, and saving it again keeps it", async () => {
  const { page } = await seededPage(env.browser, env.srv.url, { answered: false });
  const token = await accessToken(page);
  await page.getByRole("link", { name: "Settings" }).click();
  const zone = page.getByRole("combobox", { name: "Time zone" });
  await zone.fill("new york");
  await page.getByRole("option", { name: "America/New_York" }).click();
  await page.getByRole("button", { name: "Save time zone" }).click();
  await page.getByText("Time zone saved.").waitFor();
  expect((await apiGet<{ timezone: string }>(env.srv.url, token, "/me")).timezone).toBe("America/New_York");
  await page.getByRole("link", { name: "Today" }).click();
  await page.getByRole("link", { name: "Settings" }).click();
  await expect(zone.inputValue()).resolves.toBe("America/New_York");
  await page.getByRole("button", { name: "Save time zone" }).click();
  await page.getByText("Time zone saved.").waitFor();
  expect((await apiGet<{ timezone: string }>(env.srv.url, token, "/me")).timezone).toBe("America/New_York");
}, 120_000);

test("signing out says nothing about a session that ended (it was the person's own doing)", async () => {
  const { page } = await seededPage(env.browser, env.srv.url, { answered: false });
  await page.getByRole("link", { name: "Settings" }).click();
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.getByRole("button", { name: "Sign in", exact: true }).waitFor();
  await expect(page.getByText("Your session ended").count()).resolves.toBe(0);
}, 120_000);

test("an expired access token is refreshed once and the change sent again with its body; a refused refresh ends the session", async () => {
  const { page } = await seededPage(env.browser, env.srv.url, { answered: false });
  const spoil = (keys: string[]) =>
    page.evaluate((keys) => {
      const s = JSON.parse(localStorage.getItem("morsel.session")!) as Record<string, unknown>;
      for (const k of keys) s[k] = "spoiled";
      localStorage.setItem("morsel.session", JSON.stringify(s));
    }, keys);
  // the app's reads (GET /me, the sync feed) wait, so the first call the spoiled token makes is the PATCH
  const waiting: (() => Promise<void>)[] = [];
  let hold = true;
  await page.route("**/api/v1/**", (route) =>
    hold && route.request().method() === "GET" ? void waiting.push(() => route.continue()) : route.continue(),
  );
  await spoil(["access_token"]);
  await page.goto(`${env.srv.url}/#/settings`);
  const zone = page.getByRole("combobox", { name: "Time zone" });
  await zone.fill("new york");
  await page.getByRole("option", { name: "America/New_York" }).click();
  await page.getByRole("button", { name: "Save time zone" }).click();
  await page.getByText("Time zone saved.").waitFor();
  hold = false;
  for (const go of waiting) await go();
  await page.unroute("**/api/v1/**");
  const token = await accessToken(page);
  expect(token).not.toBe("spoiled");
  expect((await apiGet<{ timezone: string }>(env.srv.url, token, "/me")).timezone).toBe("America/New_York");

  await spoil(["access_token", "refresh_token"]);
  await page.reload();
  await page.getByText("Your session ended").waitFor();
  await page.getByRole("button", { name: "Sign in", exact: true }).waitFor();
}, 120_000);
/** Waits for a condition (the test's timeout bounds it; `what` names it for whoever reads a timeout). */
async function until(check: () => Promise<boolean>, _what: string): Promise<void> {
  while (!(await check())) await Bun.sleep(25);
}

test("at 360, Save goals says Goals saved. where the person is", async () => {
  const { page } = await seededPage(env.browser, env.srv.url, { answered: false });
  await page.getByRole("link", { name: "Settings" }).click();
  await page.getByRole("spinbutton", { name: "Energy goal (kcal)" }).fill("1900");
  await page.getByRole("button", { name: "Save goals" }).click();
  const note = page.getByText("Goals saved.");
  await note.waitFor();
  await until(
    () =>
      note.evaluate((e) => {
        const r = e.getBoundingClientRect();
        return r.top >= 0 && r.bottom <= 640 - 48; // in the 640 px viewport, above the phone's tab bar
      }),
    "Goals saved. in view",
  );
});

test("Settings' glass, water goal and steps goal, and the day's Steps, refuse an out-of-range number in place", async () => {
  const { page } = await seededPage(env.browser, env.srv.url, { answered: false });
  const steps = page.getByRole("region", { name: "Steps" }).getByRole("spinbutton", { name: "Steps" });
  await steps.fill("250000");
  await steps.press("Enter");
  await page.getByRole("region", { name: "Steps" }).getByRole("alert").waitFor();
  await expect(steps.inputValue()).resolves.toBe("250000"); // kept, for the person to correct

  await page.getByRole("link", { name: "Settings" }).click();
  for (const [label, bad] of [
    ["Glass (ml)", "5000"],
    ["Water goal (ml)", "30000"],
    ["Steps goal", "999999"],
  ] as const) {
    const field = page.getByRole("spinbutton", { name: label });
    await field.fill(bad);
    await field.blur();
    const said = page.getByRole("alert").filter({ hasText: label });
    await said.waitFor();
    await expect(said.textContent()).resolves.toContain("was not saved");
    await expect(field.inputValue()).resolves.toBe(bad);
  }
  await synced(page);
  const s = await apiGet(env.srv.url, await accessToken(page), "/activity-settings");
  expect(s).toMatchObject({ glass_ml: 250, water_goal_ml: null, steps_goal: null });
});
