/**
 * The hot reads keep caches (sessions, each user's latest version, day pages, rankings, personal
 * search pages, catalogue summaries) and send prebuilt Responses. This suite checks that what they
 * send is byte for byte what a second server on the same database sends with every answer built
 * fresh and checked against the contract (validateResponses), before and after writes — and that a
 * write by another connection (another process, in production) reaches the first: at once on
 * SQLite, by the commit's notification on PostgreSQL.
 */
import { expect, test } from "bun:test";
import { pathOf } from "../../src/http/http-policy";
import { makeApp, registerUser, TEST_BACKEND, until, type TestApp } from "../helpers";

/** The next turn of the event loop: what a request arriving over the network always starts in. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

const SAME_HEADERS = ["content-type", "cache-control", "x-content-type-options", "location"];

/**
 * A second server on `fast`'s database. `compare` makes one anew for each round, so nothing it
 * answers comes from a cache filled earlier: every answer built fresh and checked against the contract.
 */
function reference(fast: TestApp) {
  const other = makeApp({ beside: fast, options: { validateResponses: true } });
  return async (method: string, path: string, token?: string) => {
    await nextTurn();
    const r = await other.call(method, path, token ? { token } : {});
    return { status: r.status, text: r.text, headers: r.headers };
  };
}

test("cached reads send exactly what a fresh, contract-checked server sends, before and after writes", async () => {
  const fast = makeApp({ options: { validateResponses: false } });
  const ana = await registerUser(fast.call, { timezone: "Europe/Berlin" });
  const token = ana.access_token;
  const own = await fast.call("POST", "/api/v1/foods", {
    token,
    body: { name: "Apple crumble bar", nutrients: { energy_kcal: 410, protein_g: 4 } },
  });
  expect(own.status).toBe(201);
  const log = async (food_id: number, date: string) =>
    expect(
      (await fast.call("POST", "/api/v1/meals", { token, body: { food_id, quantity: 150, meal_type: "snack", date } }))
        .status,
    ).toBe(201);
  await log(9003, "2026-11-20");
  await log(own.json.id, "2026-11-21");

  const reads: [string, boolean][] = [
    ["/api/v1/meals/daily?date=2026-11-21", true],
    ["/api/v1/meals/daily", true],
    ["/api/v1/foods/search?q=apple", true],
    ["/api/v1/foods/search?q=apple&limit=5&offset=3", true],
    ["/api/v1/foods/search?q=Apple", false],
    ["/api/v1/foods/search?q=apple", false],
    ["/api/v1/foods/recent", true],
    ["/api/v1/stats/daily?date=2026-11-21", true],
  ];
  const compare = async () => {
    const fresh = reference(fast);
    for (const [path, signedIn] of reads) {
      const first = await fast.call("GET", path, signedIn ? { token } : {});
      const again = await fast.call("GET", path, signedIn ? { token } : {});
      const want = await fresh("GET", path, signedIn ? token : undefined);
      expect({ path, status: first.status }).toEqual({ path, status: 200 });
      expect({ path, text: first.text }).toEqual({ path, text: want.text });
      expect({ path, text: again.text }).toEqual({ path, text: want.text });
      // (a contract-checked server's JSON goes out through Response.json: "application/json;charset=utf-8")
      const header = (hs: Headers, h: string) => (h === "content-type" ? hs.get(h)?.replace("; ", ";") : hs.get(h));
      for (const h of SAME_HEADERS)
        expect({ path, h, v: header(again.headers, h) }).toEqual({ path, h, v: header(want.headers, h) });
    }
  };
  await compare();
  const before = (await fast.call("GET", "/api/v1/foods/search?q=apple", { token })).json.items.map(
    (f: { id: number }) => f.id,
  );
  // the same query, echoed as sent: "Apple" and "apple" are different pages
  expect((await fast.call("GET", "/api/v1/foods/search?q=Apple")).json.query).toBe("Apple");
  expect((await fast.call("GET", "/api/v1/foods/search?q=apple")).json.query).toBe("apple");

  // a write moves the day, the history boosts and the custom foods
  await log(9040, "2026-11-21");
  await log(9040, "2026-11-21");
  await log(9040, "2026-11-20");
  expect(
    (await fast.call("PATCH", `/api/v1/foods/${own.json.id}`, { token, body: { name: "Banana crumble bar" } })).status,
  ).toBe(200);
  await compare();
  expect((await fast.call("GET", "/api/v1/meals/daily?date=2026-11-21", { token })).json.meals).toHaveLength(3);
  const after = (await fast.call("GET", "/api/v1/foods/search?q=apple", { token })).json.items.map(
    (f: { id: number }) => f.id,
  );
  expect(after).not.toEqual(before);
  expect(after).not.toContain(own.json.id);

  // the time zone changes what "today" is
  expect((await fast.call("PATCH", "/api/v1/me", { token, body: { timezone: "Pacific/Kiritimati" } })).status).toBe(
    200,
  );
  await compare();
});

test("a session ended through another connection ends on this server at its next request", async () => {
  const fast = makeApp({ options: { validateResponses: false } });
  const other = reference(fast);
  const ana = await registerUser(fast.call);
  expect((await fast.call("GET", "/api/v1/meals/daily", { token: ana.access_token })).status).toBe(200);
  expect((await fast.call("GET", "/api/v1/meals/daily", { token: ana.access_token })).status).toBe(200); // cached now
  // the session ends through the other server's connection: a shell's `morsel user disable`, another process
  const elsewhere = makeApp({ beside: fast });
  await elsewhere.sql("UPDATE sessions SET revoked_at = '2026-11-22T12:00:00.000Z', revoked_reason = 'logout'");
  const daily = () => fast.call("GET", "/api/v1/meals/daily", { token: ana.access_token });
  if (TEST_BACKEND === "sqlite") {
    // SQLite: the next request sees the other connection's commit (data_version)
    await nextTurn();
    expect((await daily()).status).toBe(401);
  } else {
    // PostgreSQL: as soon as the commit's notification arrives (milliseconds on one server)
    await until(async () => (await daily()).status === 401);
  }
  expect((await daily()).json.error.code).toBe("invalid_token");
  expect((await other("GET", "/api/v1/meals/daily", ana.access_token)).status).toBe(401);
});

test("pathOf reads the path as new URL().pathname does for the URLs a server is handed", () => {
  const urls = [
    "http://127.0.0.1:3000/api/v1/meals/daily?date=2026-11-22",
    "http://localhost/api/v1/foods/search?q=a%20b#frag",
    "http://[::1]:8080/healthz",
    "http://host/",
    "http://host",
    "http://host/api/v1/caf%C3%A9?x=/y",
    "http://host//api//v1",
    "https://user@host:1/a/b?c=d?e",
  ];
  for (const u of urls) expect({ u, path: pathOf(u) }).toEqual({ u, path: new URL(u).pathname });
});
