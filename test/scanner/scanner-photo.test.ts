/** POST /scanner/photo: the upload pipeline and barcodes in photos (API.md §Scanner). */
import { describe, expect, test } from "bun:test";
import sharp from "sharp";
import { barcodePhoto, fakeJpeg, multipart, pixelBombPng, plainPhoto } from "../fixtures/images";
import { expectError, makeApp, registerUser } from "../helpers";

const t = makeApp();
const { call, clock } = t;
const ana = await registerUser(call);
const bob = await registerUser(call);

async function upload(bytes: Uint8Array, token = ana.access_token, field = "image") {
  const { body, contentType } = multipart(bytes, field);
  return call("POST", "/api/v1/scanner/photo", { token, raw: body, headers: { "content-type": contentType } });
}

describe("barcodes in photos", () => {
  test("a custom food's package, photographed, comes back as that food", async () => {
    const food = (
      await call("POST", "/api/v1/foods", {
        token: ana.access_token,
        body: { name: "Grandma's granola", barcode: "5901234123457", nutrients: { energy_kcal: 450 } },
      })
    ).json;
    const photo = await barcodePhoto("590123412345", { angle: 6, noise: 12, quality: 70 });
    const sent = performance.now();
    const r = await upload(photo);
    const roundTrip = performance.now() - sent;
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      photo_id: expect.any(String),
      barcode: { gtin: "05901234123457", format: "EAN-13", issuer: "GS1 Poland" },
      food: { id: food.id, name: "Grandma's granola", source: "custom" },
      candidates: [], // a photo with a barcode is about that product: no guesses, the model is not waited for
      model: { name: "coco-ssd" },
    });
    // the server's own time for this photo: inside the request as the client timed it (no bound on the machine's
    // speed), and at least a millisecond, since decoding a photo and reading its barcode is never quicker
    expect(r.json.elapsed_ms).toBeGreaterThanOrEqual(1);
    expect(r.json.elapsed_ms).toBeLessThanOrEqual(Math.ceil(roundTrip));
    // Bob photographing the same package does not see Ana's food
    const b = await upload(photo, bob.access_token);
    expect(b.json.barcode.gtin).toBe("05901234123457");
    expect(b.json.food).toBeNull();
    expect(b.json.candidates).toEqual([]); // an unknown product too: the client offers "create this food"
  });

  test("a small code in a 12-megapixel scene is found", async () => {
    const photo = await barcodePhoto("400638133393", { width: 4000, height: 3000, scale: 2, angle: -4, quality: 80 });
    const r = await upload(photo);
    expect(r.status).toBe(200);
    expect(r.json.barcode?.gtin).toBe("04006381333931");
  });

  test("out-of-focus and steeply tilted codes are found (sharpened and ±45° attempts)", async () => {
    expect((await upload(await barcodePhoto("590123412345", { angle: 5, blur: 1.2 }))).json.barcode?.gtin).toBe(
      "05901234123457",
    );
    expect((await upload(await barcodePhoto("590123412345", { angle: 40 }))).json.barcode?.gtin).toBe("05901234123457");
  });

  test("PNG and WebP uploads, and EXIF orientation, are handled", async () => {
    expect((await upload(await barcodePhoto("590123412345", { format: "png" }))).json.barcode?.gtin).toBe(
      "05901234123457",
    );
    expect((await upload(await barcodePhoto("590123412345", { format: "webp" }))).json.barcode?.gtin).toBe(
      "05901234123457",
    );
    // pixels stored sideways with EXIF orientation 6 ("rotate 90° to view")
    const upright = await barcodePhoto("590123412345", { format: "png" });
    const sideways = await sharp(upright).rotate(-90).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    expect((await upload(sideways)).json.barcode?.gtin).toBe("05901234123457");
  });

  test("a photo without a barcode: no barcode, no food, no confident guess", async () => {
    const r = await upload(await plainPhoto());
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ barcode: null, food: null, model: { name: "coco-ssd" } });
    expect(r.json.candidates.filter((c: { confident: boolean }) => c.confident)).toEqual([]);
  });

  test("tiny, grey and odd-shaped images do not break the pipeline", async () => {
    for (const img of [
      await sharp({ create: { width: 1, height: 1, channels: 3, background: "#000" } })
        .png()
        .toBuffer(),
      await sharp({ create: { width: 300, height: 200, channels: 3, background: "#888" } })
        .grayscale()
        .jpeg()
        .toBuffer(),
      await sharp({ create: { width: 4000, height: 20, channels: 3, background: "#fff" } })
        .png()
        .toBuffer(),
    ]) {
      const r = await upload(img);
      expect(r.status).toBe(200);
      expect(r.json.barcode).toBeNull();
    }
  });
});

describe("upload rules", () => {
  test("no image part → 400 validation_failed", async () => {
    const e = expectError(await upload(await plainPhoto(), ana.access_token, "picture"), 400, "validation_failed");
    expect(e.details?.[0]?.field).toBe("image");
  });

  test("a text file → 415; JSON instead of multipart → 415", async () => {
    expectError(await upload(Buffer.from("just some text, not a picture\n")), 415, "unsupported_media_type");
    expectError(
      await call("POST", "/api/v1/scanner/photo", { token: ana.access_token, body: { image: "aGVsbG8=" } }),
      415,
      "unsupported_media_type",
    );
  });

  test("random bytes behind a JPEG header → 422 invalid_image", async () => {
    expectError(await upload(fakeJpeg()), 422, "invalid_image");
  });

  test("an 11 MB body → 413", async () => {
    const big = Buffer.alloc(11 * 1024 * 1024, 1);
    big[0] = 0xff;
    big[1] = 0xd8;
    big[2] = 0xff;
    expectError(await upload(big), 413, "payload_too_large");
  });

  test("a 30000×30000 PNG of a few hundred KB → 422 from its header, and memory stays flat", async () => {
    const bomb = pixelBombPng();
    expect(bomb.length).toBeLessThan(1_000_000);
    Bun.gc(true);
    const rssBefore = process.memoryUsage().rss;
    const e = expectError(await upload(bomb), 422, "invalid_image");
    Bun.gc(true);
    const grewMb = (process.memoryUsage().rss - rssBefore) / 1024 / 1024;
    expect(e.message).toContain("30000×30000");
    expect(grewMb).toBeLessThan(100); // decoding it would take 2.7 GB
  });
});

describe("photo_id in POST /meals", () => {
  test("the caller's photo within 24 hours confirms a meal; another user's or an expired one is refused alike", async () => {
    const photo = (await upload(await plainPhoto())).json.photo_id as string;
    const meal = (extra: object, token = ana.access_token) =>
      call("POST", "/api/v1/meals", {
        token,
        body: { food_id: 9040, quantity: 100, meal_type: "snack", photo_id: photo, ...extra },
      });
    expect((await meal({})).status).toBe(201);
    const other = expectError(await meal({}, bob.access_token), 400, "validation_failed");
    expect(other.details?.[0]?.field).toBe("photo_id");
    clock.advance(24 * 3600 * 1000 + 1000);
    const fresh = (await call("POST", "/api/v1/login", { body: { email: ana.email, password: ana.password } })).json
      .access_token;
    const expired = expectError(await meal({}, fresh), 400, "validation_failed");
    expect(expired.message).toBe(other.message);
  });
});
