/**
 * Whether a search's full-text expression can match any imported product, from which of its words any
 * product has (features/imported/match-terms.ts): a word no product has ends the search before the
 * full-text read, and the answer is the same as the read's.
 */
import { expect, test } from "bun:test";
import { join } from "node:path";
import { matchPossible, matchTerms, matchTokens } from "../../src/features/imported/match-terms";
import { importOff } from "../../src/features/imported/import";
import { ImportedRepo } from "../../src/features/imported/repo";
import { writeFixture } from "../../scripts/gen-off-fixture";
import { makeApp, tempDir } from "../helpers";

test("an expression is possible unless some AND needs a word no product has", () => {
  const has =
    (...ws: string[]) =>
    (t: string) =>
      ws.includes(t);
  const m = '("cream" AND "chees"*) OR ("cheese" AND "cream")';
  expect(matchTerms(matchTokens(m))).toEqual(['"cream"', '"chees"*', '"cheese"', '"cream"']);
  expect(matchPossible(matchTokens(m), has('"cream"', '"chees"*'))).toBe(true);
  expect(matchPossible(matchTokens(m), has('"cheese"', '"cream"'))).toBe(true);
  expect(matchPossible(matchTokens(m), has('"cream"'))).toBe(false);
  // AND binds tighter than OR, as in FTS5
  expect(matchPossible(matchTokens('"a" OR "b" AND "c"'), has('"a"'))).toBe(true);
  expect(matchPossible(matchTokens('"a" AND "b" OR "c"'), has('"a"'))).toBe(false);
  expect(matchPossible(matchTokens('"porridge" AND ("oat" OR "oats")'), has('"oat"'))).toBe(false);
  // a quote inside a word is doubled, as ftsTerm writes it
  expect(matchTerms(matchTokens('"a""b"* AND "c"'))).toEqual(['"a""b"*', '"c"']);
});

test("searchCandidates gives the full-text answer whether or not every word is in some product", async () => {
  const t = makeApp();
  const store = await t.store();
  await importOff(
    store,
    await writeFixture(join(tempDir(), "off.jsonl"), { rows: 400, format: "jsonl", names: "varied" }),
  );
  const repo = new ImportedRepo(store);
  const db = store.inProcess ? t.db.$client : null;
  const cases: [string, boolean][] = [
    ['"granola"', true],
    ['"porridge"', false],
    ['"granola" AND "porridge"', false],
    ['"granola" OR "porridge"', true],
    ['"gran"*', true],
    ['"zzq"*', false],
  ];
  for (const [m, some] of cases) {
    const got = (await store.run(repo.searchCandidates(m, 20))).map((c) => c.id).sort((a, b) => a - b);
    // twice: the second answer comes from the words already known
    const again = (await store.run(repo.searchCandidates(m, 20))).map((c) => c.id).sort((a, b) => a - b);
    expect(again).toEqual(got);
    expect(got.length > 0).toBe(some);
    if (db) {
      const n = (db.query("SELECT count(*) AS n FROM imported_fts WHERE imported_fts MATCH ?").get(m) as { n: number })
        .n;
      expect(got.length).toBe(Math.min(n, 20));
    }
  }
});
