/**
 * The Apple Health reader against files built to hurt it: attributes up to 1 MiB of the characters a
 * backtracking pattern chokes on, records hidden in comments and CDATA, clocks set to 1200 and 2999, a
 * workout repeated, sources and source-days past their caps, random bytes and a cut ZIP. Each read
 * finishes (the attribute scan is linear: the pattern it replaced took about an hour on a 1 MiB
 * attribute, so this file did not finish before), and memory follows the caps (limits.ts).
 */
import { describe, expect, test } from "bun:test";
import { strToU8, zipSync } from "fflate";
import { join } from "node:path";
import { readAppleExport } from "../../src/features/bridges/apple-file";
import { attrs } from "../../src/features/bridges/apple-tags";
import { AppleHealthReader } from "../../src/features/bridges/apple";
import { MAX_HEALTH_SOURCE_DAYS, MAX_HEALTH_SOURCES, MAX_HEALTH_WORKOUTS } from "../../src/features/bridges/limits";
import { tempDir } from "../helpers";

const dir = tempDir();
let files = 0;
const NOW = Date.parse("2024-06-01T12:00:00Z");
const options = { timezone: "UTC", dietaryEnergy: false, now: NOW };

async function read(bytes: Uint8Array) {
  const path = join(dir, `upload-${++files}`);
  await Bun.write(path, bytes);
  return readAppleExport(path, options);
}
const doc = (body: string) => strToU8(`<?xml version="1.0"?>\n<HealthData locale="en_US">\n${body}\n</HealthData>\n`);
const steps = (date: string, value: number, source = "iPhone") =>
  `<Record type="HKQuantityTypeIdentifierStepCount" sourceName="${source}" startDate="${date}" value="${value}"/>`;
const workout = (start: string) =>
  `<Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="30" durationUnit="min" totalEnergyBurned="300" totalEnergyBurnedUnit="kcal" startDate="${start}" endDate="${start}"/>`;
/** The same text fed in slices of 1 to 7 bytes: every boundary lands everywhere once. */
function sliced(bytes: Uint8Array) {
  const r = new AppleHealthReader(options);
  for (let at = 0, n = 1; at < bytes.length; at += n, n = (n % 7) + 1) r.push(bytes.subarray(at, at + n));
  return r.finish();
}

/** The pattern the scan replaced, on inputs small enough for it: the reference the scan must agree with. */
function byPattern(text: string) {
  const out: Record<string, string> = {};
  for (const m of text.matchAll(/([A-Za-z_][\w.-]*)="([^"]*)"/g)) out[m[1]!] = m[2]!;
  return out;
}

describe("attributes are scanned in linear time", () => {
  test("the scan reads what the pattern read, on 5,000 random tags of the characters that matter", () => {
    const alphabet = ["a", "Z", "_", "1", ".", "-", "=", '"', " ", "/", ">", "é"];
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let n = 0; n < 5000; n++) {
      let text = "<Record ";
      const length = Math.floor(random() * 40);
      for (let i = 0; i < length; i++) text += alphabet[Math.floor(random() * alphabet.length)];
      expect(attrs(text)).toEqual(byPattern(text));
    }
  });

  // each shape is what a backtracking or quadratic scan spends its time on; the lengths reach the tag cap
  const shapes: [string, (n: number) => string][] = [
    [
      "a run of name characters with no =",
      (n) => `<Record type="HKQuantityTypeIdentifierStepCount" ${"a".repeat(n)}/>`,
    ],
    [
      'a name then =" and no closing quote',
      (n) => `<Record type="HKQuantityTypeIdentifierStepCount" a="${"b".repeat(n)}/>`,
    ],
    ["name=name=name…", (n) => `<Record type="HKQuantityTypeIdentifierStepCount" ${"a=".repeat(n / 2)}/>`],
    ["a date of spaces", (n) => steps(`2024-01-01 10:00:00${" ".repeat(n)}x`, 5)],
    [
      "entities that never close",
      (n) => `<Record type="HKQuantityTypeIdentifierStepCount" sourceName="${"&#x1".repeat(n / 4)}" value="1"/>`,
    ],
    [
      "a workout's long type",
      (n) =>
        `<Workout workoutActivityType="${"aA".repeat(n / 2)}" duration="1" startDate="2024-01-01 10:00:00 +0000"/>`,
    ],
    ["type not first, then a long run", (n) => `<Record ${"a".repeat(n)} type="HKQuantityTypeIdentifierStepCount"/>`],
  ];
  for (const [name, shape] of shapes)
    test(`${name}: 1 KiB to 1 MiB, each read to its end`, async () => {
      for (const n of [1024, 32 * 1024, 96 * 1024, 512 * 1024, 1024 * 1024 - 200]) {
        const r = await read(doc(`${shape(n)}\n${steps("2024-01-02 10:00:00 +0000", 7)}`));
        // the record after the long one is read: the scan got past it
        expect(r.days["2024-01-02"]?.steps).toBe(7);
      }
    });

  test("a tag past 1 MiB is a 400, not a long wait", async () => {
    const e = await read(doc(`<Record ${"a".repeat(1024 * 1024 + 10)}/>`)).catch((x) => x);
    expect(e.code).toBe("validation_failed");
    expect(e.message).toMatch(/1 MiB/);
  });
});

describe("comments and CDATA hold no records", () => {
  const body = [
    steps("2024-01-01 10:00:00 +0000", 100),
    `<!-- ${steps("2024-01-01 11:00:00 +0000", 5000)} <Workout a="b"> -- still a comment -->`,
    `<![CDATA[ ${steps("2024-01-01 12:00:00 +0000", 7000)} ]] > ]]>`,
    "<!---->",
    steps("2024-01-01 13:00:00 +0000", 20),
    "<!-- a comment the file never closes",
    steps("2024-01-01 14:00:00 +0000", 9000),
  ].join("\n");

  test("only the records outside them are read, whole and in slices of 1 to 7 bytes", async () => {
    const whole = await read(doc(body));
    expect(whole.days["2024-01-01"]?.steps).toBe(120);
    expect(sliced(doc(body)).days).toEqual(whole.days);
  });
});

describe("what is kept is bounded by the caps, not by the file", () => {
  test("days outside 1970 to tomorrow are left out and listed; the rest read", async () => {
    const r = await read(
      doc(
        [
          steps("1200-03-01 10:00:00 +0000", 11),
          steps("1969-12-31 10:00:00 +0000", 12),
          steps("1970-01-01 10:00:00 +0000", 13),
          steps("2024-06-02 10:00:00 +0000", 14), // tomorrow
          steps("2024-06-03 10:00:00 +0000", 15),
          steps("2999-01-01 10:00:00 +0000", 16),
          workout("2999-01-01 10:00:00 +0000"),
        ].join("\n"),
      ),
    );
    expect(Object.keys(r.days).sort()).toEqual(["1970-01-01", "2024-06-02"]);
    expect(r.workouts).toEqual([]);
    expect(r.counts.skipped).toBe(5);
    expect(r.skipped.map((s) => s.message)).toEqual(Array(5).fill(expect.stringMatching(/outside 1970-01-01/)));
  });

  test("a workout written 100,000 times is one workout", async () => {
    const r = await read(doc(Array(100_000).fill(workout("2024-01-01 10:00:00 +0000")).join("\n")));
    expect(r.workouts.length).toBe(1);
    expect(r.counts.Workout).toBe(100_000);
  });

  test(`more than ${MAX_HEALTH_WORKOUTS} distinct workouts is 413 naming the cap`, async () => {
    const start = Date.parse("2000-01-01T00:00:00Z");
    const lines = Array.from({ length: MAX_HEALTH_WORKOUTS + 1 }, (_, i) =>
      workout(`${new Date(start + i * 60_000).toISOString().slice(0, 19).replace("T", " ")} +0000`),
    );
    const e = await read(doc(lines.join("\n"))).catch((x) => x);
    expect(e.code).toBe("payload_too_large");
    expect(e.message).toContain(String(MAX_HEALTH_WORKOUTS));
  });

  test(`more than ${MAX_HEALTH_SOURCES} sources is 413 naming the cap`, async () => {
    const lines = Array.from({ length: MAX_HEALTH_SOURCES + 1 }, (_, i) =>
      steps("2024-01-01 10:00:00 +0000", 1, `source ${i}`),
    );
    const e = await read(doc(lines.join("\n"))).catch((x) => x);
    expect(e.code).toBe("payload_too_large");
    expect(e.message).toContain(String(MAX_HEALTH_SOURCES));
  });

  test(`more than ${MAX_HEALTH_SOURCE_DAYS} source-days is 413 naming the cap`, async () => {
    const sources = 20;
    const days = MAX_HEALTH_SOURCE_DAYS / sources + 1;
    const lines: string[] = [];
    for (let d = 0; d < days; d++) {
      const date = `${new Date(Date.UTC(1980, 0, 1 + d)).toISOString().slice(0, 10)} 10:00:00 +0000`;
      for (let s = 0; s < sources; s++) lines.push(steps(date, 1, `s${s}`));
    }
    const e = await read(doc(lines.join("\n"))).catch((x) => x);
    expect(e.code).toBe("payload_too_large");
    expect(e.message).toContain(String(MAX_HEALTH_SOURCE_DAYS));
  });
});

describe("not a ZIP at all is told apart from a ZIP cut short", () => {
  const zip = zipSync({ "apple_health_export/export.xml": doc(steps("2024-01-01 10:00:00 +0000", 1)) });

  test("a ZIP cut short says so", async () => {
    const e = await read(zip.subarray(0, zip.length - 30)).catch((x) => x);
    expect(e.code).toBe("validation_failed");
    expect(e.details[0].message).toMatch(/cut short/);
  });

  test("random bytes, with or without a ZIP's first four bytes, are not called cut short", async () => {
    let seed = 3;
    const random = new Uint8Array(4096).map(() => (seed = (seed * 1103515245 + 12345) % 2 ** 31) & 0xff);
    for (const bytes of [random, new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0xff, 0xff, ...random])]) {
      const e = await read(bytes).catch((x) => x);
      expect(e.code).toBe("validation_failed");
      expect(`${e.message} ${e.details[0].message}`).not.toMatch(/cut short/);
      expect(`${e.message} ${e.details[0].message}`).toMatch(/not a ZIP/);
    }
  });
});

describe("a reader whose client hung up", () => {
  test("stops, and the import settles (its slot freed) once the reader thread has ended", async () => {
    const { readHealthInWorker } = await import("../../src/features/bridges/read");
    const path = join(dir, "large.xml");
    const line = (i: number) =>
      `<Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Watch" startDate="2020-01-01 10:00:00 +0000" value="${i}"/>\n`;
    await Bun.write(path, doc(Array.from({ length: 400_000 }, (_, i) => line(i)).join("")));
    const abort = new AbortController();
    const reading = readHealthInWorker(
      { format: "apple_health", path, timezone: "UTC", dietaryEnergy: false, now: NOW },
      abort.signal,
    );
    abort.abort();
    const e = await reading.catch((x) => x);
    expect(e.code).toBe("request_timeout");
    // the next read on the same thread pool runs to its end
    const r = await readHealthInWorker({
      format: "apple_health",
      path,
      timezone: "UTC",
      dietaryEnergy: false,
      now: NOW,
    });
    expect(r.counts.skipped).toBeUndefined();
  });
});
