/** Exercise, daily values and activity settings in the JSON and CSV export and the JSON import. */
import { expect, test } from "bun:test";
import { expectError, makeApp, signedIn } from "../helpers";

const TODAY = "2026-11-24";
const t = makeApp();
t.clock.set(`${TODAY}T18:00:00Z`);

const user = (app = t) => signedIn(app, { timezone: "UTC" });

test("they travel in the export and import once; bad records are named where they sit; another account's ids stop it", async () => {
  const u = await user();
  await u.api("PUT", "/weights/2026-11-20", { kg: 70 });
  const run = (await u.api("POST", "/exercises", { activity: "run-9.7", minutes: 30, note: "=cmd" })).json;
  const watch = (
    await u.api("POST", "/exercises", { name: "Swim", minutes: 40, kcal: 380, source: "apple_health", source_id: "x1" })
  ).json;
  await u.api("PUT", `/daily-values/${TODAY}/steps`, { value: 7000 });
  await u.api("PUT", `/daily-values/${TODAY}/water_ml`, { value: 1500 });
  const settings = (
    await u.api("PUT", "/activity-settings", { exercise_in_budget: true, glass_ml: 300, target_kg: 65 })
  ).json;
  const exported = (await u.api("GET", "/export?format=json")).json;
  expect(exported.exercises).toEqual([run, watch].sort((a, b) => (a.id < b.id ? -1 : 1)));
  expect(exported.daily_values.map((v: { metric: string; value: number }) => [v.metric, v.value])).toEqual([
    ["steps", 7000],
    ["water_ml", 1500],
  ]);
  expect(exported.activity_settings).toEqual(settings);
  const csv = (await u.api("GET", "/export?format=csv&table=exercises")).text.split("\r\n");
  expect(csv[0]).toBe("date,start_time,activity,name,minutes,distance_km,kcal,kcal_from,sets,reps,source,note");
  expect(csv).toContain(`${TODAY},,run-9.7,"Running, 9.7 km/h (6 mph)",30,,343,computed,,,manual,'=cmd`);
  const values = (await u.api("GET", "/export?format=csv&table=daily_values")).text;
  expect(values).toBe(
    `date,metric,value,unit,source\r\n${TODAY},steps,7000,count,manual\r\n${TODAY},water_ml,1500,ml,manual\r\n`,
  );
  // another account on this server: the exercise ids are taken
  const w = await user();
  expectError(await w.api("POST", "/import", exported), 409, "id_conflict");
  // another server, without any weigh-in: computed kcal are kept as exported
  const there = makeApp();
  there.clock.set(`${TODAY}T18:00:00Z`);
  const v = await user(there);
  const first = await v.api("POST", "/import", exported);
  expect(first.status).toBe(200);
  expect(first.json).toMatchObject({
    exercises: { added: 2, unchanged: 0 },
    daily_values: { added: 2, unchanged: 0 },
    activity_settings: "updated",
  });
  const copy = (await v.api("GET", `/exercises/${run.id}`)).json;
  expect(copy).toMatchObject({ kcal: 343, kcal_from: "computed", met: 9.8, name: run.name });
  expect((await v.api("GET", "/activity-settings")).json).toMatchObject({
    exercise_in_budget: true,
    glass_ml: 300,
    target_kg: 65,
  });
  const again = await v.api("POST", "/import", exported);
  expect(again.json).toMatchObject({
    exercises: { added: 0, unchanged: 2 },
    daily_values: { added: 0, unchanged: 2 },
    activity_settings: "unchanged",
  });
  // an older file (none of the three) imports; a bad record is named where it sits and nothing is written
  const { exercises: _, daily_values: __, activity_settings: ___, checksum: ____, ...older } = exported;
  expect((await v.api("POST", "/import", older)).status).toBe(200);
  const bad = {
    ...older,
    exercises: [{ ...run, id: crypto.randomUUID(), minutes: -3 }],
    daily_values: [{ ...exported.daily_values[0], metric: "steps", value: -1 }],
    activity_settings: { ...settings, water_unit: "pints" },
  };
  const refused = await v.api("POST", "/import", bad);
  expectError(refused, 400, "validation_failed");
  const named = refused.json.error.details.map((d: { field: string }) => d.field);
  expect(named).toContain("exercises.0.minutes");
  expect(named).toContain("daily_values.0.value");
  expect(named).toContain("activity_settings.water_unit");
});
