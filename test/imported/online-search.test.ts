/**
 * GET /foods/online: Open Food Facts' text search through this server, against a local stand-in.
 * Only the words leave; only while the admin allows it; timeouts and failures are a clear 503; a
 * picked product is kept through POST /scanner/barcode and is then found offline by name and brand.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { OffClient } from "../../src/features/imported/online";
import { expectError, makeApp, registerUser } from "../helpers";
import { offSearchStandIn } from "./off-stand";

const stand = offSearchStandIn(
  [
    {
      code: "5000168001142",
      product_name: "Digestive biscuits",
      brands: "McVitie's",
      serving_quantity: "14.7",
      serving_size: "1 biscuit",
      nutriments: { "energy-kcal_100g": 478, proteins_100g: 7.1, fat_100g: 20.3, carbohydrates_100g: 62.7 },
    },
    {
      code: "5000168208411",
      product_name: "Chocolate digestive biscuits",
      brands: "McVitie's",
      nutriments: { "energy-kj_100g": "2067" },
    },
    // no energy: cannot be logged, so not offered
    { code: "5000168001159", product_name: "Digestive biscuits, light", brands: "McVitie's", nutriments: {} },
  ],
  { "slow biscuits": "slow", "busy biscuits": "503", "odd biscuits": "garbage" },
);
afterAll(() => stand.stop());

/** A server with a client for the stand-in, its first account the admin; `allow` answers the admin's question. */
async function server(allow: boolean | null, client = new OffClient({ baseUrl: stand.url, timeoutMs: 300 })) {
  const t = makeApp({ options: { offClient: client } });
  const admin = await registerUser(t.call);
  const user = await registerUser(t.call);
  if (allow !== null)
    await t.call("PATCH", "/api/v1/admin/settings", { token: admin.access_token, body: { online_lookup: allow } });
  const get = (path: string, token: string | null = user.access_token) =>
    t.call("GET", `/api/v1${path}`, token ? { token } : {});
  return { t, admin, user, get };
}

describe("GET /foods/online", () => {
  test("sends the words alone, answers products with their brand; a pick is kept and then found offline", async () => {
    const { t, user, get } = await server(true);
    const before = stand.requests.length;
    const r = await get("/foods/online?q=%20digestive%20%20biscuits%20&limit=5");
    expect(r.status).toBe(200);
    expect(r.json.items).toEqual([
      {
        barcode: "05000168001142",
        name: "Digestive biscuits",
        brand: "McVitie's",
        energy_kcal: 478,
        protein_g: 7.1,
        fat_g: 20.3,
        carbohydrate_g: 62.7,
        serving: { name: "1 biscuit", grams: 14.7 },
      },
      {
        barcode: "05000168208411",
        name: "Chocolate digestive biscuits",
        brand: "McVitie's",
        energy_kcal: expect.closeTo(2067 / 4.184, 2),
        protein_g: null,
        fat_g: null,
        carbohydrate_g: null,
        serving: null,
      },
    ]);
    expect(r.json.attribution).toMatch(/Open Food Facts.*ODbL/);
    // one request, with the words and nothing about the person: no token, no email, no address of theirs
    expect(stand.requests.length).toBe(before + 1);
    const sent = stand.requests.at(-1)!;
    expect(sent.path).toBe("/cgi/search.pl");
    expect(sent.query).toMatchObject({ search_terms: "digestive biscuits", json: "1", page_size: "5" });
    expect(sent.headers.authorization).toBeUndefined();
    expect(sent.headers["user-agent"]).toMatch(/^Morsel\//);
    expect(JSON.stringify(sent)).not.toContain(user.user.email);

    // nothing was kept by the search itself
    const local = async () =>
      (await get("/foods/search?q=mcvitie%27s%20digestive&limit=5")).json.items.filter(
        (i: { source: string }) => i.source === "openfoodfacts",
      );
    expect(await local()).toEqual([]);
    // the pick: kept as a barcode hit is
    const picked = await t.call("POST", "/api/v1/scanner/barcode", {
      token: user.access_token,
      body: { barcode: r.json.items[0].barcode, online: true },
    });
    expect(picked.status).toBe(200);
    expect(picked.json.food).toMatchObject({ name: "Digestive biscuits", brand: "McVitie's", source: "openfoodfacts" });
    const kept = await local();
    expect(kept.map((i: { name: string; brand: string }) => [i.name, i.brand])).toEqual([
      ["Digestive biscuits", "McVitie's"],
    ]);
  });

  test("bad input → 400 validation_failed, before anything is sent", async () => {
    const { get } = await server(true);
    const before = stand.requests.length;
    for (const q of [
      "",
      "q=",
      "q=%20%20",
      `q=${"a".repeat(101)}`,
      "q=oats&limit=0",
      "q=oats&limit=21",
      "q=oats&limit=x",
    ])
      expectError(await get(`/foods/online?${q}`), 400, "validation_failed");
    expect(stand.requests.length).toBe(before);
  });

  test("look-ups off (never answered, or Not now) → 403 forbidden, and nothing leaves", async () => {
    for (const answer of [null, false]) {
      const { get } = await server(answer);
      const before = stand.requests.length;
      const e = expectError(await get("/foods/online?q=digestive"), 403, "forbidden");
      expect(e.message).toMatch(/off on this server; an admin can allow them/);
      expect((await get("/foods/online/allowed")).json).toEqual({ allowed: false });
      expect(stand.requests.length).toBe(before);
    }
    // allowed, but this server has no client (none configured): off as well
    const t = makeApp();
    const admin = await registerUser(t.call);
    await t.call("PATCH", "/api/v1/admin/settings", { token: admin.access_token, body: { online_lookup: true } });
    expectError(await t.call("GET", "/api/v1/foods/online?q=oats", { token: admin.access_token }), 403, "forbidden");
  });

  test("no token → 401", async () => {
    const { get } = await server(true);
    expectError(await get("/foods/online?q=digestive", null), 401, "missing_token");
    expectError(await get("/foods/online/allowed", null), 401, "missing_token");
    expect((await get("/foods/online/allowed")).json).toEqual({ allowed: true });
  });

  test("a timeout, a 503 and an answer that is not products → 503 not_ready saying why", async () => {
    const { get } = await server(true, new OffClient({ baseUrl: stand.url, timeoutMs: 300, failuresToOpen: 10 }));
    const slow = expectError(await get("/foods/online?q=slow%20biscuits"), 503, "not_ready");
    expect(slow.message).toMatch(/did not answer within 0.3 s/);
    expect(slow.details?.[0]).toMatchObject({ field: "q", reason: "timeout" });
    const busy = expectError(await get("/foods/online?q=busy%20biscuits"), 503, "not_ready");
    expect(busy.details?.[0]).toMatchObject({ reason: "down", message: "it answered HTTP 503" });
    expectError(await get("/foods/online?q=odd%20biscuits"), 503, "not_ready");
    // still usable once it answers again
    expect((await get("/foods/online?q=digestive")).status).toBe(200);
  });

  test("three failures in a row: no more requests for a while (503, circuit_open)", async () => {
    const { get } = await server(true, new OffClient({ baseUrl: stand.url, timeoutMs: 300, failuresToOpen: 3 }));
    for (let i = 0; i < 3; i++) expectError(await get("/foods/online?q=busy%20biscuits"), 503, "not_ready");
    const before = stand.requests.length;
    const e = expectError(await get("/foods/online?q=digestive"), 503, "not_ready");
    expect(e.details?.[0]).toMatchObject({ reason: "circuit_open" });
    expect(stand.requests.length).toBe(before);
  });

  test("past this server's pace (Open Food Facts asks for at most 10 a minute) → 429 with Retry-After", async () => {
    let now = 1_000_000;
    const client = new OffClient({ baseUrl: stand.url, timeoutMs: 300, searchesPerMinute: 2, now: () => now });
    const { get } = await server(true, client);
    expect((await get("/foods/online?q=digestive")).status).toBe(200);
    now += 20_000;
    expect((await get("/foods/online?q=digestive")).status).toBe(200);
    const before = stand.requests.length;
    const r = await get("/foods/online?q=digestive");
    expectError(r, 429, "rate_limited");
    expect(r.headers.get("retry-after")).toBe("40");
    expect(stand.requests.length).toBe(before);
    now += 40_001;
    expect((await get("/foods/online?q=digestive")).status).toBe(200);
  });
});

describe("the first admin's question (online_lookup_answered)", () => {
  test("unanswered until an admin sets online_lookup (either way) or a start gives --online-lookup", async () => {
    const t = makeApp();
    const admin = await registerUser(t.call);
    const settings = async () => (await t.call("GET", "/api/v1/admin/settings", { token: admin.access_token })).json;
    expect(await settings()).toMatchObject({ online_lookup: false, online_lookup_answered: false });
    // another setting is not an answer
    await t.call("PATCH", "/api/v1/admin/settings", { token: admin.access_token, body: { registration: "invite" } });
    expect((await settings()).online_lookup_answered).toBe(false);
    // Not now: still off, and answered
    const r = await t.call("PATCH", "/api/v1/admin/settings", {
      token: admin.access_token,
      body: { online_lookup: false },
    });
    expect(r.json).toMatchObject({ online_lookup: false, online_lookup_answered: true });
    // a server started with the flag has its answer from the operator
    const flagged = makeApp({ options: { onlineLookupAtStart: false } });
    const other = await registerUser(flagged.call);
    expect(
      (await flagged.call("GET", "/api/v1/admin/settings", { token: other.access_token })).json.online_lookup_answered,
    ).toBe(true);
  });
});
