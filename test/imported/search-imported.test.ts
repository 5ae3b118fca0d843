/**
 * Imported Open Food Facts products in GET /foods/search: found by name and by brand, marked with
 * their brand, and below an exact catalogue match of the words typed (a brand's cheddar does not
 * push the catalogue's cheddar down); not read at all when the catalogue surely names the food and fills a
 * page (foods/search.ts), so a broad everyday query costs what it does without them.
 */
import { expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { importOff } from "../../src/features/imported/import";
import { makeApp, registerUser, tempDir } from "../helpers";

const product = (code: string, name: string, brand: string, kcal: number) =>
  JSON.stringify({ code, product_name: name, brands: brand, nutriments: { "energy-kcal_100g": kcal } });

test("found by name and brand, marked with the brand, below an exact catalogue match or not read beside a sure one", async () => {
  const t = makeApp();
  const file = join(tempDir(), "off.jsonl");
  writeFileSync(
    file,
    [
      product("5000295142893", "Mature cheddar cheese", "Cathedral City", 416),
      product("5000168001142", "Digestive biscuits", "McVitie's", 478),
      product("5010029000061", "Banana bread", "Soreen", 310),
    ].join("\n"),
  );
  const report = await importOff(await t.store(), file);
  expect(report.inserted).toBe(3);
  const u = await registerUser(t.call);
  for (const token of [undefined, u.access_token]) {
    const search = async (q: string) =>
      (await t.call("GET", `/api/v1/foods/search?q=${encodeURIComponent(q)}&limit=20`, token ? { token } : {})).json
        .items as { name: string; brand: string | null; source: string }[];
    // the catalogue's cheddar first; where the catalogue surely names the food and fills a page, no product is read
    const cheddar = await search("cheddar cheese");
    expect(cheddar[0]!.source).toBe("usda");
    expect(cheddar[0]!.name).toMatch(/^Cheese, cheddar/);
    expect(cheddar.length).toBe(20);
    expect(cheddar.some((i) => i.source === "openfoodfacts")).toBe(false);
    // the words that set the product apart find it, with its brand
    expect((await search("mature cheddar"))[0]).toMatchObject({
      name: "Mature cheddar cheese",
      brand: "Cathedral City",
    });
    // with fewer catalogue foods than a page, the products are read too, below an exact catalogue match
    const bread = await search("banana bread");
    expect(bread.findIndex((i) => i.brand === "Soreen")).toBeGreaterThan(0);
    // by brand alone, and by brand and name
    expect((await search("cathedral city"))[0]).toMatchObject({
      name: "Mature cheddar cheese",
      brand: "Cathedral City",
    });
    expect((await search("soreen banana"))[0]).toMatchObject({ name: "Banana bread", brand: "Soreen" });
    expect((await search("mcvitie's digestive"))[0]).toMatchObject({ name: "Digestive biscuits", brand: "McVitie's" });
    // an everyday word still finds the catalogue food first
    expect((await search("banana"))[0]).toMatchObject({ name: "Bananas, raw", source: "usda" });
  }
});
