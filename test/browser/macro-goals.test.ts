/**
 * Settings → Daily goals with macros in % of energy: saved as GET /goals has them (grams = % × kcal ÷ 4, 9, 4,
 * exactly), net carbs, and the check that energy and macros add up, said as the person types in the words
 * GET /goals' `balance.warning` uses.
 */
import { expect, test } from "bun:test";
import { accessToken, apiGet, browserAndServer, logFood, synced } from "./harness";
import { seededPage } from "./seed";

const env = browserAndServer();

test("macro goals in % convert exactly; a mismatch with the energy goal is said, by how much, as the API says it", async () => {
  const { page } = await seededPage(env.browser, env.srv.url, { answered: false });
  const token = await accessToken(page);
  await page.getByRole("link", { name: "Settings" }).click();
  await page.getByRole("spinbutton", { name: "Energy goal (kcal)" }).fill("2150");
  await page.getByRole("combobox", { name: "Macro goals in" }).selectOption({ label: "% of energy" });
  await page.getByRole("spinbutton", { name: "Protein goal (% of energy)" }).fill("20");
  await page.getByRole("spinbutton", { name: "Fat goal (% of energy)" }).fill("30");
  await page.getByRole("spinbutton", { name: "Carbohydrate goal (% of energy)" }).fill("50");
  const note = page.locator("form .balance");
  await expect(note.textContent()).resolves.toBe(
    "Protein, fat and carbs add up to 2150 kcal: they match the energy goal.",
  );
  await page.getByRole("checkbox", { name: "Carbohydrate goal counts net carbs (carbohydrate − fibre)" }).check();
  await page.getByRole("button", { name: "Save goals" }).click();
  // the save is kept on the device after the goal checks load, so the queue is empty until then: wait for it
  await page.getByText("Goals saved.").waitFor();
  await synced(page);
  const goals = await apiGet(env.srv.url, token, "/goals");
  expect(goals).toMatchObject({
    energy_kcal: 2150,
    protein_pct: 20,
    fat_pct: 30,
    carbohydrate_pct: 50,
    net_carbs: true,
  });
  expect(goals.protein_g).toBeCloseTo((20 * 2150) / 400, 9);
  expect(goals.fat_g).toBeCloseTo((30 * 2150) / 900, 9);
  expect(goals.carbohydrate_g).toBeCloseTo((50 * 2150) / 400, 9);
  expect(goals.balance.warning).toBeNull();

  // carbs 55 %: 5 % too much, said before saving, in the API's words after
  await page.getByRole("spinbutton", { name: "Carbohydrate goal (% of energy)" }).fill("55");
  await expect(note.textContent()).resolves.toContain("107.5 kcal (5 %) more than the energy goal");
  const said = await note.textContent();
  await page.getByRole("button", { name: "Save goals" }).click();
  // "Goals saved." is already on the page from the first save: wait for the server to have the new goals
  let after = await apiGet(env.srv.url, token, "/goals");
  while (after.carbohydrate_pct !== 55) {
    await Bun.sleep(50);
    after = await apiGet(env.srv.url, token, "/goals");
  }
  expect(after.balance.warning).toBe(said);

  // back to grams: the fields show the same goals in grams, and the day view's goals are those grams
  await page.reload();
  await expect(page.getByRole("spinbutton", { name: "Protein goal (% of energy)" }).inputValue()).resolves.toBe("20");
  await page.getByRole("combobox", { name: "Macro goals in" }).selectOption({ label: "grams" });
  await expect(page.getByRole("spinbutton", { name: "Protein goal (g)" }).inputValue()).resolves.toBe("107.5");
  await expect(page.getByRole("spinbutton", { name: "Fat goal (g)" }).inputValue()).resolves.toBe("71.7");
  await page.getByRole("link", { name: "Today" }).click();
  await page
    .getByRole("region", { name: "Totals" })
    .getByRole("row", { name: /Protein/ })
    .filter({ hasText: "107.5" })
    .waitFor();

  // the carbohydrate goal counts net carbs: the day's carbs are carbohydrate − fibre, as the API's totals give them
  await logFood(page, { meal: "Breakfast", query: "banana", food: "Bananas, raw", quantity: 200 });
  await synced(page);
  const day = await apiGet(env.srv.url, token, "/meals/daily");
  const net = Math.round((day.totals.carbohydrate_g - day.totals.fiber_g) * 10) / 10;
  expect(day.totals.fiber_g).toBeGreaterThan(0);
  const row = page.getByRole("region", { name: "Totals" }).getByRole("row", { name: /^Net carbs \(g\)/ });
  await row.filter({ hasText: String(net) }).waitFor();
  expect((await row.getByRole("cell").allTextContents())[0]).toBe(String(net));
});

test("Settings → macro goals in % of energy show the grams beside each %, exactly % × kcal ÷ 4, 9, 4", async () => {
  const { page } = await seededPage(env.browser, env.srv.url, { answered: false });
  await page.getByRole("link", { name: "Settings" }).click();
  await page.getByRole("spinbutton", { name: "Energy goal (kcal)" }).fill("2150");
  await page.getByRole("combobox", { name: "Macro goals in" }).selectOption({ label: "% of energy" });
  const cases = [
    ["Protein goal (% of energy)", "20", "= 107.5 g"],
    ["Fat goal (% of energy)", "30", "= 71.67 g"],
    ["Carbohydrate goal (% of energy)", "50", "= 268.75 g"],
  ] as const;
  for (const [name, pct, grams] of cases) {
    const box = page.getByRole("spinbutton", { name });
    await box.fill(pct);
    const described = (await box.getAttribute("aria-describedby"))!;
    await page.locator(`[id="${described}"]`).filter({ hasText: grams }).waitFor();
  }
  // a new energy goal moves them
  await page.getByRole("spinbutton", { name: "Energy goal (kcal)" }).fill("1800");
  await page.locator('[id="grams-protein_g"]').filter({ hasText: "= 90 g" }).waitFor();
}, 120_000);
