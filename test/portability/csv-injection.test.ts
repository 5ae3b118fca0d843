/** CSV export never carries a live formula (OWASP CSV injection), whatever the text came from. */
import { describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fixtureGtin13 } from "../../scripts/gen-off-fixture";
import { importOff } from "../../src/features/imported/import";
import { csvCell } from "../../src/features/portability/export";
import { makeApp, registerUser } from "../helpers";

describe("CSV export never carries a live formula (OWASP CSV injection)", () => {
  test("cells starting with = + - @ tab or CR get an apostrophe; numbers stay numbers", () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    for (const s of ["+1+1", "-2+3", "@SUM(A1)", "\tx", "\rx"])
      expect(csvCell(s).replace(/^"|"$/g, "").startsWith("'")).toBe(true);
    expect(csvCell(-2)).toBe("-2");
    expect(csvCell("plain, text")).toBe('"plain, text"');
  });

  test("a note, a custom food, its portion and an imported Open Food Facts name are all neutralised", async () => {
    const t = makeApp();
    const u = await registerUser(t.call);
    const api = (method: string, path: string, body?: unknown) =>
      t.call(method, `/api/v1${path}`, { token: u.access_token, body });
    const file = join(t.dir, "off.jsonl");
    writeFileSync(
      file,
      JSON.stringify({
        code: fixtureGtin13(7),
        product_name: "=cmd|' /C calc'!A0",
        nutriments: { "energy-kcal_100g": 100 },
      }),
    );
    await importOff(await t.store(), file);
    const planted = (await api("POST", "/scanner/barcode", { barcode: fixtureGtin13(7) })).json.food;
    const food = (
      await api("POST", "/foods", {
        name: "@SUM(1+1)",
        nutrients: { energy_kcal: 100 },
        portions: [{ name: "+bowl", grams: 50 }],
      })
    ).json;
    await api("POST", "/meals", { food_id: planted.id, quantity: 100, meal_type: "lunch", date: "2026-11-20" });
    await api("POST", "/meals", {
      food_id: food.id,
      quantity: 1,
      portion_id: food.portions[0].id,
      meal_type: "dinner",
      date: "2026-11-20",
      note: "-1+cmd",
    });
    const csv = (await api("GET", "/export?format=csv")).text;
    const cells = csv
      .split("\r\n")
      .slice(1)
      .join(",")
      .split(",")
      .map((c) => c.replace(/^"|"$/g, ""));
    expect(cells).toContain("'=cmd|' /C calc'!A0");
    expect(cells).toContain("'@SUM(1+1)");
    expect(cells).toContain("'+bowl");
    expect(cells).toContain("'-1+cmd");
    expect(cells.filter((c) => /^[=+\-@\t\r]/.test(c) && !/^-?\d/.test(c))).toEqual([]);
  });
});
