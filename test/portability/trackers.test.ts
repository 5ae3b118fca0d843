/**
 * POST /import with another tracker's export (API.md §Data portability): MyFitnessPal, Cronometer,
 * Lose It! and wger, on sample files written after each tracker's documented export columns
 * (test/portability/samples/; the ZIPs are built here, as the trackers send them).
 */
import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { zipSync } from "fflate";
import { expectError, makeApp, registerUser } from "../helpers";

const SAMPLES = join(import.meta.dir, "samples");
const sample = async (name: string) => new Uint8Array(await Bun.file(join(SAMPLES, name)).arrayBuffer());

async function zipOf(files: Record<string, string>): Promise<Uint8Array> {
  const entries: Record<string, Uint8Array> = {};
  for (const [inZip, name] of Object.entries(files)) entries[inZip] = await sample(name);
  return zipSync(entries);
}

async function account(opts: { weightUnit?: "kg" | "lb" } = {}) {
  const t = makeApp();
  t.clock.set("2026-11-24T12:00:00Z");
  const u = await registerUser(t.call, { timezone: "America/New_York" });
  const token = u.access_token;
  if (opts.weightUnit) await t.call("PATCH", "/api/v1/me", { token, body: { weight_unit: opts.weightUnit } });
  /** POST /import?… with a raw body */
  const upload = (query: string, body: Uint8Array | string, type = "text/csv", as = token) =>
    t.call("POST", `/api/v1/import?${query}`, { token: as, raw: body, headers: { "content-type": type } });
  /** POST /import?… with multipart parts named file */
  const multipart = async (query: string, files: Record<string, Uint8Array>, as = token) => {
    const form = new FormData();
    for (const [name, bytes] of Object.entries(files)) form.append("file", new Blob([bytes]), name);
    const req = new Request("http://localhost/", { method: "POST", body: form });
    const type = req.headers.get("content-type")!; // read before the body: Bun drops it once the body is used
    return upload(query, new Uint8Array(await req.arrayBuffer()), type, as);
  };
  const get = (path: string) => t.call("GET", `/api/v1${path}`, { token });
  return { t, u, token, upload, multipart, get };
}

const cronometerFiles = async () => ({
  "servings.csv": await sample("cronometer-servings.csv"),
  "biometrics.csv": await sample("cronometer-biometrics.csv"),
});
type Meal = {
  food: { id: number } | null;
  description: string | null;
  quantity: number;
  portion: { name: string } | null;
  grams: number;
  nutrients: { energy_kcal: number; protein_g: number | null };
  meal_type: string;
  eaten_at: string;
  note: string | null;
};

describe("Cronometer", () => {
  test("servings and biometrics: catalogue foods where name, amount and energy agree, quick adds otherwise", async () => {
    const a = await account();
    const r = await a.multipart("format=cronometer&skip_invalid=true", await cronometerFiles());
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      format: "cronometer",
      preview: false,
      meals: { added: 11, unchanged: 0 },
      weights: { added: 3, unchanged: 0 },
      goals: "unchanged",
      first_date: "2026-09-14",
      last_date: "2026-09-16",
      matched: 7,
      quick_adds: 4,
      skipped_count: 1,
      ignored_files: [],
    });
    // the bad energy cell is named by file, line and column; the row after it (its correction) imports
    expect(r.json.skipped).toEqual([
      { file: "servings.csv", line: 11, column: 6, message: 'energy (kcal) "not a number" is not a number' },
    ]);
    const day: Meal[] = (await a.get("/meals/daily?date=2026-09-14")).json.meals;
    const by = (name: RegExp) => day.find((m) => name.test(m.description ?? (m as any).food?.name ?? ""))!;
    const banana = by(/^Bananas, raw/);
    expect(banana).toMatchObject({ food: { id: 9040 }, quantity: 1, grams: 118, meal_type: "breakfast" });
    expect(banana.portion!.name).toMatch(/^medium/);
    expect(banana.eaten_at).toBe("2026-09-14T11:42:00Z"); // 07:42 in New York
    expect(by(/^Egg, whole, cooked, hard-boiled/)).toMatchObject({ quantity: 2, grams: 100 });
    expect(by(/^Broccoli, raw/)).toMatchObject({ quantity: 150, grams: 150, portion: null });
    // no catalogue food: the tracker's own numbers, named with its amount
    expect(by(/^Chicken Burrito Bowl/)).toMatchObject({
      food: null,
      description: "Chicken Burrito Bowl (1.00 serving)",
      nutrients: { energy_kcal: 625, protein_g: 42 },
      meal_type: "lunch",
    });
    // a group that is not one of ours is a snack, with the group kept as its note
    expect(by(/^Protein Shake/)).toMatchObject({ meal_type: "snack", note: "Pre-Workout" });
    // biometrics in lbs, as kg; the body-fat and blood-pressure rows are not weights
    const w = (await a.get("/weights?from=2026-09-01&to=2026-09-30")).json;
    expect(w.items.map((x: { date: string; kg: number }) => [x.date, x.kg])).toEqual([
      ["2026-09-14", 82.735],
      ["2026-09-15", 82.463],
      ["2026-09-16", 82.554],
    ]);
  });

  test("importing the same files again changes nothing; preview writes nothing and counts the same", async () => {
    const a = await account();
    const preview = await a.multipart("format=cronometer&preview=true&skip_invalid=true", await cronometerFiles());
    expect(preview.status).toBe(200);
    expect(preview.json).toMatchObject({ preview: true, meals: { added: 11, unchanged: 0 }, weights: { added: 3 } });
    expect((await a.get("/meals/daily?date=2026-09-14")).json.meals).toEqual([]);
    expect((await a.get("/weights?from=2026-09-01&to=2026-09-30")).json.items).toEqual([]);

    const first = await a.multipart("format=cronometer&skip_invalid=true", await cronometerFiles());
    expect(first.json.meals).toEqual({ added: 11, unchanged: 0 });
    const before = (await a.get("/export?format=json")).json;
    const again = await a.multipart("format=cronometer&skip_invalid=true", await cronometerFiles());
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ meals: { added: 0, unchanged: 11 }, weights: { added: 0, unchanged: 3 } });
    const after = (await a.get("/export?format=json")).json;
    expect(after.meals).toEqual(before.meals);
    expect(after.weights).toEqual(before.weights);
    // and a preview now says so
    const again2 = await a.multipart("format=cronometer&preview=true&skip_invalid=true", await cronometerFiles());
    expect(again2.json).toMatchObject({ meals: { added: 0, unchanged: 11 }, weights: { added: 0, unchanged: 3 } });
  });

  test("a day that already has a weigh-in keeps it", async () => {
    const a = await account();
    await a.t.call("PUT", "/api/v1/weights/2026-09-15", { token: a.token, body: { kg: 80 } });
    const r = await a.multipart("format=cronometer&skip_invalid=true", await cronometerFiles());
    expect(r.json.weights).toEqual({ added: 2, unchanged: 1 });
    const w = (await a.get("/weights?from=2026-09-15&to=2026-09-15")).json.items;
    expect(w[0].kg).toBe(80);
  });
});

describe("MyFitnessPal", () => {
  test("the Export Data ZIP: one quick add per meal and day, weigh-ins in the account's pounds", async () => {
    const a = await account({ weightUnit: "lb" });
    const zip = await zipOf({
      "File-Export-2026-09-01-to-2026-09-03/Nutrition-Summary-2026-09-01-to-2026-09-03.csv": "mfp-nutrition.csv",
      "File-Export-2026-09-01-to-2026-09-03/Measurement-Summary-2026-09-01-to-2026-09-03.csv": "mfp-measurements.csv",
      "File-Export-2026-09-01-to-2026-09-03/Exercise-Summary-2026-09-01-to-2026-09-03.csv": "mfp-exercise.csv",
    });
    const before = await a.upload("format=myfitnesspal&skip_invalid=true&preview=true", zip, "application/zip");
    expect(before.json.exercises).toEqual({ added: 1, unchanged: 0 });
    const r = await a.upload("format=myfitnesspal&skip_invalid=true", zip, "application/zip");
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      meals: { added: 7, unchanged: 0 },
      weights: { added: 3, unchanged: 0 },
      matched: 0,
      quick_adds: 7,
      skipped_count: 1,
      ignored_files: [],
      // the exercise row is an exercise, with the file's kcal
      exercises: { added: 1, unchanged: 0 },
      not_imported: [],
    });
    const ex = (await a.get("/exercises?from=2026-09-01&to=2026-09-03")).json.items;
    expect(ex.map((e: Record<string, unknown>) => [e.date, e.name, e.minutes, e.kcal, e.kcal_from, e.source])).toEqual([
      ["2026-09-01", "Running (jogging), 10 km/h (6 min/km)", 55, 640, "imported", "myfitnesspal"],
    ]);
    const again = await a.upload("format=myfitnesspal&skip_invalid=true", zip, "application/zip");
    expect(again.json.exercises).toEqual({ added: 0, unchanged: 1 });
    // a preview of the same file counts it as the import would: already there (it said added 1)
    const previewAgain = await a.upload("format=myfitnesspal&skip_invalid=true&preview=true", zip, "application/zip");
    expect(previewAgain.json.exercises).toEqual({ added: 0, unchanged: 1 });
    expect((await a.get("/exercises?from=2026-09-01&to=2026-09-03")).json.items.length).toBe(1);
    expect(r.json.skipped[0]).toMatchObject({
      line: 8,
      column: 1,
      message: 'date "2026-13-02" is not a date (YYYY-MM-DD or M/D/YYYY)',
    });
    const day: Meal[] = (await a.get("/meals/daily?date=2026-09-01")).json.meals;
    expect(day.map((m) => [m.meal_type, m.description, m.nutrients.energy_kcal, m.note])).toEqual([
      ["breakfast", "Breakfast (MyFitnessPal)", 420, null],
      ["lunch", "Lunch (MyFitnessPal)", 1050, null], // "1,050.0" with its thousands comma
      ["snack", "Snacks (MyFitnessPal)", 180, null],
      ["dinner", "Dinner (MyFitnessPal)", 700, "date night"], // the file's Note column
    ]);
    // "Meal 5" is not one of ours: a snack, the name kept as the note
    const d3: Meal[] = (await a.get("/meals/daily?date=2026-09-03")).json.meals;
    expect(d3).toMatchObject([{ meal_type: "snack", note: "Meal 5" }]);
    const w = (await a.get("/weights?from=2026-09-01&to=2026-09-03")).json.items;
    expect(w.map((x: { kg: number }) => x.kg)).toEqual([79.923, 79.742, 79.787]); // 176.2, 175.8, 175.9 lb
  });

  test("a preview lists the weigh-ins as read: the file's value, the unit it is read in, and whether the file said so", async () => {
    const a = await account();
    const file = await sample("mfp-measurements.csv");
    const asKg = await a.upload("format=myfitnesspal&preview=true", file);
    expect(asKg.json.weigh_ins_count).toBe(asKg.json.weigh_ins.length);
    expect(asKg.json.weigh_ins[0]).toEqual({
      date: "2026-09-01",
      value: 176.2,
      unit: "kg",
      kg: 176.2,
      unit_stated: false,
    });
    const asLb = await a.upload("format=myfitnesspal&preview=true&weight_unit=lb", file);
    expect(asLb.json.weigh_ins[0]).toEqual({
      date: "2026-09-01",
      value: 176.2,
      unit: "lb",
      kg: 79.923,
      unit_stated: false,
    });
    const stated = await a.upload("format=cronometer&preview=true", await sample("cronometer-biometrics.csv"));
    expect(stated.json.weigh_ins.every((w: { unit_stated: boolean }) => w.unit_stated)).toBe(true);
    expect((await a.get("/weights?from=2026-01-01&to=2026-12-31")).json.items).toEqual([]);
  });

  test("weight_unit says what unit the file's weigh-ins are in", async () => {
    const a = await account({ weightUnit: "lb" });
    const r = await a.upload("format=myfitnesspal&weight_unit=kg", await sample("wger-weight.csv"));
    expect(r.status).toBe(200);
    expect((await a.get("/weights?from=2026-08-01&to=2026-08-01")).json.items[0].kg).toBe(82.5);
  });
});

describe("Lose It!", () => {
  test("food-logs.csv, weights.csv and exercise-logs.csv from the ZIP; deleted rows left out, exercise as exercise", async () => {
    const a = await account({ weightUnit: "lb" });
    const zip = await zipOf({
      "food-logs.csv": "loseit-food-logs.csv",
      "weights.csv": "loseit-weights.csv",
      "exercise-logs.csv": "loseit-exercise-logs.csv",
      "profile.csv": "loseit-profile.csv",
    });
    const r = await a.multipart("format=loseit", { "loseit-export.zip": zip });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      meals: { added: 6, unchanged: 0 },
      weights: { added: 2, unchanged: 0 },
      skipped_count: 0,
      ignored_files: ["loseit-export.zip/profile.csv"],
    });
    const day: Meal[] = (await a.get("/meals/daily?date=2026-10-05")).json.meals;
    expect(day.map((m) => m.meal_type)).toEqual(["breakfast", "breakfast", "lunch", "dinner"]);
    expect(day.some((m) => /Coffee/.test(m.description ?? ""))).toBe(false); // deleted in Lose It!
    const sandwich = day.find((m) => /Turkey Sandwich/.test(m.description ?? ""))!;
    expect(sandwich).toMatchObject({
      food: null,
      description: "Turkey Sandwich (1 Each)",
      nutrients: { energy_kcal: 430 },
    });
    const d6: Meal[] = (await a.get("/meals/daily?date=2026-10-06")).json.meals;
    expect(d6.length).toBe(2); // the run is exercise, not food
    // the run is in food-logs.csv (-310) and exercise-logs.csv (310): one exercise; the deleted swim is left out
    const ex = (await a.get("/exercises?from=2026-10-01&to=2026-10-31")).json.items;
    expect(ex.map((e: Record<string, unknown>) => [e.date, e.name, e.minutes, e.kcal, e.source])).toEqual([
      ["2026-10-06", "Running", 30, 310, "loseit"],
      ["2026-10-07", "Weight Training, general", 45, 198, "loseit"],
    ]);
    // two weigh-ins on 10/06: the later one; the deleted 10/07 is left out (Lose It! writes pounds)
    const w = (await a.get("/weights?from=2026-10-01&to=2026-10-31")).json.items;
    expect(w.map((x: { date: string; kg: number }) => [x.date, x.kg])).toEqual([
      ["2026-10-05", 91.354],
      ["2026-10-06", 90.991],
    ]);
  });
});

describe("wger", () => {
  test("its weight export (Weight,Date) as weigh-ins", async () => {
    const a = await account();
    const r = await a.upload("format=wger", await sample("wger-weight.csv"));
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      meals: { added: 0 },
      weights: { added: 3 },
      first_date: "2026-08-01",
      last_date: "2026-08-15",
    });
  });
});

describe("bad files", () => {
  test("a file of another tracker, an empty file, broken CSV and a broken ZIP are 400s that name the problem; nothing is written", async () => {
    const a = await account();
    const wrong = await a.upload("format=cronometer", await sample("mfp-nutrition.csv"));
    expectError(wrong, 400, "validation_failed");
    expect(wrong.json.error.message).toContain("found nothing to import as Cronometer");
    expect(wrong.json.error.details[0]).toEqual({
      field: "upload",
      message: "is not one of the files of a Cronometer export",
    });

    const empty = await a.upload("format=loseit", "");
    expectError(empty, 400, "validation_failed");

    const broken = await a.upload(
      "format=cronometer",
      'Day,Food Name,Energy (kcal)\n2026-09-14,"Oats,300\n2026-09-15,Rice,200\n',
    );
    expectError(broken, 400, "validation_failed");
    expect(broken.json.error.details[0].field).toMatch(/^upload:\d+/);
    expect(broken.json.error.details[0].message).toContain("is not valid CSV");

    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6]);
    expectError(await a.upload("format=loseit", zip, "application/zip"), 400, "validation_failed");

    const binary = await a.upload("format=wger", new Uint8Array([0xff, 0xfe, 0x00, 0x41]), "application/octet-stream");
    expectError(binary, 400, "validation_failed");
    expect(binary.json.error.details[0].message).toContain("not UTF-8");

    expect((await a.get("/export?format=json")).json.meals).toEqual([]);
  });

  test("a wrong format, a JSON body for a tracker, a file for a Morsel import, preview of a Morsel import, no token", async () => {
    const a = await account();
    expectError(await a.upload("format=fitbit", await sample("wger-weight.csv")), 400, "validation_failed");
    expectError(
      await a.t.call("POST", "/api/v1/import?format=cronometer", { token: a.token, body: { meals: [] } }),
      415,
      "unsupported_media_type",
    );
    expectError(await a.upload("format=morsel", await sample("wger-weight.csv")), 415, "unsupported_media_type");
    expectError(await a.upload("", await sample("wger-weight.csv")), 415, "unsupported_media_type");
    expectError(
      await a.t.call("POST", "/api/v1/import?preview=true", { token: a.token, body: { format: "morsel-export" } }),
      400,
      "validation_failed",
    );
    expectError(
      await a.t.call("POST", "/api/v1/import?format=wger", {
        raw: "Weight,Date\n80,2026-08-01\n",
        headers: { "content-type": "text/csv" },
      }),
      401,
      "missing_token",
    );
  });

  test("a future weigh-in and an out-of-range weight are skipped with their line; the rest imports", async () => {
    const a = await account();
    const r = await a.upload(
      "format=wger&skip_invalid=true",
      "Weight,Date\n80.5,2026-11-20\n81,2027-01-01\n8000,2026-11-21\n",
    );
    expect(r.status).toBe(200);
    expect(r.json.weights.added).toBe(1);
    expect(r.json.skipped).toEqual([
      { file: "upload", line: 4, column: 1, message: 'weight "8000" kg is out of range (20–400 kg)' },
      { file: "upload", line: 3, column: null, message: "date must not be in the future (today is 2026-11-24)" },
    ]);
  });

  test("two accounts importing the same file each get their own meals", async () => {
    const a = await account();
    const r1 = await a.multipart("format=cronometer&skip_invalid=true", await cronometerFiles());
    const u2 = await registerUser(a.t.call, { timezone: "America/New_York" });
    const r2 = await a.multipart("format=cronometer&skip_invalid=true", await cronometerFiles(), u2.access_token);
    expect(r1.json.meals.added).toBe(11);
    expect(r2.status).toBe(200);
    expect(r2.json.meals).toEqual({ added: 11, unchanged: 0 });
    const mine = (await a.get("/export?format=json")).json.meals.map((m: { id: string }) => m.id);
    const theirs = (await a.t.call("GET", "/api/v1/export?format=json", { token: u2.access_token })).json.meals.map(
      (m: { id: string }) => m.id,
    );
    expect(mine.filter((id: string) => theirs.includes(id))).toEqual([]);
  });
});
