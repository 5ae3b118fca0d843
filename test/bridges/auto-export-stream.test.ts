/**
 * A Health Auto Export push is read from its bytes, never built as a document (hae-stream.ts): the reader thread's
 * memory follows the push's size, not how many samples it holds. Checked two ways: (1) a property: for generated
 * pushes (fields in any order, fields Morsel does not read, samples that are not objects, escapes, non-ASCII,
 * repeated samples, metrics and workouts Morsel keeps and does not) the byte reader gives what JSON.parse, the
 * route's schema check and readHae give, the same read or the same 400 with the same field paths; bad JSON is
 * malformed_json either way. (2) The bound: a 32 MiB push of 11 million empty samples, read through the real reader
 * thread in a process of its own, grows that process's peak RSS by less than 200 MB (parsed as a document it took
 * 1.0–1.3 GB: bench:hae-memory).
 */
import { expect, test } from "bun:test";
import { join } from "node:path";
import fc from "fast-check";
import { HaePayload, readHae } from "../../src/features/bridges/hae";
import { readHaeBytes } from "../../src/features/bridges/hae-stream";
import { parseJson } from "../../src/http/read-body";
import { checkSchema } from "../../src/schema/validation";
import { tempDir } from "../helpers";

const NOW = Date.UTC(2026, 10, 24, 12);
const opts = { timezone: "Europe/Berlin", dietaryEnergy: true, now: NOW, pause: async () => {} };
const outcome = (p: Promise<unknown>) =>
  p.then(
    (read) => ({ read }),
    (e: { code?: string; message?: string; details?: unknown }) => ({ error: [e.code, e.message, e.details] }),
  );
/** The route's reading before: the document parsed, checked, then read. */
const reference = (bytes: Uint8Array) =>
  outcome(parseJson(bytes).then((doc) => readHae(checkSchema(HaePayload, doc), opts)));
const streamed = (bytes: Uint8Array) => outcome(readHaeBytes(bytes, opts));

const stamp = fc
  .integer({ min: Date.UTC(1969, 11, 25), max: NOW + 3 * 86_400_000 })
  .map((ms) => `${new Date(ms).toISOString().slice(0, 19).replace("T", " ")} +0000`);
const junk = fc.oneof(
  fc.constant(null),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.string(),
  fc.constant({ deep: [[{ a: [1, { b: "é\n\u0000" }] }]] }),
);
/** Mostly `good`, now and then `junk` (a push the schema refuses). */
const mostly = <T>(good: fc.Arbitrary<T>) => fc.oneof({ weight: 40, arbitrary: good }, { weight: 1, arbitrary: junk });
const sample = fc.oneof(
  {
    weight: 30,
    arbitrary: fc.record(
      {
        qty: fc.oneof(fc.integer({ min: -2, max: 900 }), junk),
        date: stamp,
        source: fc.constantFrom("Watch", "iPhone", 'Wätch\t"x"', "a\u0000"),
      },
      { requiredKeys: ["date"] },
    ),
  },
  { weight: 1, arbitrary: junk },
  { weight: 1, arbitrary: fc.record({ hr: fc.integer(), route: fc.array(junk, { maxLength: 3 }) }) },
);
const metric = fc.record(
  {
    name: mostly(
      fc.constantFrom(
        "step_count",
        "active_energy",
        "dietary_water",
        "dietary_energy",
        "weight_body_mass",
        "body_fat_percentage",
        "heart_rate",
      ),
    ),
    units: mostly(fc.constantFrom("count", "kJ", "kcal", "mL", "fl_oz_us", "lb", "kg", "%", "parsecs")),
    data: mostly(fc.array(sample, { maxLength: 12 })),
    extra: junk,
  },
  { requiredKeys: ["name"] },
);
const workout = fc.oneof(
  {
    weight: 12,
    arbitrary: fc.record(
      {
        name: mostly(fc.constantFrom("Running", "Walking")),
        start: stamp,
        end: stamp,
        duration: mostly(fc.integer({ min: -5, max: 9000 })),
        activeEnergyBurned: mostly(
          fc.record({ qty: fc.integer({ min: 0, max: 900 }), units: fc.constantFrom("kcal", "kJ") }),
        ),
        distance: fc.record({
          qty: fc.double({ min: 0, max: 50, noNaN: true }),
          units: fc.constantFrom("km", "mi"),
          more: junk,
        }),
        route: fc.array(fc.record({ lat: fc.double({ noNaN: true, noDefaultInfinity: true }) }), { maxLength: 3 }),
      },
      { requiredKeys: [] },
    ),
  },
  { weight: 1, arbitrary: junk },
);
/** The object's keys in a shuffled order, recursively (a push's fields come in any order). */
const shuffled = (v: unknown, seed: number): unknown => {
  if (Array.isArray(v)) return v.map((x, i) => shuffled(x, seed + i));
  if (v === null || typeof v !== "object") return v;
  const keys = Object.keys(v).sort((a, b) => ((a.length * 31 + seed) % 7) - ((b.length * 31 + seed) % 7));
  return Object.fromEntries(keys.map((k) => [k, shuffled((v as Record<string, unknown>)[k], seed + 1)]));
};
const push = fc.record({
  doc: fc.oneof(
    {
      weight: 8,
      arbitrary: fc.record({
        data: fc.record(
          { metrics: fc.array(metric, { maxLength: 5 }), workouts: fc.array(workout, { maxLength: 4 }) },
          { requiredKeys: [] },
        ),
      }),
    },
    { weight: 1, arbitrary: junk },
  ),
  seed: fc.nat(1000),
  spaced: fc.boolean(),
});

test("the byte reader reads every push as parsing, checking and readHae do: the same read, or the same 400", async () => {
  await fc.assert(
    fc.asyncProperty(push, async ({ doc, seed, spaced }) => {
      const text = JSON.stringify(shuffled(doc, seed), null, spaced ? 2 : undefined);
      const bytes = new TextEncoder().encode(text);
      expect(await streamed(bytes)).toEqual(await reference(bytes));
    }),
    { numRuns: 300 },
  );
});

test("the app's own pushes (the fixtures) read the same from their bytes", async () => {
  for (const name of ["hae-push-1.json", "hae-push-2.json"]) {
    const bytes = await Bun.file(join(import.meta.dir, "..", "fixtures", "health", name)).bytes();
    const r = await streamed(bytes);
    expect(r).toHaveProperty("read");
    expect(r).toEqual(await reference(bytes));
  }
});

test("bad JSON, bad UTF-8, an empty body and a body nested too deep are refused as the route refuses them", async () => {
  const bad = [
    "{not json",
    '{"data":{}} x',
    '{"data":{"metrics":[],}}',
    '{"a":[1,2,]}',
    '{"a":01}',
    '{"a":"\\x"}',
    "[1",
    '{"a":"\u0001"}',
  ];
  for (const text of bad) {
    const r = (await streamed(new TextEncoder().encode(text))) as { error?: unknown[] };
    expect(r.error?.slice(0, 2)).toEqual(["malformed_json", expect.stringContaining("request body is not valid JSON")]);
  }
  for (const bytes of [
    new Uint8Array([123, 0xff, 125]),
    new TextEncoder().encode("  \n"),
    new TextEncoder().encode(`${"[".repeat(40)}${"]".repeat(40)}`),
    new TextEncoder().encode(`{"data":${"[".repeat(20_000)}`),
  ])
    expect(await streamed(bytes)).toEqual(await reference(bytes));
});

test("a 32 MiB push of 11 million empty samples grows the reading process's peak RSS by under 200 MB", async () => {
  const dir = tempDir();
  const path = join(dir, "push.json");
  const metric = `{"name":"step_count","units":"count","data":[${Array(199_990).fill("{}").join(",")}]}`;
  const body = `{"data":{"metrics":[${Array(Math.floor((32 * 2 ** 20 - 4096) / (metric.length + 1)))
    .fill(metric)
    .join(",")}]}}`;
  await Bun.write(path, body);
  const child = Bun.spawn(["bun", join(import.meta.dir, "hae-read-child.ts"), path], {
    stdout: "pipe",
    stderr: "inherit",
  });
  const out = JSON.parse(await new Response(child.stdout).text()) as {
    growthMb: number;
    read: { counts?: Record<string, number> };
  };
  expect(await child.exited).toBe(0);
  expect(out.read.counts?.skipped).toBeGreaterThan(10_000_000); // every empty sample was read (and left out)
  console.log(`peak RSS growth reading 11 M empty samples: ${out.growthMb.toFixed(0)} MB`);
  expect(out.growthMb).toBeLessThan(200);
}, 240_000);
