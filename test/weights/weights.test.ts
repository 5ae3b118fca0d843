/** Body weight and its trend (API.md §Weight). */
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { SMOOTHING, trendSeries } from "../../src/features/weights/trend";
import { addDays } from "../../src/lib/time";
import { expectError, makeApp, registerUser } from "../helpers";

describe("the trend (The Hacker's Diet moving average)", () => {
  test("each day moves a tenth of the way to the day's weight; gaps are interpolated; after the last weigh-in it holds", () => {
    expect(SMOOTHING).toBe(0.1);
    const s = trendSeries(
      [
        { date: "2026-01-01", kg: 80 },
        { date: "2026-01-02", kg: 81 },
        { date: "2026-01-04", kg: 79 },
      ],
      "2026-01-06",
    );
    const d2 = 80 + 0.1 * (81 - 80); // 80.1
    const d3 = d2 + 0.1 * (80 - d2); // the 3rd is between 81 and 79: 80
    const d4 = d3 + 0.1 * (79 - d3);
    expect([...s.keys()]).toEqual(["2026-01-01", "2026-01-02", "2026-01-03", "2026-01-04", "2026-01-05", "2026-01-06"]);
    expect(s.get("2026-01-01")).toBe(80);
    expect(s.get("2026-01-02")).toBeCloseTo(d2, 2);
    expect(s.get("2026-01-03")).toBeCloseTo(d3, 2);
    expect(s.get("2026-01-04")).toBeCloseTo(d4, 2);
    expect(s.get("2026-01-06")).toBe(s.get("2026-01-04"));
    expect(trendSeries([], "2026-01-06").size).toBe(0);
  });

  test("the closed form crosses gaps in one step and agrees with the day-by-day recurrence (random histories)", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ gap: fc.integer({ min: 1, max: 400 }), kg: fc.double({ min: 30, max: 250, noNaN: true }) }),
          { minLength: 1, maxLength: 25 },
        ),
        fc.integer({ min: 0, max: 30 }),
        (steps, after) => {
          let date = "2001-03-01";
          const weighings = steps.map((s, i) => ({ date: (date = i ? addDays(date, s.gap) : date), kg: s.kg }));
          const through = addDays(date, after);
          // the definition, one day at a time
          const expected = new Map<string, number>();
          let trend = weighings[0]!.kg;
          let next = 0;
          for (let d = weighings[0]!.date; d <= through; d = addDays(d, 1)) {
            while (next < weighings.length && weighings[next]!.date < d) next++;
            const w = weighings[next];
            if (w) {
              const prev = weighings[Math.max(0, next - 1)]!;
              const span = (Date.parse(w.date) - Date.parse(prev.date)) / 86_400_000;
              const kg =
                w.date === d || span === 0
                  ? w.kg
                  : prev.kg + ((w.kg - prev.kg) * (Date.parse(d) - Date.parse(prev.date))) / 86_400_000 / span;
              trend += SMOOTHING * (kg - trend);
            }
            expected.set(d, trend);
          }
          const got = trendSeries(weighings, through);
          expect([...got.keys()]).toEqual([...expected.keys()]);
          for (const [d, v] of expected) expect(Math.abs(got.get(d)! - v)).toBeLessThanOrEqual(0.0051);
          // a window asks only for its own days, with the same values
          const from = addDays(through, -Math.min(after + 3, 10));
          const window = trendSeries(weighings, through, from);
          for (const [d, v] of window) expect(v).toBe(got.get(d)!);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe("/weights", () => {
  const t = makeApp();
  t.clock.set("2026-11-22T12:00:00Z");
  const api = async (method: string, path: string, body?: unknown, token?: string) =>
    t.call(method, `/api/v1${path}`, { token, body });

  test("60 days of weigh-ins read back with their trend, which lags a steady loss and smooths the noise", async () => {
    const u = await registerUser(t.call);
    const start = "2026-09-24";
    const noise = [0.6, -0.4, 0.2, -0.7, 0.5, -0.1];
    for (let i = 0; i < 60; i++) {
      const kg = 90 - 0.1 * i + noise[i % noise.length]!;
      const r = await api("PUT", `/weights/${addDays(start, i)}`, { kg }, u.access_token);
      expect(r.status).toBe(201);
    }
    const r = await api("GET", `/weights?from=${start}&to=2026-11-22`, undefined, u.access_token);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ from: start, to: "2026-11-22", unit: "kg", smoothing: 0.1 });
    const items = r.json.items as { date: string; kg: number; trend_kg: number }[];
    expect(items).toHaveLength(60);
    expect(items[0]!.trend_kg).toBe(items[0]!.kg);
    // the trend follows the loss without the day-to-day noise: its steps are all small and downward late on
    const steps = items.slice(1).map((w, i) => w.trend_kg - items[i]!.trend_kg);
    expect(Math.max(...steps.slice(30).map(Math.abs))).toBeLessThan(0.2);
    expect(steps.slice(30).every((x) => x < 0.05)).toBe(true);
    expect(r.json.trend_kg).toBe(items.at(-1)!.trend_kg);
    expect(r.json.trend_kg).toBeGreaterThan(items.at(-1)!.kg - 1); // it lags: above the true 84.1
    expect(r.json.trend_kg).toBeLessThan(86.5);
    // a range that starts late gives the same trend values (computed from the first weigh-in ever)
    const late = (await api("GET", "/weights?from=2026-11-20&to=2026-11-22", undefined, u.access_token)).json.items;
    expect(late).toEqual(items.slice(-3));
    // the weekly stats carry the week's change by trend
    const week = (await api("GET", "/stats/weekly?end=2026-11-22", undefined, u.access_token)).json;
    const before = items.find((w) => w.date === "2026-11-15")!.trend_kg;
    expect(week.weight_change_kg).toBeCloseTo(r.json.trend_kg - before, 2);
  });

  test("one weight per day: a second one replaces the first (200), no duplicates; lb in and out with the user's unit", async () => {
    const u = await registerUser(t.call);
    expect((await api("PUT", "/weights/2026-11-20", { kg: 70 }, u.access_token)).status).toBe(201);
    const again = await api("PUT", "/weights/2026-11-20", { kg: 70.4, note: "after run" }, u.access_token);
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ date: "2026-11-20", kg: 70.4, value: 70.4, unit: "kg", note: "after run" });
    expect(
      (await api("GET", "/weights?from=2026-11-01&to=2026-11-22", undefined, u.access_token)).json.items,
    ).toHaveLength(1);
    expect((await api("PATCH", "/me", { weight_unit: "lb" }, u.access_token)).json.weight_unit).toBe("lb");
    const lb = await api("PUT", "/weights/2026-11-21", { lb: 155 }, u.access_token);
    expect(lb.json).toMatchObject({ kg: 70.307, value: 155, unit: "lb" });
    expect((await api("GET", "/weights/2026-11-20", undefined, u.access_token)).json).toMatchObject({
      kg: 70.4,
      value: 155.2,
      unit: "lb",
    });
    // POST logs today's by default, replacing like PUT
    const today = await api("POST", "/weights", { lb: 154 }, u.access_token);
    expect([today.status, today.headers.get("location"), today.json.date]).toEqual([
      201,
      "/api/v1/weights/2026-11-22",
      "2026-11-22",
    ]);
    expect((await api("POST", "/weights", { date: "2026-11-22", kg: 70 }, u.access_token)).status).toBe(200);
    expect((await api("DELETE", "/weights/2026-11-20", undefined, u.access_token)).status).toBe(204);
    expectError(await api("GET", "/weights/2026-11-20", undefined, u.access_token), 404, "not_found");
    expectError(await api("DELETE", "/weights/2026-11-20", undefined, u.access_token), 404, "not_found");
  });

  test("bad input → 400 naming the field, nothing stored", async () => {
    const u = await registerUser(t.call);
    const cases: [string, unknown, string][] = [
      ["2026-11-20", { kg: 19.9 }, "kg"],
      ["2026-11-20", { kg: 400.1 }, "kg"],
      ["2026-11-20", { kg: "70" }, "kg"],
      ["2026-11-20", { lb: 40 }, "lb"],
      ["2026-11-20", { kg: 70, lb: 154 }, "kg"],
      ["2026-11-20", {}, "kg"],
      ["2026-11-20", { kg: 70, note: "x".repeat(201) }, "note"],
      ["2026-02-30", { kg: 70 }, "date"],
      ["2026-11-25", { kg: 70 }, "date"],
      ["yesterday", { kg: 70 }, "date"],
      ["1900-01-01", { kg: 70 }, "date"], // before 1970-01-01: its trend once cost every later read 130–340 ms
      ["1969-12-31", { kg: 70 }, "date"],
    ];
    for (const [date, body, field] of cases) {
      const e = expectError(await api("PUT", `/weights/${date}`, body, u.access_token), 400, "validation_failed");
      expect(`${date} ${JSON.stringify(body)}: ${e.details?.[0]?.field}`).toBe(
        `${date} ${JSON.stringify(body)}: ${field}`,
      );
    }
    expectError(
      await api("GET", "/weights?from=2026-11-22&to=2026-11-01", undefined, u.access_token),
      400,
      "validation_failed",
    );
    expectError(
      await api("GET", "/weights?from=2010-01-01&to=2026-11-01", undefined, u.access_token),
      400,
      "validation_failed",
    );
    expectError(await api("PATCH", "/me", { weight_unit: "stone" }, u.access_token), 400, "validation_failed");
    expectError(
      await api("POST", "/weights", { date: "2026-13-01", kg: 70 }, u.access_token),
      400,
      "validation_failed",
    );
    expectError(await api("POST", "/weights", { kg: 401 }, u.access_token), 400, "validation_failed");
    expect((await api("GET", "/weights", undefined, u.access_token)).json.items).toEqual([]);
  });
});
