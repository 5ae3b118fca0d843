/** Days belong to the user's time zone: "today" and the date of eaten_at, around midnight and DST. */
import { describe, expect, test } from "bun:test";
import { makeApp, registerUser } from "../helpers";
import { localClock, localDate } from "../../src/lib/time";

const { call, clock } = makeApp();

async function logAt(tz: string, nowIso: string, body: object = {}) {
  clock.set(nowIso);
  const u = await registerUser(call, { timezone: tz });
  const r = await call("POST", "/api/v1/meals", {
    token: u.access_token,
    body: { food_id: 9040, quantity: 100, meal_type: "snack", ...body },
  });
  return { u, meal: r.json };
}

describe("today in the user's time zone", () => {
  test("23:30 UTC is still today in Lisbon (UTC+0 in winter), already tomorrow in Tokyo, yesterday's evening in New York", async () => {
    expect((await logAt("Europe/Lisbon", "2026-11-22T23:30:00Z")).meal.date).toBe("2026-11-22");
    expect((await logAt("Asia/Tokyo", "2026-11-22T23:30:00Z")).meal.date).toBe("2026-11-23");
    expect((await logAt("America/New_York", "2026-11-23T03:30:00Z")).meal.date).toBe("2026-11-22");
  });

  test("one minute either side of local midnight", async () => {
    expect((await logAt("Asia/Tokyo", "2026-11-22T14:59:00Z")).meal.date).toBe("2026-11-22"); // 23:59 JST
    expect((await logAt("Asia/Tokyo", "2026-11-22T15:00:00Z")).meal.date).toBe("2026-11-23"); // 00:00 JST
  });

  test("GET /meals/daily and /stats/daily default to the user's today", async () => {
    const { u, meal } = await logAt("Asia/Tokyo", "2026-11-22T15:30:00Z");
    const day = (await call("GET", "/api/v1/meals/daily", { token: u.access_token })).json;
    expect(day.date).toBe("2026-11-23");
    expect(day.meals.map((m: { id: string }) => m.id)).toEqual([meal.id]);
    expect((await call("GET", "/api/v1/stats/daily", { token: u.access_token })).json.meal_count).toBe(1);
    expect((await call("GET", "/api/v1/stats/weekly", { token: u.access_token })).json.end).toBe("2026-11-23");
  });

  test("changing the profile's time zone moves 'today'", async () => {
    clock.set("2026-11-22T23:30:00Z");
    const u = await registerUser(call, { timezone: "UTC" });
    expect((await call("GET", "/api/v1/meals/daily", { token: u.access_token })).json.date).toBe("2026-11-22");
    await call("PATCH", "/api/v1/me", { token: u.access_token, body: { timezone: "Pacific/Auckland" } });
    expect((await call("GET", "/api/v1/meals/daily", { token: u.access_token })).json.date).toBe("2026-11-23");
  });
});

describe("the date of eaten_at", () => {
  test("is taken in the user's zone, whatever offset the client sent", async () => {
    const { meal } = await logAt("Asia/Tokyo", "2026-11-25T00:00:00Z", { eaten_at: "2026-11-22T23:59:00Z" });
    expect(meal.date).toBe("2026-11-23");
    expect(meal.eaten_at).toBe("2026-11-22T23:59:00Z");
    const { meal: m2 } = await logAt("Europe/Lisbon", "2026-11-25T00:00:00Z", {
      eaten_at: "2026-11-23T00:30:00+01:00",
    });
    expect(m2.eaten_at).toBe("2026-11-22T23:30:00Z");
    expect(m2.date).toBe("2026-11-22");
  });

  test("across the spring DST change (Lisbon, 29 March 2026: 01:00 UTC → WEST, UTC+1)", async () => {
    expect((await logAt("Europe/Lisbon", "2026-04-01T00:00:00Z", { eaten_at: "2026-03-28T23:30:00Z" })).meal.date).toBe(
      "2026-03-28",
    );
    expect((await logAt("Europe/Lisbon", "2026-04-01T00:00:00Z", { eaten_at: "2026-03-29T23:30:00Z" })).meal.date).toBe(
      "2026-03-30",
    );
  });

  test("across the autumn DST change (New York, 1 November 2026: 06:00 UTC → EST, UTC−5)", async () => {
    expect(
      (await logAt("America/New_York", "2026-11-05T00:00:00Z", { eaten_at: "2026-11-01T03:59:00Z" })).meal.date,
    ).toBe("2026-10-31");
    expect(
      (await logAt("America/New_York", "2026-11-05T00:00:00Z", { eaten_at: "2026-11-01T04:00:00Z" })).meal.date,
    ).toBe("2026-11-01");
    expect(
      (await logAt("America/New_York", "2026-11-05T00:00:00Z", { eaten_at: "2026-11-02T04:30:00Z" })).meal.date,
    ).toBe("2026-11-01");
  });

  test("a past date without eaten_at gets a typical local time for the meal, in that day's offset", async () => {
    const { meal } = await logAt("Europe/Lisbon", "2026-11-22T12:00:00Z", { date: "2026-07-01", meal_type: "dinner" });
    expect(meal.eaten_at).toBe("2026-07-01T18:00:00Z"); // 19:00 WEST
    const { meal: b } = await logAt("Europe/Lisbon", "2026-11-22T12:00:00Z", {
      date: "2026-01-10",
      meal_type: "breakfast",
    });
    expect(b.eaten_at).toBe("2026-01-10T08:00:00Z"); // 08:00 WET
  });

  test("a weekly window that spans a DST change still has seven days", async () => {
    clock.set("2026-04-02T12:00:00Z");
    const u = await registerUser(call, { timezone: "Europe/Lisbon" });
    const w = (await call("GET", "/api/v1/stats/weekly?end=2026-04-01", { token: u.access_token })).json;
    expect(w.days.map((d: { date: string }) => d.date)).toEqual([
      "2026-03-26",
      "2026-03-27",
      "2026-03-28",
      "2026-03-29",
      "2026-03-30",
      "2026-03-31",
      "2026-04-01",
    ]);
  });
});

test("the per-minute offset cache gives Intl's own wall clock, across DST, half-hour zones and odd historic offsets", () => {
  const zones = [
    "UTC",
    "Europe/Berlin",
    "America/New_York",
    "Australia/Lord_Howe",
    "Pacific/Chatham",
    "Asia/Kathmandu",
    "America/St_Johns",
    "Pacific/Kiritimati",
    "Africa/Monrovia",
    "America/Sao_Paulo",
  ];
  let checked = 0;
  for (const tz of zones) {
    const f = new Intl.DateTimeFormat("en-US", {
      timeZone: tz,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
    });
    // every ~97 hours from 1965 (Monrovia was UTC−0:44:30 until 1972) to 2035, seconds varying
    for (let t = Date.UTC(1965, 0, 1, 0, 0, 7); t < Date.UTC(2035, 0, 1); t += 97 * 3_600_000 + 60_017) {
      const p: Record<string, string> = {};
      for (const x of f.formatToParts(t)) p[x.type] = x.value;
      const [h, m] = localClock(new Date(t), tz);
      const got = `${localDate(new Date(t), tz)} ${h}:${m}`;
      const want = `${p.year}-${p.month}-${p.day} ${Number(p.hour) % 24}:${Number(p.minute)}`;
      if (got !== want)
        expect({ tz, at: new Date(t).toISOString(), got }).toEqual({ tz, at: new Date(t).toISOString(), got: want });
      checked++;
    }
  }
  expect(checked).toBeGreaterThan(60_000);
});
