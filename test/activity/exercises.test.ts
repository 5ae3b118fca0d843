/** Exercise and the activity catalogue (API.md §Exercise) on REST and sync; the budget in /stats/daily. */
import { describe, expect, test } from "bun:test";
import { expectError, makeApp, signedIn } from "../helpers";

const TODAY = "2026-11-24";
const t = makeApp();
t.clock.set(`${TODAY}T18:00:00Z`);

const user = (app = t) => signedIn(app, { timezone: "UTC" });
const fields = (r: { json: { error: { details: { field: string }[] } } }) => r.json.error.details.map((d) => d.field);

describe("GET /activities", () => {
  test("finds sensible entries for what people type", async () => {
    const u = await user();
    const first = async (q: string) =>
      (await u.api("GET", `/activities?q=${encodeURIComponent(q)}`)).json.items[0] as {
        code: string;
        name: string;
        met: number;
        source: string;
      };
    expect((await first("running 10 km/h")).code).toBe("run-9.7");
    expect((await first("6 mph")).name).toContain("6 mph");
    expect((await first("cycling")).name).toMatch(/^Cycling/);
    expect((await first("yoga")).name).toMatch(/^Yoga/);
    expect((await first("weight training")).name).toMatch(/^Weight training/);
    const dog = await first("walking the dog");
    expect(dog).toMatchObject({ code: "walk-dog", met: 3 });
    expect(dog.source).toContain("Compendium");
    expect((await u.api("GET", "/activities?q=zzzzqq")).json.items).toEqual([]);
    expect((await u.api("GET", "/activities")).json.items.length).toBe(20);
    expectError(await u.api("GET", "/activities?limit=0"), 400, "validation_failed");
    expectError(await t.call("GET", "/api/v1/activities?q=run"), 401, "missing_token");
  });
});

describe("REST /exercises", () => {
  test("kcal is computed (MET × kg × h, gross) from the latest weigh-in, or kept as entered", async () => {
    const u = await user();
    // no weigh-in yet: refused, naming kcal, saying what to do
    const none = await u.api("POST", "/exercises", { activity: "run-9.7", minutes: 30 });
    expectError(none, 400, "validation_failed");
    expect(fields(none)).toEqual(["kcal"]);
    expect(none.json.error.details[0].message).toContain("weigh-in");
    await u.api("PUT", "/weights/2026-11-20", { kg: 70 });
    await u.api("PUT", "/weights/2026-11-25", { kg: 90 }); // after the date: not used
    const run = await u.api("POST", "/exercises", { activity: "run-9.7", minutes: 30 });
    expect(run.status).toBe(201);
    // 9.8 × 70 kg × 0.5 h = 343
    expect(run.json).toMatchObject({
      date: TODAY,
      activity: "run-9.7",
      name: "Running, 9.7 km/h (6 mph)",
      minutes: 30,
      kcal: 343,
      kcal_from: "computed",
      met: 9.8,
      source: "manual",
      source_id: null,
    });
    const watch = await u.api("POST", "/exercises", {
      name: "Spin class",
      minutes: 45,
      kcal: 412.5,
      start_time: "07:30",
    });
    expect(watch.json).toMatchObject({ kcal: 412.5, kcal_from: "entered", activity: null, start_time: "07:30" });
    const strength = await u.api("POST", "/exercises", {
      activity: "weights-moderate",
      minutes: 40,
      sets: 5,
      reps: 10,
    });
    expect(strength.json).toMatchObject({ sets: 5, reps: 10, kcal: Math.round(3.5 * 70 * (40 / 60)) });
    // a change of minutes computes a computed kcal again; an entered one stays
    const longer = await u.api("PATCH", `/exercises/${run.json.id}`, { minutes: 60 });
    expect(longer.json.kcal).toBe(686);
    expect((await u.api("PATCH", `/exercises/${watch.json.id}`, { minutes: 50 })).json.kcal).toBe(412.5);
    expect((await u.api("PATCH", `/exercises/${run.json.id}`, { kcal: 500 })).json).toMatchObject({
      kcal: 500,
      kcal_from: "entered",
    });
    expect((await u.api("PATCH", `/exercises/${run.json.id}`, { kcal: null })).json).toMatchObject({
      kcal: 686,
      kcal_from: "computed",
    });
    const list = await u.api("GET", "/exercises");
    expect(list.json).toMatchObject({ from: TODAY, to: TODAY, kcal: Math.round(686 + 412.5 + 163) });
    expect(list.json.items).toHaveLength(3);
    expect((await u.api("DELETE", `/exercises/${watch.json.id}`)).status).toBe(204);
    expectError(await u.api("GET", `/exercises/${watch.json.id}`), 404, "not_found");
  });

  test("a source and source_id write the same exercise again, and the same input changes nothing", async () => {
    const u = await user();
    const body = {
      name: "Outdoor run",
      minutes: 32.5,
      kcal: 425,
      distance_km: 5.2,
      source: "apple_health",
      source_id: "w-1",
      date: "2026-11-23",
    };
    const a = await u.api("POST", "/exercises", body);
    expect(a.status).toBe(201);
    expect(a.json.kcal_from).toBe("imported");
    const b = await u.api("POST", "/exercises", body);
    expect(b.status).toBe(200);
    expect(b.json).toEqual(a.json);
    const pulled = async () => (await u.api("GET", "/sync/changes")).json.changes.length;
    const before = await pulled();
    await u.api("POST", "/exercises", body);
    expect(await pulled()).toBe(before);
    const c = await u.api("POST", "/exercises", { ...body, kcal: 430 });
    expect(c.json).toMatchObject({ id: a.json.id, kcal: 430 });
    expect((await u.api("GET", "/exercises?from=2026-11-23&to=2026-11-23")).json.items).toHaveLength(1);
  });

  test("bad input → 400 naming the field; unknown → 404; no token → 401; another account's → 404 or 409", async () => {
    const u = await user();
    await u.api("PUT", "/weights/2026-11-20", { kg: 70 });
    const named = async (body: unknown, field: string) => {
      const r = await u.api("POST", "/exercises", body);
      expectError(r, 400, "validation_failed");
      expect(fields(r)).toContain(field);
    };
    await named({ activity: "run-9.7" }, "minutes");
    await named({ activity: "run-9.7", minutes: 0 }, "minutes");
    await named({ activity: "run-9.7", minutes: 1441 }, "minutes");
    await named({ minutes: 30 }, "name");
    await named({ name: "Thing", minutes: 30 }, "kcal");
    await named({ activity: "flying", minutes: 30 }, "activity");
    await named({ activity: "run-9.7", minutes: 30, kcal: -1 }, "kcal");
    await named({ activity: "run-9.7", minutes: 30, kcal: "lots" }, "kcal");
    await named({ activity: "run-9.7", minutes: 30, start_time: "25:00" }, "start_time");
    await named({ activity: "run-9.7", minutes: 30, date: "2026-02-30" }, "date");
    await named({ activity: "run-9.7", minutes: 30, date: "2027-01-01" }, "date");
    await named({ activity: "run-9.7", minutes: 30, sets: 0 }, "sets");
    await named({ activity: "run-9.7", minutes: 30, source: "Bad Source!" }, "source");
    await named({ activity: "run-9.7", minutes: 30, name: "   " }, "name");
    await named({ activity: "run-9.7", minutes: 30, note: "x".repeat(201) }, "note");
    expectError(await u.api("GET", `/exercises/${crypto.randomUUID()}`), 404, "not_found");
    expectError(await u.api("GET", "/exercises/not-a-uuid"), 400, "validation_failed");
    expectError(await u.api("GET", "/exercises?from=2026-01-01&to=2027-06-01"), 400, "validation_failed");
    expectError(await t.call("GET", "/api/v1/exercises"), 401, "missing_token");
    expectError(
      await t.call("POST", "/api/v1/exercises", { body: { name: "x", minutes: 1, kcal: 1 } }),
      401,
      "missing_token",
    );
    const mine = (await u.api("POST", "/exercises", { activity: "yoga-hatha", minutes: 60 })).json;
    const other = await user();
    expectError(await other.api("GET", `/exercises/${mine.id}`), 404, "not_found");
    expectError(await other.api("PATCH", `/exercises/${mine.id}`, { minutes: 5 }), 404, "not_found");
    expectError(await other.api("DELETE", `/exercises/${mine.id}`), 404, "not_found");
    expectError(
      await other.api("POST", "/exercises", { id: mine.id, name: "x", minutes: 1, kcal: 1 }),
      409,
      "id_conflict",
    );
    expect((await other.api("GET", "/exercises")).json.items).toEqual([]);
    expect((await u.api("GET", `/exercises/${mine.id}`)).json.minutes).toBe(60);
  });
});

test("a computed kcal over the typed cap (10,000) is refused on REST and sync, naming kcal and what to do", async () => {
  const u = await user();
  await u.api("PUT", "/weights/2026-11-20", { kg: 150 });
  // 8 × 150 kg × 24 h = 28,800: a typed kcal that high is refused, so a computed one is too
  const big = await u.api("POST", "/exercises", { activity: "run-general", minutes: 1440 });
  expect(fields(expectError(big, 400, "validation_failed") && big)).toEqual(["kcal"]);
  expect(big.json.error.details[0].message).toMatch(/computed as 28800 .*over the 10000.*give kcal, or fewer minutes/);
  const ok = await u.api("POST", "/exercises", { activity: "run-general", minutes: 60 });
  expect(ok.json.kcal).toBe(1200);
  expect(fields(await u.api("PATCH", `/exercises/${ok.json.id}`, { minutes: 1000 }))).toEqual(["kcal"]);
  const pushed = await u.push([
    {
      mutation_id: crypto.randomUUID(),
      entity: "exercise",
      id: crypto.randomUUID(),
      op: "upsert",
      base_version: null,
      data: { activity: "run-general", minutes: 1440 },
    },
  ]);
  expect(pushed.json.results[0]).toMatchObject({ status: "rejected", error: { details: [{ field: "data.kcal" }] } });
  // what is stored exports and imports back (into an account on another server: the ids are this one's)
  const there = makeApp();
  there.clock.set(`${TODAY}T18:00:00Z`);
  const other = await user(there);
  const back = await other.api("POST", "/import", (await u.api("GET", "/export")).json);
  expect(back.status).toBe(200);
  expect(back.json.exercises.added).toBe(1);
});

describe("sync", () => {
  test("an exercise is pushed, updated and deleted; bad data is rejected naming the same field", async () => {
    const u = await user();
    await u.api("PUT", "/weights/2026-11-20", { kg: 80 });
    const id = crypto.randomUUID();
    const m = (over: object) => ({
      mutation_id: crypto.randomUUID(),
      entity: "exercise",
      id,
      op: "upsert",
      base_version: null,
      ...over,
    });
    const r = await u.push([m({ data: { activity: "cycling-general", minutes: 60, date: "2026-11-22" } })]);
    // 7.5 × 80 × 1 = 600
    expect(r.json.results[0]).toMatchObject({ status: "applied", current: { id, kcal: 600, kcal_from: "computed" } });
    const up = await u.push([m({ base_version: r.json.results[0].version, data: { minutes: 30 } })]);
    expect(up.json.results[0]).toMatchObject({ status: "applied", current: { kcal: 300 } });
    const bad = await u.push([
      m({ id: crypto.randomUUID(), data: { activity: "cycling-general" } }),
      m({ id: crypto.randomUUID(), data: { name: "Mine", minutes: 10 } }),
      m({ id: "nope", data: { name: "Mine", minutes: 10, kcal: 5 } }),
    ]);
    expect(bad.json.results.map((x: { status: string }) => x.status)).toEqual(["rejected", "rejected", "rejected"]);
    expect(bad.json.results[0].error.details[0].field).toBe("data.minutes");
    expect(bad.json.results[1].error.details[0].field).toBe("data.kcal");
    expect(bad.json.results[2].error.details[0].field).toBe("id");
    const other = await user();
    const taken = await other.push([m({ data: { name: "x", minutes: 1, kcal: 1 } })]);
    expect(taken.json.results[0].status).toBe("rejected");
    const pulled = (await u.api("GET", "/sync/changes")).json.changes.filter(
      (c: { entity: string }) => c.entity === "exercise",
    );
    expect(pulled).toHaveLength(1);
    expect(pulled[0].data).toMatchObject({ id, kcal: 300 });
    const del = await u.push([m({ op: "delete", base_version: up.json.results[0].version, data: null })]);
    expect(del.json.results[0].status).toBe("applied");
    expectError(await u.api("GET", `/exercises/${id}`), 404, "not_found");
  });
});

describe("Add exercise to my budget", () => {
  test("off by default; on, the day's remaining grows by exactly the exercise kcal, each part shown", async () => {
    const u = await user();
    await u.api("PUT", "/goals", { energy_kcal: 2000 });
    await u.api("PUT", "/weights/2026-11-20", { kg: 70 });
    await u.api("POST", "/meals", { meal_type: "lunch", quick_add: { energy_kcal: 700 } });
    const run = (await u.api("POST", "/exercises", { activity: "run-9.7", minutes: 30 })).json;
    expect((await u.api("GET", "/activity-settings")).json).toMatchObject({
      exercise_in_budget: false,
      glass_ml: 250,
      updated_at: null,
    });
    const off = (await u.api("GET", `/stats/daily?date=${TODAY}`)).json;
    expect(off).toMatchObject({ exercise_kcal: run.kcal, exercise_in_budget: false });
    expect(off.budget).toEqual({ goal_kcal: 2000, exercise_kcal: 0, food_kcal: 700, remaining_kcal: 1300 });
    expect(off.remaining.energy_kcal).toBe(1300);
    const set = await u.api("PUT", "/activity-settings", { exercise_in_budget: true });
    expect(set.json.exercise_in_budget).toBe(true);
    const on = (await u.api("GET", `/stats/daily?date=${TODAY}`)).json;
    expect(on.budget).toEqual({
      goal_kcal: 2000,
      exercise_kcal: run.kcal,
      food_kcal: 700,
      remaining_kcal: 1300 + run.kcal,
    });
    expect(on.remaining.energy_kcal - off.remaining.energy_kcal).toBe(run.kcal);
    // the expenditure estimate is built from intake and weight alone: exercise does not move it
    const other = await user();
    expectError(await other.api("PUT", "/activity-settings", { glass_ml: 5 }), 400, "validation_failed");
    expect((await other.api("GET", `/stats/daily?date=${TODAY}`)).json.exercise_kcal).toBe(0);
  });
});
