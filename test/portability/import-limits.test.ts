/**
 * Imports that cannot freeze or exhaust the server (issue 47): another tracker's upload is read as a
 * stream in a worker with the limits of API.md §Data portability (bytes actually unpacked, ZIP
 * entries, rows, columns, record length), ZIP entries that overlap are refused, a lone CR ends a
 * row, a refused JSON file (a recipe cycle) writes nothing, and import ids cannot be claimed by
 * another account.
 */
import { describe, expect, test } from "bun:test";
import { zipSync } from "fflate";
import { MAX_COLUMNS, MAX_ROWS, MAX_UNZIPPED, MAX_ZIP_ENTRIES } from "../../src/features/portability/trackers/files";
import { startServer } from "../../src/http/server";
import { aliasedZip } from "../fixtures/zips";
import { expectError, makeApp, registerUser, until } from "../helpers";

const HEADER = "Day,Time,Group,Food Name,Amount,Energy (kcal),Protein (g)";
const row = (day: string, name: string, kcal: number) => `${day},08:00 AM,Breakfast,${name},1.00 serving,${kcal},1`;

async function account() {
  const t = makeApp();
  t.clock.set("2026-11-24T12:00:00Z");
  const u = await registerUser(t.call, { timezone: "UTC" });
  const upload = (query: string, body: Uint8Array | string, type = "text/csv", token = u.access_token) =>
    t.call("POST", `/api/v1/import?${query}`, { token, raw: body, headers: { "content-type": type } });
  const multipart = async (query: string, files: Record<string, Uint8Array>) => {
    const form = new FormData();
    for (const [name, bytes] of Object.entries(files)) form.append("file", new Blob([bytes]), name);
    const req = new Request("http://localhost/", { method: "POST", body: form });
    const type = req.headers.get("content-type")!;
    return upload(query, new Uint8Array(await req.arrayBuffer()), type);
  };
  const meals = async () => (await t.call("GET", "/api/v1/export?format=json", { token: u.access_token })).json.meals;
  return { t, u, upload, multipart, meals };
}

describe("tracker uploads are read with limits, as a stream", () => {
  test("a ZIP whose directory aliases one entry many times is refused, nothing written", async () => {
    const a = await account();
    const r = await a.upload(
      "format=cronometer",
      aliasedZip("a.csv", `${HEADER}\n${row("2026-09-14", "Toast", 80)}\n`, 200),
      "application/zip",
    );
    expectError(r, 400, "validation_failed");
    expect(r.json.error.details[0].message).toContain("entries overlap");
    expect(await a.meals()).toEqual([]);
  });

  test("what is unpacked counts across every file of the request, in bytes produced", async () => {
    const a = await account();
    // two ZIPs of long (but valid) rows, each under the limit, together over it
    const long = "x".repeat(40_000);
    const rows = Math.ceil(MAX_UNZIPPED / 2 / 40_000) + 10;
    const csv = new TextEncoder().encode(
      `${HEADER}\n${Array.from({ length: rows }, (_, i) => row("2026-09-14", `${long}${i}`, 80)).join("\n")}\n`,
    );
    expect(csv.length).toBeLessThan(MAX_UNZIPPED);
    const zip = zipSync({ "servings.csv": csv });
    const r = await a.multipart("format=cronometer", { "one.zip": zip, "two.zip": zip });
    expectError(r, 413, "payload_too_large");
    expect(r.json.error.message).toContain(`${MAX_UNZIPPED >> 20} MiB`);
    expect(await a.meals()).toEqual([]);
  }, 60_000);

  test("more ZIP entries, rows or columns than the limits: 413, or the file named with the limit", async () => {
    const a = await account();
    const entries: Record<string, Uint8Array> = {};
    for (let i = 0; i <= MAX_ZIP_ENTRIES; i++) entries[`f${i}.txt`] = new Uint8Array([65]);
    const many = await a.upload("format=cronometer", zipSync(entries), "application/zip");
    expectError(many, 413, "payload_too_large");
    expect(many.json.error.message).toContain(`${MAX_ZIP_ENTRIES} entries`);

    const rows = Array.from({ length: MAX_ROWS }, (_, i) => row("2026-09-14", `Food ${i % 50}`, 80));
    const tall = await a.upload("format=cronometer", `${HEADER}\n${rows.join("\n")}\n`);
    expectError(tall, 413, "payload_too_large");
    expect(tall.json.error.message).toContain(`${MAX_ROWS} CSV rows`);

    const wide = await a.upload(
      "format=cronometer",
      `${HEADER}${",x".repeat(5000)}\n${row("2026-09-14", "Toast", 80)}\n`,
    );
    expectError(wide, 400, "validation_failed");
    expect(wide.json.error.details[0].field).toBe("upload:1");
    expect(wide.json.error.details[0].message).toContain(`at most ${MAX_COLUMNS}`);

    const unclosed = `${HEADER}\n${row("2026-09-14", '"Oats', 80)}\n${"2026-09-15,08:00 AM,Lunch,Rice,1 cup,200,1\n".repeat(5000)}`;
    const quote = await a.upload("format=cronometer", unclosed);
    expectError(quote, 400, "validation_failed");
    expect(quote.json.error.details[0].message).toContain("longer than 64 KiB (an unclosed quote?)");
    expect(await a.meals()).toEqual([]);
  }, 60_000);

  test("a lone CR ends a row; a file that breaks half-way counts none of its rows", async () => {
    const a = await account();
    const text = `${HEADER}\r\n${row("2026-09-14", "Toast", 80)}\r${row("2026-09-14", "Jam", 50)}\r\n`;
    const r = await a.upload("format=cronometer", text);
    expect(r.status).toBe(200);
    expect(r.json.meals.added).toBe(2);
    expect((await a.meals()).length).toBe(2);

    const b = await account();
    const broken = await b.multipart("format=cronometer", {
      "servings.csv": new TextEncoder().encode(`${HEADER}\n${row("2026-09-14", "Toast", 80)}\n2026-09-15,"x\n`),
    });
    expectError(broken, 400, "validation_failed");
    expect(await b.meals()).toEqual([]);
  });
});

describe("writes are atomic and ids are the account's own", () => {
  test("a JSON import with a recipe cycle is refused before anything is written", async () => {
    const a = await account();
    const base = (await a.t.call("GET", "/api/v1/export?format=json", { token: a.u.access_token })).json;
    const foods = Array.from({ length: 50 }, (_, i) => ({
      id: 1_000_000 + i,
      name: `Food ${i}`,
      brand: null,
      barcode: null,
      nutrients: { energy_kcal: 100 },
      portions: [],
      deleted: false,
    }));
    const ingredient = (id: number) => ({
      food_id: id,
      food_name: `Recipe ${id}`,
      quantity: 100,
      portion: null,
      grams: 100,
      per_100g: { energy_kcal: 100 },
    });
    const recipe = (id: number, contains: number) => ({
      id,
      name: `Recipe ${id}`,
      brand: null,
      servings: 1,
      cooked_grams: null,
      ingredients: [ingredient(contains)],
      portions: [],
    });
    const { checksum: _, ...doc } = {
      ...base,
      custom_foods: foods,
      recipes: [recipe(2_000_000, 1_000_000), recipe(1_500_001, 1_500_002), recipe(1_500_002, 1_500_001)],
    };
    const r = await a.t.call("POST", "/api/v1/import", { token: a.u.access_token, body: doc });
    expectError(r, 400, "validation_failed");
    expect(r.json.error.details.map((d: { field: string }) => d.field)).toContain("recipes");
    const after = (await a.t.call("GET", "/api/v1/export?format=json", { token: a.u.access_token })).json;
    expect(after.custom_foods).toEqual([]);
    expect(after.recipes).toEqual([]);
  });

  test("another account that takes the id a plain hash of the entry would give cannot make the import fail", async () => {
    const a = await account();
    const thief = await registerUser(a.t.call);
    const line = row("2026-09-14", "Toast", 80);
    // the id issue 47 found predictable: sha256 of the account, format and entry, as a UUID
    const key = `morsel-import|${a.u.user.id}|cronometer|2026-09-14|breakfast|Toast|1.00 serving|80|1`;
    const h = new Bun.CryptoHasher("sha256").update(key).digest("hex");
    const variant = ((Number.parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
    const guessed = `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
    const claim = await a.t.call("POST", "/api/v1/sync/push", {
      token: thief.access_token,
      body: {
        mutations: [
          {
            mutation_id: crypto.randomUUID(),
            entity: "meal",
            op: "upsert",
            id: guessed,
            base_version: null,
            data: { meal_type: "breakfast", quick_add: { energy_kcal: 1 }, eaten_at: "2026-09-14T08:00:00Z" },
          },
        ],
      },
    });
    expect(claim.json.results[0].status).toBe("applied");
    const r = await a.upload("format=cronometer", `${HEADER}\n${line}\n`);
    expect(r.status).toBe(200);
    expect(r.json.meals.added).toBe(1);
    const again = await a.upload("format=cronometer", `${HEADER}\n${line}\n`);
    expect(again.json.meals).toEqual({ added: 0, unchanged: 1 });
  });

  test("20,000 weigh-ins in a JSON import are written in many transactions, others answered between them", async () => {
    const a = await account();
    const base = (await a.t.call("GET", "/api/v1/export?format=json", { token: a.u.access_token })).json;
    const day0 = Date.UTC(1970, 0, 1);
    const weights = Array.from({ length: 20_000 }, (_, i) => ({
      date: new Date(day0 + i * 86_400_000).toISOString().slice(0, 10),
      kg: 70 + (i % 10) / 10,
      note: null,
    }));
    const { checksum: _, ...doc } = { ...base, weights };
    const count = async () =>
      (await a.t.sql<{ n: number }>("SELECT CAST(count(*) AS integer) AS n FROM weights"))[0]!.n;
    const seen = new Set<number>();
    const running = a.t.call("POST", "/api/v1/import", { token: a.u.access_token, body: doc });
    let done = false;
    void running.then(() => {
      done = true;
    });
    await until(async () => {
      seen.add(await count());
      return done;
    });
    const r = await running;
    expect(r.status).toBe(200);
    expect(r.json.weights).toEqual({ added: 20_000, unchanged: 0 });
    expect([...seen].filter((n) => n > 0 && n < 20_000).length).toBeGreaterThan(3);
  }, 120_000);
});

test("a client that hangs up stops its import, and its slot is free again before the import would have ended", async () => {
  const a = await account();
  const server = startServer(await a.t.started(), { port: 0, hostname: "127.0.0.1" });
  try {
    const base = (await a.t.call("GET", "/api/v1/export?format=json", { token: a.u.access_token })).json;
    const total = 20_000;
    const foods = Array.from({ length: total }, (_, i) => ({
      id: 1_000_000 + i,
      name: `Food ${i}`,
      brand: null,
      barcode: null,
      nutrients: { energy_kcal: i % 900 },
      portions: [],
      deleted: false,
    }));
    const { checksum: _, ...doc } = { ...base, custom_foods: foods };
    const count = async () =>
      (await a.t.sql<{ n: number }>("SELECT CAST(count(*) AS integer) AS n FROM custom_foods"))[0]!.n;
    const hangUp = new AbortController();
    const url = `http://127.0.0.1:${server.port}/api/v1/import`;
    const headers = { authorization: `Bearer ${a.u.access_token}`, "content-type": "application/json" };
    const first = fetch(url, { method: "POST", headers, body: JSON.stringify(doc), signal: hangUp.signal }).catch(
      (e: Error) => e.name,
    );
    await until(async () => (await count()) > 0); // it is writing
    hangUp.abort();
    expect(await first).toBe("AbortError");
    // the account's one slot: held until the import ends, which is now, not after 20,000 foods
    const small = JSON.stringify({ ...doc, custom_foods: [] });
    let status = 429;
    await until(async () => {
      status = (await fetch(url, { method: "POST", headers, body: small })).status;
      return status !== 429;
    });
    expect(status).toBe(200);
    expect(await count()).toBeLessThan(total);
  } finally {
    server.stop(true);
  }
}, 120_000);
