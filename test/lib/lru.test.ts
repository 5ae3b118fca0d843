/**
 * lib/lru.ts: the caches' bound. Never more than its capacity; what was stored or used within the
 * last capacity/2 stores and uses is still there; the least lately used goes first.
 */
import { expect, test } from "bun:test";
import { Lru } from "../../src/lib/lru";

test("a hit keeps an entry; the one not used lately is the one dropped", () => {
  const c = new Lru<string, number>(4);
  c.set("a", 1);
  c.set("b", 2);
  expect(c.get("a")).toBe(1);
  c.set("c", 3);
  // b, stored before a was used again, went; a kept by its hit (a strict LRU would keep b too: 3 of 4)
  expect([c.get("b"), c.get("a"), c.get("c")]).toEqual([undefined, 1, 3]);
  c.set("a", 10); // a new value replaces the old one wherever it was
  expect(c.get("a")).toBe(10);
});

test("random use: size never passes the capacity, and the last capacity/2 keys touched are all there with their values", () => {
  let seed = 7;
  const rand = (n: number) => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n;
  for (const capacity of [2, 3, 10, 101]) {
    const c = new Lru<number, string>(capacity);
    const truth = new Map<number, string>();
    const touched: number[] = [];
    for (let i = 0; i < 5000; i++) {
      const k = rand(capacity * 3);
      if (rand(2)) {
        const v = `${k}@${i}`;
        c.set(k, v);
        truth.set(k, v);
        touched.push(k);
      } else {
        const got = c.get(k);
        if (got !== undefined) {
          expect(got).toBe(truth.get(k)!);
          touched.push(k);
        }
      }
      expect(c.size).toBeLessThanOrEqual(capacity);
      const recent = [...new Set(touched.slice(-Math.floor(capacity / 2)))];
      for (const r of recent) expect(c.get(r)).toBe(truth.get(r)!);
      touched.push(...recent); // those gets were uses too
    }
  }
});
