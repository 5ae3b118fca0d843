/** POST /scanner/barcode through the real app (API.md §Scanner). */
import { afterAll, describe, expect, test } from "bun:test";
import { OffClient } from "../../src/features/imported/online";
import { mapOffProduct } from "../../src/features/imported/off";
import { ImportedRepo } from "../../src/features/imported/repo";
import { expectError, makeApp, offStandIn, registerUser, type TestApp } from "../helpers";

const t = makeApp();
const { call } = t;
const ana = await registerUser(call);
const bob = await registerUser(call);
const scan = (barcode: unknown, token = ana.access_token) =>
  call("POST", "/api/v1/scanner/barcode", { token, body: { barcode } });

// an imported product for EAN-13 5449000000996, and one for a UPC-A
for (const p of [
  { code: "5449000000996", product_name: "Imported cola", brands: "Fizz", nutriments: { "energy-kcal_100g": 42 } },
  { code: "036000291452", product_name: "Imported tissues snack", nutriments: { "energy-kj_100g": 1000 } },
]) {
  const m = mapOffProduct(p);
  if (!m.ok) throw new Error(m.reason);
  const store = await t.store();
  await store.run(new ImportedRepo(store).upsert(m.record, "off-import", new Date().toISOString())); // the app's own database
}

describe("found", () => {
  test("an imported product: barcode, food and source", async () => {
    const r = await scan("5449000000996");
    expect(r.status).toBe(200);
    expect(r.json.barcode).toEqual({
      input: "5449000000996",
      gtin: "05449000000996",
      format: "EAN-13",
      issuer: "GS1 Belgium & Luxembourg",
    });
    expect(r.json.source).toBe("imported");
    expect(r.json.food).toMatchObject({
      name: "Imported cola",
      source: "openfoodfacts",
      brand: "Fizz",
      barcode: "05449000000996",
      energy_kcal: 42,
    });
    expect(r.json.food.attribution.licence).toBe("ODbL 1.0");
    expect(r.json.food.id).toBeGreaterThanOrEqual(2_000_000_000);
  });

  test("UPC-A and its EAN-13 form are the same product; kJ-only energy becomes kcal", async () => {
    const a = await scan("036000291452");
    const b = await scan("0036000291452");
    expect(a.json.food.id).toBe(b.json.food.id);
    expect(a.json.barcode.format).toBe("UPC-A");
    expect(b.json.barcode.format).toBe("EAN-13");
    expect(a.json.food.energy_kcal).toBeCloseTo(1000 / 4.184, 1);
  });

  test("the user's own food wins over the imported product; other users still get the import", async () => {
    const own = await call("POST", "/api/v1/foods", {
      token: ana.access_token,
      body: { name: "My cola", barcode: "5449000000996", nutrients: { energy_kcal: 40 } },
    });
    const r = await scan("5449 0000 0099 6");
    expect(r.json.source).toBe("custom");
    expect(r.json.food.id).toBe(own.json.id);
    expect((await scan("5449000000996", bob.access_token)).json.source).toBe("imported");
  });

  test("an imported product can be read as a food and logged as a meal by its serving", async () => {
    const food = (await scan("5449000000996", bob.access_token)).json.food;
    expect((await call("GET", `/api/v1/foods/${food.id}`)).json.name).toBe("Imported cola");
    const meal = await call("POST", "/api/v1/meals", {
      token: bob.access_token,
      body: { food_id: food.id, quantity: 250, meal_type: "snack" },
    });
    expect(meal.status).toBe(201);
    expect(meal.json.nutrients.energy_kcal).toBe(105);
  });

  test("each format: EAN-8, UPC-E (6, 7, 8 digits), GTIN-14", async () => {
    const mk = (name: string, barcode: string) =>
      call("POST", "/api/v1/foods", {
        token: ana.access_token,
        body: { name, barcode, nutrients: { energy_kcal: 1 } },
      });
    await mk("ean8 thing", "96385074");
    await mk("upce thing", "04252614");
    await mk("case thing", "10036000291459");
    expect((await scan("96385074")).json.barcode.format).toBe("EAN-8");
    for (const code of ["04252614", "0425261", "425261"]) {
      const r = await scan(code);
      expect(r.json.barcode).toMatchObject({ gtin: "00042100005264", format: "UPC-E" });
      expect(r.json.food.name).toBe("upce thing");
    }
    expect((await scan("042100005264")).json.food.name).toBe("upce thing"); // its UPC-A
    expect((await scan("10036000291459")).json.barcode.format).toBe("GTIN-14");
  });
});

describe("not found and bad input", () => {
  test("404 barcode_not_found with the normalised gtin in details", async () => {
    const e = expectError(await scan("4006381333931"), 404, "barcode_not_found");
    expect(e.details?.[0]).toMatchObject({ field: "barcode", gtin: "04006381333931", format: "EAN-13" });
  });

  test("restricted, ISBN and ISSN codes say why they are not products", async () => {
    const r = expectError(await scan("2012345678903"), 404, "barcode_not_found");
    expect(r.details?.[0]).toMatchObject({ restriction: "restricted_circulation" });
    expect(r.message).toMatch(/restricted-circulation/);
    expect(expectError(await scan("9780306406157"), 404, "barcode_not_found").details?.[0]).toMatchObject({
      restriction: "isbn",
    });
  });

  test("another user's custom food is not found", async () => {
    await call("POST", "/api/v1/foods", {
      token: ana.access_token,
      body: { name: "Ana's only", barcode: "4006381333931", nutrients: { energy_kcal: 1 } },
    });
    expectError(await scan("4006381333931", bob.access_token), 404, "barcode_not_found");
  });

  test.each([
    ["54490000009AB", "not_digits"],
    ["", "not_digits"],
    ["12345", "bad_length"],
    ["1234567890", "bad_length"],
    ["5449000000997", "bad_check_digit"],
  ])("%p → 400 invalid_barcode (%s)", async (code, reason) => {
    const e = expectError(await scan(code), 400, "invalid_barcode");
    expect(e.details?.[0]).toMatchObject({ field: "barcode", reason });
  });

  test("a missing or non-string barcode → 400 validation_failed", async () => {
    expectError(
      await call("POST", "/api/v1/scanner/barcode", { token: ana.access_token, body: {} }),
      400,
      "validation_failed",
    );
    expectError(await scan({ digits: 1 }), 400, "validation_failed");
  });
});

describe("online lookup (a local stand-in for Open Food Facts)", () => {
  const stand = offStandIn(
    {
      "7622210449283": {
        product_name: "Online biscuits",
        brands: "Crumb",
        serving_quantity: "25",
        serving_size: "2 biscuits",
        nutriments: { "energy-kj_100g": "2000", proteins_100g: "6.5", salt_100g: 0.5 },
      },
    },
    { "4000417025005": "404", "4000417025012": "status0", "4000417025029": "slow", "4000417025036": "503" },
  );
  afterAll(() => stand.stop());

  test("off by default: a miss never calls out", async () => {
    const before = stand.requests.length;
    expectError(await scan("7622210449283"), 404, "barcode_not_found");
    expect(stand.requests.length).toBe(before);
  });

  test("found: returned with source openfoodfacts, cached, and then answered offline", async () => {
    const client = new OffClient({ baseUrl: stand.url, timeoutMs: 500 });
    const online = makeApp({ offClient: client });
    const u = await registerUser(online.call);
    const r = await online.call("POST", "/api/v1/scanner/barcode", {
      token: u.access_token,
      body: { barcode: "7622210449283" },
    });
    expect(r.status).toBe(200);
    expect(r.json.source).toBe("openfoodfacts");
    expect(r.json.food).toMatchObject({ name: "Online biscuits", brand: "Crumb", source: "openfoodfacts" });
    expect(r.json.food.energy_kcal).toBeCloseTo(2000 / 4.184, 1);
    expect(r.json.food.nutrients.sodium_mg).toBe(200);
    expect(r.json.food.portions).toEqual([{ id: r.json.food.id, name: "2 biscuits", amount: 1, grams: 25 }]);
    expect(stand.requests.at(-1)).toEqual({
      path: "/api/v2/product/7622210449283.json",
      userAgent: expect.stringMatching(/^Morsel\//),
    });
    const calls = stand.requests.length;
    const again = await online.call("POST", "/api/v1/scanner/barcode", {
      token: u.access_token,
      body: { barcode: "7622210449283" },
    });
    expect(again.json.source).toBe("imported"); // from the cache, no request
    expect(stand.requests.length).toBe(calls);
  });

  test("a product whose text holds NUL characters: found without them (PostgreSQL's text cannot hold one)", async () => {
    const nul = offStandIn({
      "4006381333931": {
        product_name: "Bis\u0000cuits",
        brands: "\u0000Crumb",
        serving_quantity: "25",
        serving_size: "2 bis\u0000cuits",
        nutriments: { "energy-kcal_100g": "480" },
      },
    });
    try {
      const online = makeApp({ offClient: new OffClient({ baseUrl: nul.url, timeoutMs: 5000 }) });
      const u = await registerUser(online.call);
      const r = await online.call("POST", "/api/v1/scanner/barcode", {
        token: u.access_token,
        body: { barcode: "4006381333931" },
      });
      expect(r.status).toBe(200);
      expect(r.json.food).toMatchObject({ name: "Biscuits", brand: "Crumb" });
      expect(r.json.food.portions[0]).toMatchObject({ name: "2 biscuits", grams: 25 });
    } finally {
      nul.stop();
    }
  });

  test("not found (404 or status 0), never answering, and 503 are all a clean 404 for the client", async () => {
    const online = makeApp({ offClient: new OffClient({ baseUrl: stand.url, timeoutMs: 300, failuresToOpen: 10 }) });
    const u = await registerUser(online.call);
    for (const code of ["4000417025005", "4000417025012", "4000417025029", "4000417025036"]) {
      // the stand-in never answers 4000417025029 while it runs: only our timeout can end that call
      expectError(
        await online.call("POST", "/api/v1/scanner/barcode", { token: u.access_token, body: { barcode: code } }),
        404,
        "barcode_not_found",
      );
    }
  });

  test("three failures in a row open the circuit: no more calls until it closes", async () => {
    let now = 0;
    const client = new OffClient({
      baseUrl: stand.url,
      timeoutMs: 300,
      failuresToOpen: 3,
      openMs: 60_000,
      now: () => now,
    });
    for (let i = 0; i < 3; i++) expect((await client.product("04000417025036")).kind).toBe("unavailable");
    expect(client.circuitOpen).toBe(true);
    const before = stand.requests.length;
    expect(await client.product("07622210449283")).toEqual({
      kind: "unavailable",
      why: "circuit open after repeated failures",
    });
    expect(stand.requests.length).toBe(before);
    now += 60_001;
    expect((await client.product("07622210449283")).kind).toBe("found");
  });

  test("the admin's setting: off by default even with a client, switched at run time; online: false asks first; the flag wins at start", async () => {
    // each start is a new server on the first one's database (a restart)
    let server: TestApp | undefined;
    const start = (atStart?: boolean) =>
      makeApp({
        ...(server ? { beside: server } : {}),
        options: {
          offClient: new OffClient({ baseUrl: stand.url, timeoutMs: 500 }),
          ...(atStart === undefined ? {} : { onlineLookupAtStart: atStart }),
        },
      });
    const t = (server = start());
    const admin = await registerUser(t.call);
    const user = await registerUser(t.call);
    const look = (body: Record<string, unknown>, token = user.access_token) =>
      t.call("POST", "/api/v1/scanner/barcode", { token, body });
    const before = stand.requests.length;
    const off = await look({ barcode: "7622210449283" });
    expectError(off, 404, "barcode_not_found");
    expect(off.json.error.details[0].online).toBe("off");
    expect(stand.requests.length).toBe(before); // nothing left the machine

    expectError(
      await t.call("PATCH", "/api/v1/admin/settings", { token: user.access_token, body: { online_lookup: true } }),
      403,
      "forbidden",
    );
    expectError(
      await t.call("PATCH", "/api/v1/admin/settings", { token: admin.access_token, body: { online_lookup: "yes" } }),
      400,
      "validation_failed",
    );
    const on = await t.call("PATCH", "/api/v1/admin/settings", {
      token: admin.access_token,
      body: { online_lookup: true },
    });
    expect(on.json).toEqual({ registration: "open", online_lookup: true, online_lookup_answered: true });

    // a client that asks the person first: this server only, and the miss says online may be asked
    const first = await look({ barcode: "7622210449283", online: false });
    expect(first.json.error.details[0].online).toBe("not_asked");
    expect(stand.requests.length).toBe(before);
    expectError(await look({ barcode: "7622210449283", online: "please" }), 400, "validation_failed");
    const found = await look({ barcode: "7622210449283", online: true });
    expect(found.json.source).toBe("openfoodfacts");
    expect((await look({ barcode: "4000417025005" })).json.error.details[0].online).toBe("asked");

    // the stored setting survives a restart without the flag; the flag, when given, wins
    expect(
      (await start().call("GET", "/api/v1/admin/settings", { token: admin.access_token })).json.online_lookup,
    ).toBe(true);
    expect(
      (await start(false).call("GET", "/api/v1/admin/settings", { token: admin.access_token })).json.online_lookup,
    ).toBe(false);
  });

  test("restricted codes never go online", async () => {
    const online = makeApp({ offClient: new OffClient({ baseUrl: stand.url }) });
    const u = await registerUser(online.call);
    const before = stand.requests.length;
    await online.call("POST", "/api/v1/scanner/barcode", { token: u.access_token, body: { barcode: "9780306406157" } });
    expect(stand.requests.length).toBe(before);
  });

  test("the default timeout is 3 s and the User-Agent names the app", () => {
    const c = new OffClient({ baseUrl: "http://127.0.0.1:9" });
    expect((c as unknown as { timeoutMs: number }).timeoutMs).toBe(3000);
    expect(c.userAgent).toMatch(/^Morsel\/\d+\.\d+\.\d+ \(/);
  });
});
