/** lib/fair-queue.ts: accounts take turns; each account's items keep their order. */
import { expect, test } from "bun:test";
import { FairQueue, FairSlots } from "../../src/lib/fair-queue";

const drainOrder = (q: FairQueue<string>) => {
  const out: string[] = [];
  for (let x = q.shift(); x !== undefined; x = q.shift()) out.push(x);
  return out;
};

test("a backlog does not stand in front of another account's first item", () => {
  const q = new FairQueue<string>();
  for (const x of ["a1", "a2", "a3", "a4"]) q.push(1, x);
  expect(q.shift()).toBe("a1");
  q.push(2, "b1");
  q.push(3, "c1");
  expect(drainOrder(q)).toEqual(["b1", "c1", "a2", "a3", "a4"]);
});

test("accounts with backlogs alternate, each in its own order", () => {
  const q = new FairQueue<string>();
  for (const x of ["a1", "a2", "a3"]) q.push(1, x);
  for (const x of ["b1", "b2"]) q.push(2, x);
  expect(drainOrder(q)).toEqual(["a1", "b1", "a2", "b2", "a3"]);
});

test("an idle account saves no credit: it starts at the line's clock", () => {
  const q = new FairQueue<string>();
  for (const x of ["a1", "a2", "a3", "a4", "a5"]) q.push(1, x);
  q.push(2, "b1");
  expect([q.shift(), q.shift(), q.shift(), q.shift()]).toEqual(["a1", "b1", "a2", "a3"]);
  // Bob comes back after a while: one turn, not the three he "missed"
  q.push(2, "b2");
  q.push(2, "b3");
  expect(drainOrder(q)).toEqual(["b2", "a4", "b3", "a5"]);
});

test("pushFront goes before every turn; remove takes an item out", () => {
  const q = new FairQueue<string>();
  q.push(1, "a1");
  q.push(2, "b1");
  q.pushFront(2, "retry");
  expect(q.remove("a1")).toBe(true);
  expect(q.remove("a1")).toBe(false);
  expect(q.length).toBe(2);
  expect(drainOrder(q)).toEqual(["retry", "b1"]);
});

test("FairSlots: a freed slot goes to the next account in turn", async () => {
  const slots = new FairSlots(1);
  const ran: string[] = [];
  let release!: () => void;
  const first = slots.run(1, () => new Promise<void>((r) => (release = r)).then(() => void ran.push("a1")));
  const rest = [
    slots.run(1, async () => void ran.push("a2")),
    slots.run(1, async () => void ran.push("a3")),
    slots.run(2, async () => void ran.push("b1")),
  ];
  release();
  await Promise.all([first, ...rest]);
  expect(ran).toEqual(["a1", "b1", "a2", "a3"]);
});
