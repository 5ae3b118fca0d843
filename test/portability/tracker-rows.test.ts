/**
 * Rows of a kind Morsel cannot store never refuse a tracker's file (API.md §Data portability): MyFitnessPal's
 * strength rows (sets, reps, kilograms, no minutes) are listed in not_imported, its calorie-adjustment rows give
 * the day's steps; Lose It!'s food-logs.csv with an Icon column is the food log, not the exercise log.
 */
import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { zipSync } from "fflate";
import { makeApp, signedIn } from "../helpers";

const SAMPLES = join(import.meta.dir, "samples");
const sample = async (name: string) => new Uint8Array(await Bun.file(join(SAMPLES, name)).arrayBuffer());

const t = makeApp();
t.clock.set("2026-11-24T12:00:00Z");

async function account() {
  const u = await signedIn(t, { timezone: "America/New_York" });
  const upload = (query: string, body: Uint8Array) =>
    t.call("POST", `/api/v1/import?${query}`, {
      token: u.access_token,
      raw: body,
      headers: { "content-type": "application/zip" },
    });
  return { ...u, upload };
}

describe("MyFitnessPal's Exercise-Summary", () => {
  test("strength rows are listed as not imported, never a bad line; calorie adjustments are the day's steps", async () => {
    const a = await account();
    const zip = zipSync({
      "File-Export/Nutrition-Summary-2026-09-01-to-2026-09-10.csv": await sample("mfp-nutrition.csv"),
      "File-Export/Exercise-Summary-2026-09-01-to-2026-09-10.csv": await sample("mfp-exercise-strength.csv"),
    });
    const file = "upload/File-Export/Exercise-Summary-2026-09-01-to-2026-09-10.csv";
    const preview = await a.upload("format=myfitnesspal&skip_invalid=true&preview=true", zip);
    expect(preview.json).toMatchObject({ exercises: { added: 1 }, daily_values: { added: 2, unchanged: 0 } });
    const r = await a.upload("format=myfitnesspal&skip_invalid=true", zip);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      exercises: { added: 1, unchanged: 0 },
      daily_values: { added: 2, unchanged: 0 },
      not_imported: [{ kind: "strength", rows: 2, file: expect.stringMatching(/Exercise-Summary/) }],
      last_date: "2026-09-10",
    });
    // the one skip is mfp-nutrition.csv's bad date, nothing of the exercise file
    expect(r.json.skipped.map((s: { file: string }) => s.file)).not.toContain(file);
    const ex = (await a.api("GET", "/exercises?from=2026-09-01&to=2026-09-10")).json.items;
    // the calorie adjustments are not exercises; the run is
    expect(ex.map((e: { name: string }) => e.name)).toEqual(["Running (jogging), 10 km/h (6 min/km)"]);
    const steps = (await a.api("GET", "/daily-values?from=2026-09-01&to=2026-09-10&metric=steps")).json.items;
    // two adjustments on 09-09 ("4,210" then 6512): the day's count is the larger
    expect(steps.map((s: Record<string, unknown>) => [s.date, s.value, s.source])).toEqual([
      ["2026-09-09", 6512, "myfitnesspal"],
      ["2026-09-10", 3020, "myfitnesspal"],
    ]);
    const again = await a.upload("format=myfitnesspal&skip_invalid=true", zip);
    expect(again.json).toMatchObject({ exercises: { unchanged: 1 }, daily_values: { added: 0, unchanged: 2 } });
  });

  test("without skip_invalid the file imports too: strength rows are no bad line", async () => {
    const a = await account();
    const zip = zipSync({ "Exercise-Summary.csv": await sample("mfp-exercise-strength.csv") });
    const r = await a.upload("format=myfitnesspal", zip);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ skipped_count: 0, exercises: { added: 1 }, daily_values: { added: 2 } });
    // a day whose steps came from elsewhere keeps them
    const b = await account();
    await b.api("PUT", "/daily-values/2026-09-10/steps", { value: 9000 });
    const kept = await b.upload("format=myfitnesspal", zip);
    expect(kept.json.daily_values).toEqual({ added: 1, unchanged: 1 });
    expect((await b.api("GET", "/daily-values/2026-09-10/steps")).json.value).toBe(9000);
  });

  test("a strength-only file imports nothing and says so; unreadable numbers still refuse the file", async () => {
    const a = await account();
    const head = "Date,Exercise,Type,Exercise Calories,Exercise Minutes,Sets,Reps Per Set,Kilograms,Steps,Note\n";
    const only = zipSync({
      "Exercise-Summary.csv": new TextEncoder().encode(`${head}2026-09-09,Bench Press,Strength,,,3,8,60.0,,\n`),
    });
    const r = await a.upload("format=myfitnesspal", only);
    expect(r.status).toBe(200);
    expect(r.json.not_imported).toEqual([{ kind: "strength", rows: 1, file: "upload/Exercise-Summary.csv" }]);
    const bad = zipSync({
      "Exercise-Summary.csv": new TextEncoder().encode(`${head}2026-09-09,Rowing,Cardio,lots,30,,,,,\n`),
    });
    const refused = await a.upload("format=myfitnesspal", bad);
    expect(refused.status).toBe(400);
    expect(refused.json.error.details[0]).toMatchObject({ field: "upload/Exercise-Summary.csv:2:4" });
  });
});

describe("Lose It!'s food-logs.csv with an Icon column", () => {
  test("is the food log (by its name or its Meal column); its exercise rows are exercise", async () => {
    const a = await account();
    const zip = zipSync({
      "food-logs.csv": await sample("loseit-food-logs-icon.csv"),
      "exercise-logs.csv": await sample("loseit-exercise-logs.csv"),
    });
    const r = await a.upload("format=loseit", zip);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ meals: { added: 4 }, skipped_count: 0, exercises: { added: 2 } });
    const day = (await a.api("GET", "/meals/daily?date=2026-10-05")).json.meals;
    expect(day.map((m: { meal_type: string }) => m.meal_type)).toEqual(["breakfast", "breakfast", "lunch"]);
    // renamed, the Meal column still says it is the food log
    const b = await account();
    const renamed = zipSync({ "export/log.csv": await sample("loseit-food-logs-icon.csv") });
    const rb = await b.upload("format=loseit", renamed);
    expect(rb.status).toBe(200);
    expect(rb.json).toMatchObject({ meals: { added: 4 }, exercises: { added: 1 } });
  });
});
