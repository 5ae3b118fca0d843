/**
 * The composed dishes and staples of the bundled catalogue (scripts/catalogue/dishes/) and the
 * world phrase set (bench/phrases/world.ts) against the catalogue they were built into: every
 * ingredient is a catalogue food, every serving's kcal is within 15 % of its published reference,
 * every staple names its source, and each phrase's kcal is its reference food's at its grams.
 */
import { describe, expect, test } from "bun:test";
import { catalogue } from "../helpers";
import { DISHES } from "../../scripts/catalogue/dishes";
import { STAPLES } from "../../scripts/catalogue/dishes/staples";
import { WORLD_PHRASES } from "../../bench/phrases/world";

const { catalogue: c } = catalogue();
const kcalOf = (id: number) => c.food(id)?.nutrients.energy_kcal ?? null;

describe("composed dishes", () => {
  test("at least 250, ids unique and clear of NDB numbers, each with a source and a reference", () => {
    expect(DISHES.length).toBeGreaterThanOrEqual(250);
    expect(new Set(DISHES.map((d) => d.id)).size).toBe(DISHES.length);
    for (const d of DISHES) {
      expect(d.id).toBeGreaterThanOrEqual(900001);
      expect(d.source?.length ?? 0).toBeGreaterThan(10);
      expect(d.ref?.source.length ?? 0).toBeGreaterThan(10);
    }
  });

  test("every ingredient is a catalogue food and every serving is within 15 % of its reference", () => {
    const out: string[] = [];
    for (const d of DISHES) {
      const total = d.ingredients.reduce((s, [, g]) => s + g, 0);
      let kcal = 0;
      for (const [id, grams] of d.ingredients) {
        const k = kcalOf(id);
        if (k === null || id >= 900001) out.push(`${d.id} ${d.name}: ingredient ${id} is not a USDA food`);
        kcal += ((k ?? 0) * grams) / 100;
      }
      const serving = (kcal * d.serving.grams) / total;
      const ref = d.ref!.kcal;
      if (Math.abs(serving - ref) > Math.max(0.15 * ref, 5))
        out.push(`${d.id} ${d.name}: ${Math.round(serving)} kcal a ${d.serving.name}, reference ${ref}`);
    }
    expect(out).toEqual([]);
  });

  test("each is in the catalogue as built: composed, its serving first, its reference in the composition", () => {
    for (const d of DISHES) {
      const f = c.food(d.id);
      expect(f?.name).toBe(d.name);
      const row = c.db.query("SELECT origin, composition FROM food WHERE id = ?").get(d.id) as {
        origin: string;
        composition: string;
      };
      expect(row.origin).toBe("composed");
      expect(row.composition).toContain(`reference: ${d.ref!.source}`);
      expect(c.portions(d.id)[0]).toMatchObject({ name: d.serving.name, grams: d.serving.grams });
    }
  });

  test("staples USDA lacks carry their source, and the catalogue's attribution names them", () => {
    for (const s of STAPLES) expect(s.source).toMatch(/\d+ g/);
    const meta = c.db.query("SELECT value FROM meta WHERE key = 'attribution'").get() as { value: string };
    expect(meta.value).toContain("regional staples");
    expect(meta.value).toContain("digestive biscuits");
  });

  test.each([
    ["butty", 900102],
    ["sarnie", 900103],
    ["tikka masala", 900301],
    ["katori", 900311],
    ["double double", 900411],
    ["digestives", 901201],
    ["vegemite", 900401],
  ])("the search index has the words people type: %s finds %i", (words, id) => {
    const match = words
      .split(" ")
      .map((w) => `"${w}"`)
      .join(" ");
    const ids = c.search(match, 200).map((r) => r.id);
    expect(ids).toContain(id);
  });
});

describe("world phrase set", () => {
  test("at least 200 phrases over five regions, each kcal its reference food's at its grams", () => {
    expect(WORLD_PHRASES.length).toBeGreaterThanOrEqual(200);
    expect(new Set(WORLD_PHRASES.map((p) => p.region))).toEqual(new Set(["GB", "US", "IN", "AU", "CA"]));
    const off = WORLD_PHRASES.filter((p) => {
      const k = kcalOf(p.food);
      return k === null || Math.abs((k * p.grams) / 100 - p.kcal) > 1 || p.source.length < 5;
    }).map((p) => p.q);
    expect(off).toEqual([]);
  });
});
