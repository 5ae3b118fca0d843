/**
 * Another tracker's history keeps its numbers (issue 48): a matched entry links the catalogue food
 * but keeps the file's kcal and macros, so each day's totals are the file's; a broken file is refused
 * whole with every bad line named (the header is line 1; a record whose field count differs from the
 * header's counts), unless skip_invalid asks for the rest; notes are kept; what Morsel has nowhere to
 * put yet (exercise, body fat) is listed; a missing header row is named as line 1.
 */
import { describe, expect, test } from "bun:test";
import { expectError, makeApp, registerUser } from "../helpers";

const HEADER = "Day,Time,Group,Food Name,Amount,Energy (kcal),Carbs (g),Fat (g),Protein (g)";
const ROWS = [
  '2026-09-14,07:42 AM,Breakfast,"Oats, Rolled, Dry",80.00 g,311.20,53.00,5.52,13.52',
  '2026-09-14,07:42 AM,Breakfast,"Bread, Whole-Wheat",1.00 slice,81.00,13.80,1.10,3.96',
  "2026-09-14,07:45 AM,Breakfast,Butter,1.00 tbsp,102.00,0.01,11.52,0.12",
  "2026-09-14,12:15 PM,Lunch,Chicken Burrito Bowl,1.00 serving,625.00,58.00,22.00,42.00",
];

async function account() {
  const t = makeApp();
  t.clock.set("2026-11-24T12:00:00Z");
  const u = await registerUser(t.call, { timezone: "UTC" });
  const upload = (query: string, body: string) =>
    t.call("POST", `/api/v1/import?${query}`, {
      token: u.access_token,
      raw: body,
      headers: { "content-type": "text/csv" },
    });
  const multipart = async (query: string, files: Record<string, string>) => {
    const form = new FormData();
    for (const [name, text] of Object.entries(files)) form.append("file", new Blob([text]), name);
    const req = new Request("http://localhost/", { method: "POST", body: form });
    const type = req.headers.get("content-type")!;
    return t.call("POST", `/api/v1/import?${query}`, {
      token: u.access_token,
      raw: new Uint8Array(await req.arrayBuffer()),
      headers: { "content-type": type },
    });
  };
  const day = async (date: string) =>
    (await t.call("GET", `/api/v1/meals/daily?date=${date}`, { token: u.access_token })).json;
  return { t, u, upload, multipart, day };
}

describe("a tracker's numbers are kept", () => {
  test("matched entries link the catalogue food with the file's kcal and macros; the day's totals are the file's", async () => {
    const a = await account();
    const r = await a.upload("format=cronometer", `${HEADER}\n${ROWS.join("\n")}\n`);
    expect(r.status).toBe(200);
    expect(r.json.matched).toBeGreaterThanOrEqual(2); // oats and bread are catalogue foods
    const d = await a.day("2026-09-14");
    const byName = (re: RegExp) =>
      d.meals.find((m: { food: { name: string } | null }) => m.food && re.test(m.food.name));
    const oats = byName(/oats/i);
    expect(oats.food.id).toBeLessThan(900_000_000);
    expect(oats.nutrients).toMatchObject({ energy_kcal: 311.2, carbohydrate_g: 53, fat_g: 5.52, protein_g: 13.52 });
    const fileKcal = 311.2 + 81 + 102 + 625;
    const sum = d.meals.reduce(
      (s: number, m: { nutrients: { energy_kcal: number } }) => s + m.nutrients.energy_kcal,
      0,
    );
    expect(Math.abs(sum - fileKcal)).toBeLessThan(1);
    const protein = d.meals.reduce(
      (s: number, m: { nutrients: { protein_g: number } }) => s + m.nutrients.protein_g,
      0,
    );
    expect(Math.abs(protein - (13.52 + 3.96 + 0.12 + 42))).toBeLessThan(0.01);
  });
});

describe("a broken file", () => {
  const broken = [
    HEADER,
    ROWS[0],
    ROWS[1],
    ROWS[2],
    "2026-09-15,07:40 AM,Breakfast,Porridge,1.00 bowl,#VALUE!,30.00,5.00,6.00",
    ROWS[3]!.replace("2026-09-14", "2026-09-15"),
    "2026-09-16,07:40 AM,Breakfast,Toast,1.00 slice,80.00,14.00,1.00,3.00",
    "2026-09-16,12:00 PM,Lunch,Soup,1.00 bowl,200.00,20.00,5.00,10.00",
    "2026-09-16,07:00 PM,Dinner,Rice,1.00 cup",
  ].join("\n");

  test("is refused whole by default, every bad line named with the header as line 1; nothing is written", async () => {
    const a = await account();
    const r = await a.upload("format=cronometer", `${broken}\n`);
    expectError(r, 400, "validation_failed");
    const fields = r.json.error.details.map((d: { field: string }) => d.field);
    expect(fields).toEqual(["upload:5:6", "upload:9"]);
    expect(r.json.error.details[1].message).toContain("has 5 fields where the header (line 1) has 9");
    expect(r.json.error.message).toContain("skip_invalid=true");
    expect((await a.day("2026-09-14")).meals).toEqual([]);
  });

  test("with skip_invalid=true the rest imports and every skipped line is reported", async () => {
    const a = await account();
    const r = await a.upload("format=cronometer&skip_invalid=true", `${broken}\n`);
    expect(r.status).toBe(200);
    expect(r.json.meals.added).toBe(6); // the eight rows but lines 5 and 9
    expect(r.json.skipped.map((s: { line: number }) => s.line)).toEqual([5, 9]);
    expect(r.json.skipped_count).toBe(2);
  });

  test("a file without its header row is refused naming line 1 and saying the header is missing", async () => {
    const a = await account();
    const r = await a.upload(
      "format=myfitnesspal",
      "2026-09-01,Breakfast,420.0,12.0,55.0,22.0\n2026-09-01,Lunch,600,20,70,30\n",
    );
    expectError(r, 400, "validation_failed");
    expect(r.json.error.details[0].field).toBe("upload:1");
    expect(r.json.error.details[0].message).toContain("line 1 should be the header row");
  });
});

describe("what else a file holds", () => {
  test("day notes become meal notes; exercise rows are exercise (burned kcal as written); body fat is listed as not imported", async () => {
    const a = await account();
    const r = await a.multipart("format=cronometer", {
      "servings.csv": `${HEADER}\n${ROWS.join("\n")}\n`,
      "notes.csv":
        'Day,Group,Note\n2026-09-14,Lunch,"ate out, big portion"\n2026-09-14,,felt great\n2026-09-20,,no meals that day\n',
      "biometrics.csv":
        "Day,Time,Group,Metric,Unit,Amount\n2026-09-14,06:55 AM,Uncategorized,Weight,kg,80.1\n2026-09-14,06:55 AM,Uncategorized,Body Fat,%,21.5\n",
      "exercises.csv":
        "Day,Time,Group,Exercise,Minutes,Calories Burned\n2026-09-14,06:00 PM,Uncategorized,Running,30,-320\n",
    });
    expect(r.status).toBe(200);
    expect(r.json.not_imported).toEqual([
      { kind: "body_fat", rows: 1, file: "biometrics.csv" },
      { kind: "day_note", rows: 1, file: "" },
    ]);
    expect(r.json.exercises).toEqual({ added: 1, unchanged: 0 });
    const ex = (await a.t.call("GET", "/api/v1/exercises?from=2026-09-14&to=2026-09-14", { token: a.u.access_token }))
      .json.items;
    expect(ex.map((e: Record<string, unknown>) => [e.name, e.minutes, e.kcal, e.start_time, e.source])).toEqual([
      ["Running", 30, 320, "18:00", "cronometer"],
    ]);
    const notes = (await a.day("2026-09-14")).meals.map((m: { meal_type: string; note: string | null }) => [
      m.meal_type,
      m.note,
    ]);
    expect(notes).toContainEqual(["lunch", "ate out, big portion"]);
    expect(notes.filter(([, n]: [string, string | null]) => n === "felt great")).toHaveLength(1);
  });
});
