/**
 * Every view, at a phone's 360×640 and a desktop's 1280×800: axe-core finds no serious or critical
 * violation, and a screenshot is taken. MORSEL_SCREENSHOTS=docs/screenshots keeps them (the
 * README's pictures come from there); otherwise they go to a temp dir.
 */
import { expect, test } from "bun:test";
import { createRequire } from "node:module";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { browserAndServer, logFood, register, synced } from "./harness";

const AXE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
// only when asked for (MORSEL_SCREENSHOTS=docs/screenshots): no test reads one, and each cost CPU on every run
const SHOTS = process.env.MORSEL_SCREENSHOTS;

const env = browserAndServer();

async function audit(page: Page, view: string, size: string): Promise<string[]> {
  if (SHOTS) await page.screenshot({ path: join(SHOTS, `${view}-${size}.png`) });
  // once per page load: the views are the app's own routes, so axe stays loaded between them
  if (await page.evaluate(() => typeof (globalThis as any).axe === "undefined")) await page.addScriptTag({ path: AXE });
  const result = (await page.evaluate(() =>
    (globalThis as any).axe.run((globalThis as any).document, { resultTypes: ["violations"] }),
  )) as {
    violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[];
  };
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) => `${view} ${size}: ${v.id} (${v.impact}) ${v.help}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
    );
}

const COMBOS = [
  ["360x640", { width: 360, height: 640 }],
  ["1280x800", { width: 1280, height: 800 }],
].flatMap(([size, viewport]) =>
  (["light", "dark"] as const).map(
    (scheme) =>
      ({ size, viewport, scheme }) as {
        size: string;
        viewport: { width: number; height: number };
        scheme: "light" | "dark";
      },
  ),
);

/** Audits the view as it stands at every size and colour scheme, then puts the phone's light one back. */
async function auditAll(page: Page, view: string): Promise<string[]> {
  const found: string[] = [];
  for (const { size, viewport, scheme } of COMBOS) {
    await page.setViewportSize(viewport);
    await page.emulateMedia({ colorScheme: scheme });
    found.push(...(await audit(page, view, `${size}-${scheme}`)));
  }
  await page.setViewportSize(COMBOS[0]!.viewport);
  await page.emulateMedia({ colorScheme: COMBOS[0]!.scheme });
  return found;
}

// One walk through the app; each view is audited at 360×640 and 1280×800, light and dark, where it
// stands (the page is resized and its colour scheme switched; the styles follow media queries).
test("no serious or critical axe violations on any view (360x640 and 1280x800, light and dark)", async () => {
  // the page's CSP forbids injected scripts, as it should; axe is injected with it bypassed
  const ctx = await env.browser.newContext({
    viewport: COMBOS[0]!.viewport,
    baseURL: env.srv.url,
    bypassCSP: true,
    colorScheme: COMBOS[0]!.scheme,
  });
  const page = await ctx.newPage();
  const found: string[] = [];
  await page.goto(env.srv.url);
  await page.getByRole("button", { name: "Sign in", exact: true }).waitFor();
  found.push(...(await auditAll(page, "sign-in")));
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await page.getByRole("button", { name: "Reset password" }).waitFor();
  found.push(...(await auditAll(page, "reset-password")));
  await page.getByRole("link", { name: "Sign in" }).click();
  await page.getByRole("link", { name: "Create account" }).click();
  await page.locator("form[aria-busy=false]").waitFor();
  await page.getByText("At least 8 characters.").waitFor();
  // an open server asks for no invite code
  expect(await page.getByRole("textbox", { name: /Invite code/ }).count()).toBe(0);
  found.push(...(await auditAll(page, "create-account")));
  await register(page, env.srv.url);
  await logFood(page, { meal: "Breakfast", query: "oatmeal", food: "Cereals, oats", quantity: 60 });
  await logFood(page, { meal: "Lunch", query: "chicken breast", food: "Chicken", quantity: 150 });
  await logFood(page, { meal: "Dinner", query: "salmon", food: "Fish, salmon", quantity: 180 });
  await page.getByRole("link", { name: "Settings" }).click();
  await page.getByRole("spinbutton", { name: "Energy goal (kcal)" }).fill("2000");
  await page.getByRole("spinbutton", { name: "Protein goal (g)" }).fill("120");
  await page.getByRole("button", { name: "Save goals" }).click();
  await synced(page);
  found.push(...(await auditAll(page, "settings")));
  await page.getByRole("link", { name: "Today" }).click();
  await page.getByRole("region", { name: "Breakfast" }).getByRole("listitem").first().waitFor();
  found.push(...(await auditAll(page, "today")));
  await page.getByRole("region", { name: "Snack" }).getByRole("button", { name: "Quick add" }).click();
  await page.getByRole("spinbutton", { name: "Calories (kcal)" }).waitFor();
  found.push(...(await auditAll(page, "quick-add")));
  await page.getByRole("region", { name: "Snack" }).getByRole("button", { name: "Cancel" }).click();
  await page
    .getByRole("region", { name: "Breakfast" })
    .getByRole("listitem")
    .first()
    .getByRole("button", { name: "Edit" })
    .click();
  await page.getByRole("textbox", { name: "Note" }).waitFor();
  found.push(...(await auditAll(page, "edit-entry")));
  await page.getByRole("button", { name: "Cancel" }).click();
  await page.getByRole("region", { name: "Nutrients" }).waitFor();
  await page.getByRole("region", { name: "Snack" }).getByRole("button", { name: "Add food" }).click();
  await page.getByRole("searchbox", { name: "Search foods" }).fill("yogurt");
  await page.getByRole("listitem").filter({ hasText: "Yogurt" }).first().waitFor();
  found.push(...(await auditAll(page, "add-food")));
  await page.getByRole("listitem").filter({ hasText: "Yogurt" }).first().click();
  await page.getByRole("region", { name: "Nutrition facts" }).waitFor();
  found.push(...(await auditAll(page, "log-form")));
  await page.getByRole("link", { name: "Week" }).click();
  await page.getByRole("table").waitFor();
  found.push(...(await auditAll(page, "week")));
  await page.getByRole("combobox", { name: "Range" }).selectOption({ label: "Month" });
  await page.getByRole("img", { name: /^Energy per day against/ }).waitFor();
  found.push(...(await auditAll(page, "week-month")));
  await page.getByRole("link", { name: "Report" }).click();
  await page.getByRole("table", { name: "Nutrients against your targets (average per day)" }).waitFor();
  found.push(...(await auditAll(page, "report")));
  await page.getByRole("link", { name: "Weight" }).click();
  await page.getByRole("spinbutton", { name: "Weight", exact: true }).fill("80.4");
  await page.getByRole("button", { name: "Save weight" }).click();
  await page.getByRole("img", { name: "Weight trend" }).waitFor();
  found.push(...(await auditAll(page, "weight")));

  await page.getByRole("link", { name: "Foods" }).click();
  await page.getByRole("button", { name: "New food" }).click();
  await page.getByRole("textbox", { name: "Name" }).fill("Oat bar");
  await page.getByRole("spinbutton", { name: "Serving size (g)" }).fill("60");
  await page.getByRole("spinbutton", { name: "Energy (kcal)" }).fill("400");
  found.push(...(await auditAll(page, "custom-food")));
  await page.getByRole("button", { name: "Save food" }).click();
  await page.getByRole("button", { name: "New recipe" }).click();
  await page.getByRole("textbox", { name: "Recipe name" }).fill("Porridge");
  await page.getByRole("searchbox", { name: "Search ingredients" }).fill("oats");
  await page.getByRole("list", { name: "Ingredient results" }).getByRole("listitem").first().click();
  await page.getByRole("button", { name: "Add ingredient" }).click();
  await page.getByRole("searchbox", { name: "Search ingredients" }).fill("milk");
  await page.getByRole("list", { name: "Ingredient results" }).getByRole("listitem").first().click();
  found.push(...(await auditAll(page, "recipe")));
  await page.getByRole("button", { name: "Add ingredient" }).click();
  await page.getByRole("button", { name: "Save recipe" }).click();
  await page.getByRole("listitem").filter({ hasText: "Porridge" }).waitFor();
  found.push(...(await auditAll(page, "foods")));

  await page.getByRole("link", { name: "Settings" }).click();
  await page
    .getByRole("region", { name: "Access tokens" })
    .getByRole("textbox", { name: "Token name" })
    .fill("Dashboard");
  await page.getByRole("button", { name: "Create token" }).click();
  await page.getByRole("listitem").filter({ hasText: "Dashboard" }).waitFor();
  await page.getByRole("region", { name: "Sessions" }).getByRole("listitem").first().waitFor();
  found.push(...(await auditAll(page, "settings-access")));

  await page.getByRole("link", { name: "Admin" }).click();
  await page.getByRole("table", { name: "Accounts" }).waitFor();
  await page.getByRole("button", { name: "Create invite" }).click();
  await page.locator("code.secret").waitFor();
  found.push(...(await auditAll(page, "admin")));
  expect(found).toEqual([]);
  await ctx.close();
}, 180_000);
