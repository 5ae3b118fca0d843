/**
 * POST /scanner/label end to end: real photos from the public label set (scripts/build-label-set.ts)
 * through the real app, OCR in the real photo workers; then the reading becomes a custom food
 * that the next scan of its barcode finds. Also the upload rules and bad labels on every way in.
 */
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { fakeJpeg, multipart, pixelBombPng } from "../fixtures/images";
import { NO_RECOGNITION } from "../../src/features/scanner/recognition";
import { expectError, makeApp, registerUser } from "../helpers";

const t = makeApp();
const { call } = t;
const ana = await registerUser(call);
const bob = await registerUser(call);
const labels = join(import.meta.dir, "..", "fixtures", "labels");
const photo = (name: string) => readFileSync(join(labels, `${name}.jpg`));
const truth = JSON.parse(readFileSync(join(labels, "truth.json"), "utf8")) as {
  file: string;
  truth: Record<string, number | null>;
}[];
const truthOf = (name: string) => truth.find((c) => c.file === `${name}.jpg`)!.truth;

async function read(bytes: Uint8Array, token: string | null = ana.access_token, field = "image") {
  const { body, contentType } = multipart(bytes, field);
  return call("POST", "/api/v1/scanner/label", {
    token: token ?? undefined,
    raw: body,
    headers: { "content-type": contentType },
  });
}

describe("reading labels", () => {
  test("a US Nutrition Facts photo: every value per serving as printed, per 100 g from the serving size", async () => {
    const want = truthOf("us-1");
    const r = await read(photo("us-1"));
    expect(r.status).toBe(200);
    expect(r.json.format).toBe("us");
    expect(r.json.serving.grams).toBe(want.serving_grams!);
    for (const k of [
      "energy_kcal",
      "fat_g",
      "saturated_fat_g",
      "carbohydrate_g",
      "sugars_g",
      "protein_g",
      "sodium_mg",
      "fiber_g",
    ]) {
      expect([k, r.json.per_serving[k]]).toEqual([k, want[k]]);
    }
    expect(r.json.per_100g.energy_kcal).toBeCloseTo((want.energy_kcal! * 100) / want.serving_grams!, 1);
    expect(r.json.fields.energy_kcal.line).toMatch(/^Calories/);
    expect(r.json.lines[0]).toBe("Nutrition Facts");
    expect(r.json.warnings).toEqual([]);
    expect(r.json.elapsed_ms).toBeGreaterThanOrEqual(r.json.timings_ms.detect);
  });

  test("an EU table in German: the per-100 g column, salt as sodium", async () => {
    const want = truthOf("eu-de-3");
    const r = await read(photo("eu-de-3"));
    expect(r.json.format).toBe("eu");
    expect(r.json.per_100g).toMatchObject({
      energy_kcal: want.energy_kcal,
      fat_g: want.fat_g,
      carbohydrate_g: want.carbohydrate_g,
      protein_g: want.protein_g,
      sodium_mg: want.sodium_mg,
    });
    expect(r.json.fields.sodium_mg.note).toMatch(/^salt .* sodium ×400$/);
  });

  test("a photo with no label: 200, every value null, the text returned as read (markup and formulas as data)", async () => {
    const r = await read(photo("no-panel"));
    expect(r.status).toBe(200);
    expect(r.json.format).toBeNull();
    expect(Object.values(r.json.per_serving).every((v) => v === null)).toBe(true);
    expect(r.json.per_100g).toBeNull();
    expect(r.json.fields).toEqual({});
    expect(r.json.lines.join("\n")).toContain("Morning Oats");
    expect(r.json.lines.some((l: string) => l.includes("<b>") || l.includes("=SUM"))).toBe(true);
  });

  test("the server stays responsive while a label is read", async () => {
    let reading = true;
    const pending = read(photo("us-2")).finally(() => (reading = false));
    let answeredDuring = 0;
    while (reading) {
      const h = await call("GET", "/healthz");
      expect(h.status).toBe(200);
      if (reading) answeredDuring++;
      await Bun.sleep(5);
    }
    expect((await pending).status).toBe(200);
    expect(answeredDuring).toBeGreaterThan(0);
  });
});

describe("a custom food from a label in one step", () => {
  test("scan misses → photograph the label → save → the next scan finds it, with the right values per 100 g", async () => {
    const barcode = "5012345678900";
    expectError(
      await call("POST", "/api/v1/scanner/barcode", { token: ana.access_token, body: { barcode } }),
      404,
      "barcode_not_found",
    );
    const reading = (await read(photo("us-3"))).json;
    const want = truthOf("us-3");
    const made = await call("POST", "/api/v1/foods", {
      token: ana.access_token,
      body: { name: "Crunchy bar", barcode, label: reading },
    });
    expect(made.status).toBe(201);
    const per100 = (x: number) => Math.round(((x * 100) / want.serving_grams!) * 100) / 100;
    expect(made.json.nutrients).toMatchObject({
      energy_kcal: per100(want.energy_kcal!),
      fat_g: per100(want.fat_g!),
      carbohydrate_g: per100(want.carbohydrate_g!),
      protein_g: per100(want.protein_g!),
    });
    expect(made.json.portions).toEqual([
      expect.objectContaining({ name: `serving (${reading.serving.text})`, grams: want.serving_grams }),
    ]);
    const scan = await call("POST", "/api/v1/scanner/barcode", { token: ana.access_token, body: { barcode } });
    expect(scan.status).toBe(200);
    expect(scan.json.food).toMatchObject({ id: made.json.id, name: "Crunchy bar", source: "custom" });
    expectError(
      await call("POST", "/api/v1/scanner/barcode", { token: bob.access_token, body: { barcode } }),
      404,
      "barcode_not_found",
    );
  });

  test("values sent in nutrients correct the label's, key by key", async () => {
    const reading = {
      per_100g: { energy_kcal: 400, energy_kj: 1674, fat_g: 10, protein_g: null },
      serving: { text: "1 bar (40g)", grams: 40, millilitres: null },
    };
    const made = await call("POST", "/api/v1/foods", {
      token: ana.access_token,
      body: { name: "Bar", label: reading, nutrients: { protein_g: 8 } },
    });
    expect(made.status).toBe(201);
    expect(made.json.nutrients).toMatchObject({ energy_kcal: 400, energy_kj: 1674, fat_g: 10, protein_g: 8 });
    // a corrected kcal: the label's kJ does not stay beside it
    const fixed = await call("POST", "/api/v1/foods", {
      token: ana.access_token,
      body: { name: "Bar 2", label: reading, nutrients: { energy_kcal: 380 } },
    });
    expect(fixed.json.nutrients).toMatchObject({ energy_kcal: 380, energy_kj: 1589.92 });
  });
});

describe("bad labels are refused the same way through REST and sync push", () => {
  const cases: [string, unknown, string][] = [
    [
      "a label whose serving size was not read (no per_100g)",
      { per_100g: null, serving: { text: null, grams: null, millilitres: null } },
      "label.per_100g",
    ],
    ["a label without energy", { per_100g: { fat_g: 3 }, serving: null }, "label.per_100g.energy_kcal"],
    ["a label that is not an object", "230 kcal", "label"],
    ["a label with a negative value", { per_100g: { energy_kcal: 100, fat_g: -3 } }, "nutrients.fat_g"],
  ];
  test.each(cases)("%s", async (_name, label, field) => {
    const before = (await call("GET", "/api/v1/sync/changes", { token: ana.access_token })).json.changes.length;
    const rest = expectError(
      await call("POST", "/api/v1/foods", { token: ana.access_token, body: { name: "Bad", label } }),
      400,
      "validation_failed",
    );
    expect(rest.details?.map((d) => d.field)).toEqual([field]);
    const push = await call("POST", "/api/v1/sync/push", {
      token: ana.access_token,
      body: {
        mutations: [
          {
            mutation_id: crypto.randomUUID(),
            entity: "food",
            id: null,
            op: "upsert",
            base_version: null,
            data: { name: "Bad", label },
          },
        ],
      },
    });
    expect(push.json.results[0].status).toBe("rejected");
    expect(push.json.results[0].error.details[0].field).toBe(field);
    expect((await call("GET", "/api/v1/sync/changes", { token: ana.access_token })).json.changes.length).toBe(before);
  });
});

describe("upload rules", () => {
  test("no token → 401; no image part → 400; text → 415; damaged JPEG → 422; pixel bomb → 422", async () => {
    expectError(await read(photo("us-1"), null), 401, "missing_token");
    expect(
      expectError(await read(photo("us-1"), ana.access_token, "picture"), 400, "validation_failed").details?.[0]?.field,
    ).toBe("image");
    expectError(await read(Buffer.from("Calories 230\n")), 415, "unsupported_media_type");
    expectError(await read(fakeJpeg()), 422, "invalid_image");
    expectError(await read(pixelBombPng()), 422, "invalid_image");
  });

  test("a server with --photo-workers 0 answers 503 not_ready and says why", async () => {
    const off = makeApp({ recogniser: NO_RECOGNITION });
    const u = await registerUser(off.call);
    const { body, contentType } = multipart(photo("us-1"));
    const e = expectError(
      await off.call("POST", "/api/v1/scanner/label", {
        token: u.access_token,
        raw: body,
        headers: { "content-type": contentType },
      }),
      503,
      "not_ready",
    );
    expect(e.message).toContain("--photo-workers 0");
  });

  test("an 11 MB body → 413", async () => {
    const big = Buffer.alloc(11 * 1024 * 1024, 1);
    big.set([0xff, 0xd8, 0xff]);
    expectError(await read(big), 413, "payload_too_large");
  });

  test("grey, CMYK, tiny and 400:1 images are read (nothing found), and the workers keep working", async () => {
    const label = await sharp(photo("us-4")).resize(900).toBuffer();
    const got: Awaited<ReturnType<typeof read>>[] = [];
    for (const img of [
      await sharp({ create: { width: 1, height: 1, channels: 3, background: "#000" } })
        .png()
        .toBuffer(),
      await sharp({ create: { width: 8000, height: 20, channels: 4, background: "#fff0" } })
        .png()
        .toBuffer(),
      await sharp(label).greyscale().jpeg().toBuffer(),
      await sharp(label).toColourspace("cmyk").jpeg().toBuffer(),
    ]) {
      const r = await read(img);
      expect(r.status).toBe(200);
      got.push(r);
    }
    expect(got[0]!.json.format).toBeNull();
    expect(got[1]!.json.format).toBeNull();
    // after those, the grey and the CMYK label are read as the colour one is: the workers kept working
    expect(got[2]!.json.per_serving.energy_kcal).toBe(truthOf("us-4").energy_kcal);
    expect(got[3]!.json.per_serving.energy_kcal).toBe(truthOf("us-4").energy_kcal);
  });
});
