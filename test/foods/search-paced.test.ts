/**
 * A search that misses every cache is ranked in slices, one ranking at a time:
 * eight signed-in clients sending new 12-word queries held /healthz for 535 ms. The paced ranking
 * must give the same answer as the synchronous one, hand the event loop back while it scores, and
 * let a second query wait its turn rather than interleave slices with the first.
 */
import { expect, test } from "bun:test";
import { FoodSearch } from "../../src/features/foods/search";
import { Slicer } from "../../src/lib/pace";
import { catalogue } from "../helpers";

const LONG = "chicken beef pork milk cheese bread rice egg apple fish oil";

/** A real Slicer that yields at every chance (slice 0 ms), recording each pause under `name`. */
function recording(name: string, log: string[]) {
  const slicer = new Slicer(0);
  return {
    slicer,
    pause: async () => {
      log.push(name);
      await slicer.pause();
    },
    wait: <T>(p: Promise<T>) => slicer.wait(p),
  };
}

test("a paced search gives the synchronous answer and pauses while it scores", async () => {
  const { catalogue: c } = catalogue();
  // one search each way, built once (building one reads the whole catalogue); each query is new to both, so
  // neither answers from its cache
  const sync = new FoodSearch(c);
  const paced = new FoodSearch(c);
  for (const q of ["apple", "chicken breast", `${LONG} x1`, "c", "zzzzqqq"]) {
    const want = sync.search(q, { limit: 50, offset: 10 });
    const log: string[] = [];
    const got = await paced.searchPaced(q, { limit: 50, offset: 10 }, recording("a", log));
    expect(got).toEqual(want);
    // the 12-word query ranks hundreds of candidates: it must have paused many times, not once
    if (q.startsWith("chicken beef")) expect(log.length).toBeGreaterThan(4);
  }
});

test("two expensive searches take turns instead of interleaving their slices", async () => {
  const { catalogue: c } = catalogue();
  const search = new FoodSearch(c);
  const log: string[] = [];
  const [a, b] = await Promise.all([
    search.searchPaced(`${LONG} a1`, { limit: 20, offset: 0 }, recording("a", log)),
    search.searchPaced(`${LONG} b1`, { limit: 20, offset: 0 }, recording("b", log)),
  ]);
  expect(a.total).toBeGreaterThan(0);
  expect(b.total).toBeGreaterThan(0);
  expect(log).toContain("a");
  expect(log).toContain("b");
  // every slice of the first ranking comes before any slice of the second
  expect(log.lastIndexOf("a")).toBeLessThan(log.indexOf("b"));
});

test("a cached ranking is answered without waiting for the ranking in progress", async () => {
  const { catalogue: c } = catalogue();
  const search = new FoodSearch(c);
  const opts = { limit: 20, offset: 0, cacheKey: "k" };
  await search.searchPaced("apple", opts, new Slicer());
  const log: string[] = [];
  const slow = search.searchPaced(`${LONG} c1`, opts, recording("slow", log));
  const hit = await search.searchPaced("apple", opts, recording("hit", log));
  log.push("hit answered");
  await slow;
  expect(hit.ids.length).toBe(20);
  expect(log).not.toContain("hit");
  expect(log.indexOf("hit answered")).toBeLessThan(log.lastIndexOf("slow"));
});

test("a slicer counts its own work, not the time others held the event loop between its slices", async () => {
  // the slicer's clock is the test's: each step below moves it by a known amount, so the count is exact
  let now = 1_000;
  const slicer = new Slicer(0, () => now);
  now += 10; // its own work: 10 ms
  // someone else's 150 ms run while the slicer is paused (queued before the pause's own turn)
  setImmediate(() => {
    now += 150;
  });
  await slicer.pause();
  now += 5; // its own work: 5 ms
  // a shared piece of work someone else does for 100 ms, awaited with wait
  await slicer.wait(
    new Promise<void>((resolve) =>
      setImmediate(() => {
        now += 100;
        resolve();
      }),
    ),
  );
  now += 3; // its own work: 3 ms
  expect(now - 1_000).toBe(268);
  expect(slicer.ms).toBe(18);
});
