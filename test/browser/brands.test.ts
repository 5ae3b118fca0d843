/**
 * Brands without giving up privacy, at 360×640, against servers whose Open Food Facts is a local
 * stand-in: the first admin is asked once (Allow / Not now) and the answer is the server's setting;
 * with look-ups allowed, a search with no good local match offers Search Open Food Facts, and a
 * product picked is kept and logged; with them off, a barcode miss offers Read the label and Create
 * food (the barcode filled in), and nothing leaves the server.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { barcodePhoto } from "../fixtures/images";
import { startProcess, tempDir } from "../helpers";
import { offSearchStandIn } from "../imported/off-stand";
import { accessToken, apiGet, axeFinds, browserTimeouts, device, launch, register } from "./harness";

browserTimeouts();

const stand = offSearchStandIn([
  {
    code: "5000168001142",
    product_name: "Digestive biscuits",
    brands: "McVitie's",
    serving_quantity: "14.7",
    serving_size: "1 biscuit",
    nutriments: { "energy-kcal_100g": 478, proteins_100g: 7.1, fat_100g: 20.3, carbohydrates_100g: 62.7 },
  },
]);
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  stand.stop();
});

const question = (page: Page) => page.getByRole("dialog", { name: "Open Food Facts look-ups" });

/** A fresh server (its look-up question unanswered), its first account the admin. */
async function withServer(work: (url: string, admin: Page) => Promise<void>) {
  const srv = await startProcess(tempDir(), ["--off-url", stand.url]);
  try {
    const { ctx, page } = await device(browser, srv.url);
    await register(page, srv.url);
    await work(srv.url, page);
    await ctx.close();
  } finally {
    await srv.stop();
  }
}

test("Allow: asked once; a search with no good local match offers Open Food Facts; the pick is kept and logged", async () => {
  await withServer(async (url, admin) => {
    await question(admin).waitFor();
    expect(await question(admin).textContent()).toContain("nothing about the person");
    expect(await axeFinds(admin)).toEqual([]);
    await question(admin).getByRole("button", { name: "Allow" }).click();
    await question(admin).waitFor({ state: "detached" });
    const token = await accessToken(admin);
    expect(await apiGet(url, token, "/admin/settings")).toMatchObject({
      online_lookup: true,
      online_lookup_answered: true,
    });
    await admin.reload();
    await admin.getByRole("heading", { level: 1, name: "Today" }).waitFor();
    expect(await question(admin).count()).toBe(0); // asked once

    await admin.getByRole("region", { name: "Snack" }).getByRole("button", { name: "Add food" }).click();
    // a good local match: no offer
    await admin.getByRole("searchbox", { name: "Search foods" }).fill("banana");
    await admin.getByRole("list", { name: "Results" }).getByRole("button").first().waitFor();
    expect(await admin.getByRole("button", { name: "Search Open Food Facts" }).count()).toBe(0);
    const before = stand.requests.length;
    await admin.getByRole("searchbox", { name: "Search foods" }).fill("mcvitie's digestives");
    await admin.getByRole("button", { name: "Search Open Food Facts" }).click();
    const product = admin
      .getByRole("list", { name: "Open Food Facts products" })
      .getByRole("button", { name: /Digestive biscuits/ });
    await product.waitFor();
    expect(await product.textContent()).toContain("McVitie's · 478 kcal per 100 g");
    expect(stand.requests.slice(before).map((r) => [r.path, r.query.search_terms])).toEqual([
      ["/cgi/search.pl", "mcvitie's digestives"],
    ]);
    await product.click();
    await admin.getByRole("heading", { name: "Digestive biscuits" }).waitFor(); // the log form
    await admin.getByRole("button", { name: "Log", exact: true }).click();
    let meals: { food: { id: number; name: string } }[] = [];
    while (!meals.length) meals = (await apiGet(url, token, "/meals/daily")).meals;
    expect(meals.map((m) => m.food.name)).toEqual(["Digestive biscuits"]);
    expect(await apiGet(url, token, `/foods/${meals[0]!.food.id}`)).toMatchObject({
      brand: "McVitie's",
      source: "openfoodfacts",
    });
    // kept here: found by name and brand without asking again
    const local = await apiGet(url, token, "/foods/search?q=mcvitie%27s%20digestive");
    expect(local.items[0]).toMatchObject({ name: "Digestive biscuits", brand: "McVitie's" });
  });
}, 180_000);

test("Not now: no offer to search online; a barcode miss offers Read the label and Create food, barcode filled in", async () => {
  await withServer(async (url, admin) => {
    await question(admin).getByRole("button", { name: "Not now" }).click();
    await question(admin).waitFor({ state: "detached" });
    const token = await accessToken(admin);
    expect(await apiGet(url, token, "/admin/settings")).toMatchObject({
      online_lookup: false,
      online_lookup_answered: true,
    });
    const before = stand.requests.length;
    await admin.getByRole("region", { name: "Snack" }).getByRole("button", { name: "Add food" }).click();
    await admin.getByRole("searchbox", { name: "Search foods" }).fill("mcvitie's digestives");
    await admin
      .getByText(/Nothing found|for “mcvitie's digestives”/)
      .first()
      .waitFor();
    expect(await admin.getByRole("button", { name: "Search Open Food Facts" }).count()).toBe(0);

    const photo = await barcodePhoto("590123412345", { angle: 3, noise: 6 }); // EAN-13 5901234123457
    await admin.getByLabel("Barcode photo").setInputFiles({ name: "photo.jpg", mimeType: "image/jpeg", buffer: photo });
    await admin.getByText("No food with barcode 05901234123457 yet.").waitFor();
    await admin.getByRole("button", { name: "Create food", exact: true }).waitFor();
    expect(await axeFinds(admin)).toEqual([]);
    // Read the label: the custom food form with the barcode, its label photo picker open at once
    const chooser = admin.waitForEvent("filechooser");
    await admin.getByRole("button", { name: "Read the label" }).click();
    expect((await chooser).isMultiple()).toBe(false);
    expect(await admin.getByRole("textbox", { name: "Barcode" }).inputValue()).toBe("05901234123457");
    await admin.getByRole("button", { name: "Cancel" }).click();

    await admin.getByLabel("Barcode photo").setInputFiles({ name: "photo.jpg", mimeType: "image/jpeg", buffer: photo });
    await admin.getByRole("button", { name: "Create food", exact: true }).click();
    expect(await admin.getByRole("textbox", { name: "Barcode" }).inputValue()).toBe("05901234123457");
    expect(stand.requests.length).toBe(before); // nothing left the server
  });
}, 180_000);
