/** Health Auto Export's pushes and Google Fit's daily summary, read (test/fixtures/health/README.md: where each fact is from). */
import { describe, expect, test } from "bun:test";
import { strToU8, zipSync } from "fflate";
import { readHae, type HaePayloadT } from "../../src/features/bridges/hae";
import { readGoogleFit } from "../../src/features/bridges/google-fit";

const fixture = (name: string) => Bun.file(`${import.meta.dir}/../fixtures/health/${name}`);
const push1 = (await fixture("hae-push-1.json").json()) as HaePayloadT;
const push2 = (await fixture("hae-push-2.json").json()) as HaePayloadT;
/** A push read as the route reads it, at this instant, with a pause that never waits. */
const hae = (payload: HaePayloadT, timezone: string) =>
  readHae(payload, { timezone, dietaryEnergy: false, now: Date.now(), pause: async () => {} });

describe("Health Auto Export push", () => {
  test("per-minute samples summed per local day (Singapore), kJ as kcal, lb as kg, fl oz as mL", async () => {
    const r = await hae(push1, "Asia/Singapore");
    expect(r.days["2021-12-24"]).toEqual({
      active_kcal: Math.round((0.76856774374845116 + 0.377848256251549 + 418.4) / 4.184),
      steps: 1000,
      water_ml: Math.round(16 * 29.5735295625),
    });
    expect(r.days["2021-12-25"]).toEqual({ active_kcal: 200, steps: 4000 });
    expect(r.body).toEqual([{ date: "2021-12-24", at: "2021-12-23T23:30:00.000Z", kg: 75.024, fat_pct: 24.1 }]);
    expect(r.workouts).toEqual([
      {
        start: "2021-12-24T00:02:43.000Z",
        date: "2021-12-24",
        type: "Walking",
        minutes: (19 * 60 + 10) / 60,
        kcal: 226.21122641832523 / 4.184,
        distance_km: null,
      },
    ]);
    // sleep and a metric with no data are not Morsel's: left alone, not refused
    expect(r.counts.skipped).toBeUndefined();
  });

  test("the account's zone gives the day: 00:04 +0800 is the 23rd in London, 08:02 +0800 the 24th", async () => {
    const r = await hae(push1, "Europe/London");
    expect(r.days["2021-12-23"]?.steps).toBe(120);
    expect(r.days["2021-12-24"]?.steps).toBe(880);
  });

  test("version 2 workouts: duration in seconds, activeEnergyBurned, distance, a 12-hour clock", async () => {
    const r = await hae(push2, "Asia/Singapore");
    expect(r.workouts).toEqual([
      {
        start: "2021-12-24T23:15:00.000Z",
        date: "2021-12-25",
        type: "Outdoor Run",
        minutes: 30,
        kcal: 310,
        distance_km: 5.02,
      },
    ]);
    expect(r.days["2021-12-25"]).toEqual({ active_kcal: 300, steps: 6500 });
  });

  test("a sample sent twice in one push counts once; unreadable samples and units are skipped and named", async () => {
    const r = await hae(
      {
        data: {
          metrics: [
            {
              name: "step_count",
              units: "count",
              data: [
                { qty: 10, date: "2024-01-01 10:00:00 +0000" },
                { qty: 10, date: "2024-01-01 10:00:00 +0000" },
                { qty: 5, date: "at eleven" },
              ],
            },
            { name: "dietary_water", units: "gallons", data: [{ qty: 1, date: "2024-01-01 10:00:00 +0000" }] },
          ],
        },
      },
      "UTC",
    );
    expect(r.days["2024-01-01"]).toEqual({ steps: 10 });
    expect(r.skipped.map((s) => s.what)).toEqual(["metrics.0.data.2", "metrics.1"]);
  });
});

const csv = await fixture("daily-activity-metrics.csv").bytes();
describe("Google Fit daily activity metrics", () => {
  async function* once(b: Uint8Array) {
    yield b;
  }

  test("steps and average weight per day, the file's own dates; total calories left out", async () => {
    const r = await readGoogleFit(once(csv));
    expect(r.days).toEqual({ "2024-03-01": { steps: 7120 }, "2024-03-02": { steps: 11450 } });
    expect(r.body.map((b) => [b.date, b.kg])).toEqual([
      ["2024-03-02", 81.3],
      ["2024-03-03", 80.9],
    ]);
  });

  test("from the Takeout ZIP, the per-day interval files skipped", async () => {
    const zip = zipSync({
      "Takeout/Fit/Daily activity metrics/Daily activity metrics.csv": csv,
      "Takeout/Fit/Daily activity metrics/2024-03-01.csv": strToU8(
        "Start time,End time,Step count\n00:00:00.000+00:00,00:15:00.000+00:00,99999\n",
      ),
      "Takeout/Fit/All Data/derived_com.google.step_count.delta.json": strToU8("{}"),
    });
    const r = await readGoogleFit(once(zip));
    expect(r.days["2024-03-01"]).toEqual({ steps: 7120 });
  });

  test("a file that is not the summary is a 400 naming what to send", async () => {
    const e = await readGoogleFit(once(strToU8("Day,Weight\n2024-01-01,80\n"))).catch((x) => x);
    expect(e.code).toBe("validation_failed");
    expect(e.details[0].message).toContain("Daily activity metrics.csv");
  });
});

test("Health Auto Export: samples and workouts outside 1970 to tomorrow are left out and listed", async () => {
  const at = (d: string) => ({ qty: 10, date: `${d} 10:00:00 +0000` });
  const r = await readHae(
    {
      data: {
        metrics: [{ name: "step_count", units: "count", data: [at("1200-01-01"), at("2024-01-01"), at("2999-01-01")] }],
        workouts: [{ name: "Run", start: "2999-01-01 10:00:00 +0000", duration: 600 }],
      },
    },
    { timezone: "UTC", dietaryEnergy: false, now: Date.parse("2024-06-01T00:00:00Z"), pause: async () => {} },
  );
  expect(r.days).toEqual({ "2024-01-01": { steps: 10 } });
  expect(r.workouts).toEqual([]);
  expect(r.skipped.map((s) => s.what)).toEqual(["metrics.0.data.0", "metrics.0.data.2", "workouts.0"]);
  expect(r.counts.step_count).toBe(1);
});

test("Health Auto Export: a sample whose date or source holds a NUL is left out and listed, the rest read", async () => {
  const at = { qty: 10, date: "2024-01-01 10:00:00 +0000" };
  const r = await readHae(
    {
      data: {
        metrics: [
          {
            name: "step_count",
            units: "count",
            data: [
              at,
              { ...at, date: "2024-01-01 11:00:00 +0000", source: "Watch\u0000" },
              { ...at, date: "2024-01-01\u0000" },
            ],
          },
        ],
      },
    },
    { timezone: "UTC", dietaryEnergy: false, now: Date.parse("2024-06-01T00:00:00Z"), pause: async () => {} },
  );
  expect(r.days).toEqual({ "2024-01-01": { steps: 10 } });
  expect(r.skipped.map((s) => s.what)).toEqual(["metrics.0.data.1", "metrics.0.data.2"]);
});
