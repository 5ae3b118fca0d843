/**
 * Property test of offline-first sync (issue 7): three devices of one user edit the same meals
 * offline (creates, edits, deletes), then sync in random order, with retried (replayed) and
 * shuffled batches, through the real app. Checked after every history:
 *  - convergence: after a final sync every device holds exactly the server's records;
 *  - no acknowledged change lost, nothing duplicated: the server equals a replay of exactly the
 *    mutations it answered "applied", in version order;
 *  - every conflict reported: a mutation is applied iff its base_version was the record's
 *    version at that moment; otherwise it is a conflict.
 */
import { expect, test } from "bun:test";
import fc from "fast-check";
import { makeApp, registerUser } from "./helpers";

const RUNS = 2000;
// Thousands of users are registered here; this test is about sync, so hashing is made cheap.
const t = makeApp({ passwordCost: { memoryCost: 1024, timeCost: 1 } });

type Fields = { quantity: number; meal_type: string };
interface Local {
  records: Map<string, { version: number; fields: Fields }>;
  cursor: string;
  outbox: Mutation[];
  lastBatch: Mutation[];
}
interface Mutation {
  mutation_id: string;
  entity: "meal";
  id: string;
  op: "upsert" | "delete";
  base_version: number | null;
  data: Record<string, unknown> | null;
}
type Step =
  | { kind: "create"; device: number; quantity: number; type: string }
  | { kind: "edit"; device: number; pick: number; quantity: number }
  | { kind: "delete"; device: number; pick: number }
  | { kind: "sync"; device: number; shuffle: number; duplicate: boolean }
  | { kind: "retry"; device: number };

const TYPES = ["breakfast", "lunch", "dinner", "snack"];
const device = fc.integer({ min: 0, max: 2 });
// Weighted so devices often hold the same records and edit them concurrently (conflicts).
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("create" as const), device, quantity: fc.integer({ min: 1, max: 500 }), type: fc.constantFrom(...TYPES) }) },
  { weight: 5, arbitrary: fc.record({ kind: fc.constant("edit" as const), device, pick: fc.nat(), quantity: fc.integer({ min: 1, max: 500 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("delete" as const), device, pick: fc.nat() }) },
  { weight: 5, arbitrary: fc.record({ kind: fc.constant("sync" as const), device, shuffle: fc.nat(), duplicate: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("retry" as const), device }) },
);

function shuffled<T>(xs: T[], seed: number): T[] {
  const out = [...xs];
  let s = seed + 1;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

test(`three devices converge, lose nothing, duplicate nothing and report every conflict (${RUNS} histories)`, async () => {
  let histories = 0;
  let applied = 0;
  let conflicts = 0;
  let duplicates = 0;
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 10, maxLength: 30 }), async (steps) => {
      histories++;
      const u = await registerUser(t.call);
      const auth = { token: u.access_token };
      const devices: Local[] = [0, 1, 2].map(() => ({ records: new Map(), cursor: "", outbox: [], lastBatch: [] }));
      // the server as the model sees it through push results, and the replay of applied mutations
      const version = new Map<string, number | null>();
      const expected = new Map<string, Fields>();

      const push = async (d: Local, batch: Mutation[]) => {
        if (!batch.length) return;
        const r = await t.call("POST", "/api/v1/sync/push", { ...auth, body: { mutations: batch } });
        expect(r.status).toBe(200);
        const firstSeen = new Set<string>();
        batch.forEach((m, i) => {
          const res = r.json.results[i];
          expect(res.mutation_id).toBe(m.mutation_id);
          if (res.status === "duplicate") {
            duplicates++;
            return;
          }
          expect(firstSeen.has(m.mutation_id)).toBe(false); // a mutation id is never applied twice
          firstSeen.add(m.mutation_id);
          const serverVersion = version.get(m.id) ?? null;
          const live = expected.has(m.id);
          const baseOk = m.op === "delete" ? !live || m.base_version === serverVersion : live ? m.base_version === serverVersion : m.base_version === null || m.base_version === serverVersion;
          expect(res.status).toBe(baseOk ? "applied" : "conflict");
          if (res.status === "conflict") {
            conflicts++;
            // the device takes the server's record
            if (res.current) d.records.set(m.id, { version: res.version, fields: { quantity: res.current.quantity, meal_type: res.current.meal_type } });
            else d.records.delete(m.id);
            return;
          }
          applied++;
          version.set(m.id, res.version);
          if (m.op === "delete") {
            expected.delete(m.id);
            d.records.delete(m.id);
          } else {
            const prev = expected.get(m.id);
            const next = { ...(prev ?? { quantity: 0, meal_type: "snack" }), ...(m.data as Partial<Fields>) } as Fields;
            expected.set(m.id, { quantity: next.quantity, meal_type: next.meal_type });
            d.records.set(m.id, { version: res.version, fields: { quantity: res.current.quantity, meal_type: res.current.meal_type } });
          }
        });
      };
      const pull = async (d: Local) => {
        for (;;) {
          const r = await t.call("GET", `/api/v1/sync/changes?cursor=${d.cursor}&limit=3`, auth);
          expect(r.status).toBe(200);
          for (const c of r.json.changes) {
            if (c.op === "delete") d.records.delete(c.id);
            else d.records.set(c.id, { version: c.version, fields: { quantity: c.data.quantity, meal_type: c.data.meal_type } });
          }
          d.cursor = r.json.next_cursor;
          if (!r.json.has_more) return;
        }
      };
      const sync = async (d: Local, shuffle = 0, duplicate = false) => {
        // a device sends its offline edits of different records in any order; edits of one record
        // keep their order (each builds on the last)
        const byRecord = new Map<string, Mutation[]>();
        for (const m of d.outbox) byRecord.set(m.id, [...(byRecord.get(m.id) ?? []), m]);
        const batch = shuffled([...byRecord.values()], shuffle).flat();
        d.outbox = [];
        d.lastBatch = batch;
        await push(d, batch);
        if (duplicate) await push(d, batch); // the same delivery twice
        await pull(d);
      };

      for (const s of steps) {
        const d = devices[s.device]!;
        const known = [...d.records.entries()];
        if (s.kind === "create") {
          const id = crypto.randomUUID();
          d.outbox.push({ mutation_id: crypto.randomUUID(), entity: "meal", id, op: "upsert", base_version: null, data: { food_id: 9040, quantity: s.quantity, meal_type: s.type, date: "2026-11-20" } });
        } else if ((s.kind === "edit" || s.kind === "delete") && known.length) {
          const [id, rec] = known[s.pick % known.length]!;
          if (d.outbox.some((m) => m.id === id)) continue; // one pending edit per record per device
          d.outbox.push(
            s.kind === "edit"
              ? { mutation_id: crypto.randomUUID(), entity: "meal", id, op: "upsert", base_version: rec.version, data: { quantity: s.quantity } }
              : { mutation_id: crypto.randomUUID(), entity: "meal", id, op: "delete", base_version: rec.version, data: null },
          );
        } else if (s.kind === "sync") await sync(d, s.shuffle, s.duplicate);
        else if (s.kind === "retry") await push(d, d.lastBatch); // a retried request: all duplicates
      }
      for (const d of devices) await sync(d);
      for (const d of devices) await pull(d);

      // the server: every record from an empty cursor
      const server = new Map<string, Fields>();
      const all = (await t.call("GET", "/api/v1/sync/changes?limit=1000", auth)).json.changes as { id: string; op: string; data: Fields }[];
      for (const c of all) if (c.op === "upsert") server.set(c.id, { quantity: c.data.quantity, meal_type: c.data.meal_type });
      expect(server).toEqual(expected); // nothing lost, nothing extra
      const meals = (await t.call("GET", "/api/v1/meals/daily?date=2026-11-20", auth)).json.meals as { id: string }[];
      expect(meals.length).toBe(expected.size); // nothing duplicated in the meal log itself
      expect(new Set(meals.map((m) => m.id)).size).toBe(meals.length);
      for (const d of devices) {
        expect(new Map([...d.records].map(([id, r]) => [id, r.fields]))).toEqual(server); // converged
      }
    }),
    { numRuns: RUNS, seed: 20261122 },
  );
  console.log(`sync property: ${histories} histories, ${applied} applied, ${conflicts} conflicts, ${duplicates} duplicates`);
  expect(conflicts).toBeGreaterThan(RUNS / 4); // the generator really produces conflicts
  expect(duplicates).toBeGreaterThan(RUNS / 4);
}, 600_000);
