/**
 * A week of use at 360×640, as a daily logger: what a person found wrong, one account and one page.
 *
 * Before: two pints of bitter (a British pint, searched as "pint of bitter" and logged with Quantity 2) were kept
 * and shown as "1141 g": the words were dropped as soon as the count changed, and editing offered no pint.
 */
import { expect, test } from "bun:test";
import { accessToken, answerFirstDay, apiGet, apiSend, browserAndServer, device, register, synced } from "./harness";

const env = browserAndServer();

test("two pints are said as two pints, on the day and in the API", async () => {
  const base = env.srv.url;
  const { ctx, page } = await device(env.browser, base);
  await register(page, base);
  await answerFirstDay(page, base);
  const token = await accessToken(page);
  expect((await apiSend(base, token, "PATCH", "/me", { region: "GB" })).status).toBe(200);
  await page.reload();
  await page.getByRole("heading", { level: 1, name: "Today" }).waitFor();

  const dinner = page.getByRole("region", { name: "Dinner" });
  await dinner.getByRole("button", { name: "Add food" }).click();
  await page.getByRole("searchbox", { name: "Search foods" }).fill("pint of bitter");
  await page.getByRole("listitem").filter({ hasText: "1 pint (568 ml)" }).first().click();
  await page.getByRole("spinbutton", { name: "Quantity" }).fill("2");
  await page.getByRole("button", { name: "Log", exact: true }).click();
  await dinner.getByRole("listitem").filter({ hasText: "2 pints (1136 ml)" }).waitFor();
  await synced(page);

  const day = await apiGet(base, token, "/meals/daily");
  expect(day.meals).toHaveLength(1);
  expect(day.meals[0]).toMatchObject({ measure: "2 pints (1136 ml)", portion: null });
  expect(day.meals[0].grams).toBeCloseTo(1141.4, 1);
  await ctx.close();
});
