/** The Apple Health scanner on the real-shaped sample (test/fixtures/health/README.md says where each fact is from). */
import { describe, expect, test } from "bun:test";
import { readAppleExport } from "../../src/features/bridges/apple-file";
import { AppleHealthReader } from "../../src/features/bridges/apple";
import { parseHealthDate } from "../../src/features/bridges/records";
import { deflateRawSync } from "node:zlib";
import { zipSync, strToU8 } from "fflate";
import { join } from "node:path";
import { tempDir } from "../helpers";

const XML = await Bun.file(`${import.meta.dir}/../fixtures/health/export.xml`).text();
const dir = tempDir();
let files = 0;

/** The bytes written to a file of their own and read from it, as the worker reads an upload. */
async function read(bytes: Uint8Array, timezone: string, dietaryEnergy = false) {
  const path = join(dir, `upload-${++files}`);
  await Bun.write(path, bytes);
  return readAppleExport(path, { timezone, dietaryEnergy });
}

describe("Apple Health export reader", () => {
  test("steps: one source an hour (the watch's 1,500 over the phone's 812 at 8 h), on New York's days", async () => {
    const r = await read(strToU8(XML), "America/New_York");
    expect(r.days["2024-01-15"]?.steps).toBe(1500 + 1203 + 140);
    expect(r.days["2024-01-16"]?.steps).toBe(60);
  });

  test("active energy in Cal and kJ as kcal, water in mL and fl_oz_us as mL", async () => {
    const r = await read(strToU8(XML), "America/New_York");
    // 8 h: the watch's 41.5 over the phone's 30.2; 18 h: 1255.2 kJ = 300 kcal
    expect(r.days["2024-01-15"]?.active_kcal).toBe(Math.round(41.5 + 1255.2 / 4.184));
    expect(r.days["2024-01-15"]?.water_ml).toBe(Math.round(500 + 8 * 29.5735295625));
    expect(r.days["2024-01-15"]?.dietary_kcal).toBeUndefined();
  });

  test("dietary energy only when asked for", async () => {
    const r = await read(strToU8(XML), "America/New_York", true);
    expect(r.days["2024-01-15"]?.dietary_kcal).toBe(640);
  });

  test("body mass in lb and kg (the day's first reading), body fat as a per cent", async () => {
    const r = await read(strToU8(XML), "America/New_York");
    expect(r.body).toEqual([
      { date: "2024-01-15", at: "2024-01-15T12:01:55.000Z", kg: 75.024, fat_pct: 24.1 },
      { date: "2024-01-16", at: "2024-01-16T12:10:00.000Z", kg: 74.8 },
    ]);
  });

  test("workouts: attributes (old exports) and WorkoutStatistics (iOS 16 on), units converted", async () => {
    const r = await read(strToU8(XML), "America/New_York");
    expect(r.workouts).toEqual([
      {
        start: "2024-01-15T23:00:00.000Z",
        date: "2024-01-15",
        type: "Running",
        minutes: 32.5,
        kcal: 300,
        distance_km: 3.1 * 1.609344,
      },
      {
        start: "2024-01-17T04:00:00.000Z",
        date: "2024-01-16",
        type: "Traditional Strength Training",
        minutes: 45,
        kcal: 836.8 / 4.184,
        distance_km: null,
      },
    ]);
  });

  test("the account's zone gives the day: 23:00 in New York is the next morning in Berlin", async () => {
    const r = await read(strToU8(XML), "Europe/Berlin");
    expect(r.workouts.map((w) => w.date)).toEqual(["2024-01-16", "2024-01-17"]);
    // 23:50 −0500 is 05:50 in Berlin: those 140 steps move to the 16th
    expect(r.days["2024-01-16"]?.steps).toBe(140 + 60);
  });

  test("the same from a ZIP (deflated or stored, export.xml not first), and fed in 7-byte slices", async () => {
    const whole = await read(strToU8(XML), "America/New_York");
    const zip = zipSync({
      "apple_health_export/export_cda.xml": strToU8("<ClinicalDocument/>"),
      "apple_health_export/export.xml": strToU8(XML),
      "apple_health_export/workout-routes/route.gpx": strToU8("<gpx/>"),
    });
    expect(await read(zip, "America/New_York")).toEqual(whole);
    const stored = zipSync({ "apple_health_export/export.xml": [strToU8(XML), { level: 0 }] });
    expect(await read(stored, "America/New_York")).toEqual(whole);
    // tags and UTF-8 characters cut anywhere by the slices
    const r = new AppleHealthReader({ timezone: "America/New_York", dietaryEnergy: false });
    const bytes = strToU8(XML);
    for (let at = 0; at < bytes.length; at += 7) r.push(bytes.subarray(at, at + 7));
    expect(r.finish()).toEqual(whole);
  });

  test("not an export: a ZIP without export.xml, other XML, an empty file, a broken ZIP are 400s", async () => {
    const cases: [Uint8Array, RegExp][] = [
      [zipSync({ "notes.txt": strToU8("hello") }), /no export\.xml/],
      [strToU8("<?xml version='1.0'?><kml></kml>"), /not an Apple Health export/],
      [new Uint8Array(0), /empty/],
      [zipSync({ "apple_health_export/export.xml": strToU8(XML) }).subarray(0, 300), /not a ZIP/],
      [new Uint8Array([0xff, 0xfe, 0x3c, 0x00, 0x48, 0x00]), /UTF-8|not an Apple Health export/],
      [
        new Uint8Array([
          ...strToU8('<HealthData><Record type="HKQuantityTypeIdentifierStepCount" value="'),
          0xff,
          0x22,
          0x2f,
          0x3e,
          0x3c,
        ]),
        /UTF-8/,
      ],
    ];
    for (const [bytes, message] of cases) {
      const e = await read(bytes, "UTC").catch((x) => x);
      expect(e.code).toBe("validation_failed");
      expect(e.message).toMatch(message);
    }
  });

  test("unreadable records are skipped and counted, the rest read", () => {
    const r = new AppleHealthReader({ timezone: "UTC", dietaryEnergy: false });
    r.push(
      strToU8(
        '<HealthData><Record type="HKQuantityTypeIdentifierStepCount" unit="count" startDate="yesterday" value="5"/>',
      ),
    );
    r.push(
      strToU8(
        '<Record type="HKQuantityTypeIdentifierBodyMass" unit="stone-ish" startDate="2024-01-01 08:00:00 +0000" value="12"/>',
      ),
    );
    r.push(
      strToU8(
        '<Record type="HKQuantityTypeIdentifierStepCount" unit="count" startDate="2024-01-01 08:00:00 +0000" value="5"/></HealthData>',
      ),
    );
    const out = r.finish();
    expect(out.counts.skipped).toBe(2);
    expect(out.skipped.map((s) => s.message)).toEqual([
      expect.stringContaining("cannot be read"),
      expect.stringContaining("is not kg or lb"),
    ]);
    expect(out.days["2024-01-01"]?.steps).toBe(5);
  });

  test("dates: 24-hour, 12-hour and iOS 17's narrow no-break space before PM", () => {
    expect(parseHealthDate("2021-12-24 00:04:00 +0800")?.toISOString()).toBe("2021-12-23T16:04:00.000Z");
    expect(parseHealthDate("2024-09-21 7:57:00 pm +1000")?.toISOString()).toBe("2024-09-21T09:57:00.000Z");
    expect(parseHealthDate("2024-09-21 7:57:00\u202fAM -0130")?.toISOString()).toBe("2024-09-21T09:27:00.000Z");
    expect(parseHealthDate("2024-13-01 10:00:00 +0000")).toBeNull();
    expect(parseHealthDate("soon")).toBeNull();
  });
});

/**
 * A ZIP in ZIP64 form, as an export.xml past 4 GB needs: the central directory's sizes and offset
 * set to 0xffffffff with the real ones in the ZIP64 extra field, and the ZIP64 end records.
 */
function zip64(name: string, data: Uint8Array): Uint8Array {
  const deflated = deflateRawSync(data);
  const nameBytes = strToU8(name);
  const local = new DataView(new ArrayBuffer(30));
  local.setUint32(0, 0x04034b50, true);
  local.setUint16(4, 45, true);
  local.setUint16(8, 8, true);
  local.setUint32(18, 0xffffffff, true);
  local.setUint32(22, 0xffffffff, true);
  local.setUint16(26, nameBytes.length, true);
  const cd = new DataView(new ArrayBuffer(46 + nameBytes.length + 28));
  cd.setUint32(0, 0x02014b50, true);
  cd.setUint16(6, 45, true);
  cd.setUint16(10, 8, true);
  cd.setUint32(20, 0xffffffff, true);
  cd.setUint32(24, 0xffffffff, true);
  cd.setUint16(28, nameBytes.length, true);
  cd.setUint16(30, 28, true);
  cd.setUint32(42, 0xffffffff, true);
  new Uint8Array(cd.buffer).set(nameBytes, 46);
  const x = 46 + nameBytes.length;
  cd.setUint16(x, 0x0001, true);
  cd.setUint16(x + 2, 24, true);
  cd.setBigUint64(x + 4, BigInt(data.length), true);
  cd.setBigUint64(x + 12, BigInt(deflated.length), true);
  cd.setBigUint64(x + 20, 0n, true);
  const cdOffset = 30 + nameBytes.length + deflated.length;
  const end64 = new DataView(new ArrayBuffer(56 + 20 + 22));
  end64.setUint32(0, 0x06064b50, true);
  end64.setBigUint64(4, 44n, true);
  end64.setBigUint64(24, 1n, true);
  end64.setBigUint64(32, 1n, true);
  end64.setBigUint64(40, BigInt(cd.byteLength), true);
  end64.setBigUint64(48, BigInt(cdOffset), true);
  end64.setUint32(56, 0x07064b50, true);
  end64.setBigUint64(64, BigInt(cdOffset + cd.byteLength), true);
  end64.setUint32(72, 1, true);
  end64.setUint32(76, 0x06054b50, true);
  end64.setUint16(86, 0xffff, true);
  end64.setUint16(88, 0xffff, true);
  end64.setUint32(90, 0xffffffff, true);
  end64.setUint32(94, 0xffffffff, true);
  const parts = [
    new Uint8Array(local.buffer),
    nameBytes,
    deflated,
    new Uint8Array(cd.buffer),
    new Uint8Array(end64.buffer),
  ];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

test("a ZIP64 export.zip (sizes and offset in the ZIP64 extra field) reads the same", async () => {
  const whole = await read(strToU8(XML), "America/New_York");
  expect(await read(zip64("apple_health_export/export.xml", strToU8(XML)), "America/New_York")).toEqual(whole);
});
