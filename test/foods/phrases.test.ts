/**
 * Every number right: each everyday phrase of test/fixtures/phrases.ts, logged through search (the top
 * result at the serving the log form starts with) and through POST /foods/parse, lands within
 * tolerance of what a careful dietitian would log. The counts are floors at the level reached
 * (docs/performance.md reports them); a change that loses a phrase fails here.
 */
import { describe, expect, test } from "bun:test";
import { makeApp } from "../helpers";
import { PHRASES, withinTolerance } from "../fixtures/phrases";
import { loggedByParse, loggedBySearch, type Logged } from "../fixtures/phrase-log";

const { call } = makeApp();

/** Phrases within tolerance, at least: search / parse, of PHRASES.length. */
const SEARCH_FLOOR = 124;
const PARSE_FLOOR = 123;

async function run(log: (q: string) => Promise<Logged>) {
  const misses: string[] = [];
  let within = 0;
  for (const ph of PHRASES) {
    const got = await log(ph.q);
    if (withinTolerance(got.kcal, ph.kcal)) within++;
    else misses.push(`${ph.q}: ${Math.round(got.kcal)} kcal (${got.ids.join("+")} ${got.grams} g), want ${ph.kcal}`);
  }
  return { within, misses };
}

describe("phrases people type log what a dietitian would log", () => {
  test("the set is at least 100 phrases of every kind, each with its reference", () => {
    expect(PHRASES.length).toBeGreaterThanOrEqual(100);
    expect(new Set(PHRASES.map((p) => p.q)).size).toBe(PHRASES.length);
    for (const kind of ["count", "measure", "weight", "volume", "dish"])
      expect(PHRASES.filter((p) => p.kind === kind).length).toBeGreaterThanOrEqual(10);
  });

  test("search: the top result at its starting serving", async () => {
    const { within, misses } = await run(async (q) => {
      const r = await call("GET", `/api/v1/foods/search?q=${encodeURIComponent(q)}&limit=1`);
      expect(r.status).toBe(200);
      return loggedBySearch(r.json.items);
    });
    console.log(`search: within tolerance ${within}/${PHRASES.length}\n  ${misses.join("\n  ")}`);
    expect(within).toBeGreaterThanOrEqual(SEARCH_FLOOR);
  });

  test("POST /foods/parse: the items of the line", async () => {
    const { within, misses } = await run(async (text) => {
      const r = await call("POST", "/api/v1/foods/parse", { body: { text } });
      expect(r.status).toBe(200);
      return loggedByParse(r.json.items);
    });
    console.log(`parse: within tolerance ${within}/${PHRASES.length}\n  ${misses.join("\n  ")}`);
    expect(within).toBeGreaterThanOrEqual(PARSE_FLOOR);
  });
});
