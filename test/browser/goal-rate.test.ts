/**
 * Week → Expenditure → a suggested rate applied to goals that differ by weekday, at 360×640: the week's seven
 * energy goals average the suggestion (within 1 kcal), kept in their shape or made flat as the person chooses;
 * protein, carbs and fat are scaled to fit each day, or the person is told by how much they no longer add up.
 * Checked against GET /goals.
 */
import { expect, test } from "bun:test";
import { addDays } from "../../src/lib/time";
import { apiGet, apiSend, browserAndServer, synced } from "./harness";
import { seededAccount } from "./seed";

const env = browserAndServer();
const DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
type G = { energy_kcal: number; protein_g: number; fat_g: number; carbohydrate_g: number };
type Doc = G & { weekdays: Partial<Record<(typeof DAYS)[number], G>> };

const send = (token: string, method: string, path: string, body?: unknown) =>
  apiSend(env.srv.url, token, method, path, body);
const week = (d: Doc) => DAYS.map((day) => d.weekdays[day] ?? d);
const average = (d: Doc) => week(d).reduce((s, g) => s + g.energy_kcal, 0) / 7;
const macroKcal = (g: G) => 4 * g.protein_g + 4 * g.carbohydrate_g + 9 * g.fat_g;

/** Goals whose plan has `pred` true, as the server has them once the app's change reached it. */
async function goalsWhen(token: string, pred: (d: Doc) => boolean): Promise<Doc> {
  for (;;) {
    const d = await apiGet<Doc>(env.srv.url, token, "/goals");
    if (pred(d)) return d;
    await Bun.sleep(100);
  }
}

test("a rate keeps the weekday shape, averages the suggestion, and scales the macros; or flat, and says the gap", async () => {
  const account = await seededAccount(env.srv.url, { answered: false });
  const token = account.token;
  const me = await apiGet<{ timezone: string }>(env.srv.url, token, "/me");
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: me.timezone }).format(new Date());
  for (let i = 0; i < 28; i++) {
    const date = addDays(today, -27 + i);
    if (i % 4 !== 3)
      await send(token, "POST", "/meals", { meal_type: "lunch", date, quick_add: { energy_kcal: 2000 } });
    await send(token, "PUT", `/weights/${date}`, { kg: 90 - 0.05 * i });
  }
  // 2000 kcal on weekdays, 2400 at the weekend; macros 150 g protein, 70 g fat, 200 g carbs (2030 kcal)
  const macros = { protein_g: 150, fat_g: 70, carbohydrate_g: 200 };
  const weekend = { energy_kcal: 2400, ...macros };
  const put = await send(token, "PUT", "/goals", {
    energy_kcal: 2000,
    ...macros,
    weekdays: { saturday: weekend, sunday: weekend },
  });
  expect(put.status).toBe(200);
  const { page } = await account.open(env.browser);
  await synced(page);
  const e = await apiGet(env.srv.url, token, "/stats/expenditure");
  expect(e.enough_data).toBe(true);
  await page.getByRole("link", { name: "Week" }).click();
  const region = page.getByRole("region", { name: "Expenditure" });
  await region.getByRole("radio", { name: "Keep the difference, scaled to the new average" }).waitFor();
  await expect(region.getByRole("radio", { name: "Keep the difference", exact: false }).isChecked()).resolves.toBe(
    true,
  );
  const fit = region.getByRole("checkbox", { name: "Scale protein, carbs and fat to fit the new energy goal" });
  await expect(fit.isChecked()).resolves.toBe(true);

  const lose = e.suggestions.find((s: { rate_per_week: number }) => s.rate_per_week === -0.5);
  await region.getByRole("button", { name: `Lose 0.5 kg a week: ${lose.energy_kcal} kcal` }).click();
  await region.getByText(`Energy goal set to ${lose.energy_kcal} kcal a day on average`, { exact: false }).waitFor();
  await synced(page);
  const shaped = await goalsWhen(token, (d) => Math.abs(average(d) - lose.energy_kcal) <= 1);
  // the shape: the weekend stays 2400 / 2000 of a weekday, within rounding
  expect(Object.keys(shaped.weekdays).sort()).toEqual(["saturday", "sunday"]);
  expect(Math.abs(shaped.weekdays.saturday!.energy_kcal / shaped.energy_kcal - 1.2)).toBeLessThan(0.001);
  // each day's macros supply its energy goal (whole grams: within 9 kcal)
  for (const g of week(shaped)) expect(Math.abs(macroKcal(g) - g.energy_kcal)).toBeLessThanOrEqual(9);
  const days = `Monday to Friday ${shaped.energy_kcal} kcal, Saturday and Sunday ${shaped.weekdays.saturday!.energy_kcal} kcal`;
  await region.locator(".notice").filter({ hasText: days }).waitFor();

  // flat, with the macros left as they are: the region says how far they are from the energy goal
  await region.getByRole("radio", { name: "The same goal every day" }).check();
  await fit.uncheck();
  const keep = e.suggestions.find((s: { rate_per_week: number }) => s.rate_per_week === 0);
  await region.getByRole("button", { name: `Keep your weight: ${keep.energy_kcal} kcal` }).click();
  await synced(page);
  const flat = await goalsWhen(token, (d) => d.energy_kcal === keep.energy_kcal);
  expect(flat.weekdays).toEqual({});
  expect(average(flat)).toBe(keep.energy_kcal);
  const m = macroKcal(flat);
  expect(m).toBe(macroKcal(shaped)); // not scaled
  const by = Math.abs(m - keep.energy_kcal);
  await region
    .getByText(
      `Your protein, carbs and fat goals add up to ${m} kcal a day, ${by} kcal ${m > keep.energy_kcal ? "more" : "less"} than the energy goal`,
      { exact: false },
    )
    .waitFor();
}, 120_000);
