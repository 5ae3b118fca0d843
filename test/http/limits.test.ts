/**
 * Rate limits an adversarial review got around: signed-in search had no budget (open registration
 * gives anyone a token; 8 expensive queries in flight held the server), open registration had no
 * per-address limit (60 parallel registrations made 60 accounts), 64 addresses of one IPv6 /64 got 64
 * budgets, and the login throttle dropped its oldest key past 100,000, so an attacker with many
 * addresses could reset a victim's per-email count.
 */
import { describe, expect, test } from "bun:test";
import { LoginThrottle } from "../../src/features/auth/throttle";
import { rateKey } from "../../src/http/client-address";
import { ANONYMOUS_SEARCH_BUDGET, SIGNED_IN_SEARCH_BUDGET } from "../../src/lib/cost-budget";
import { expectError, makeApp, registerUser } from "../helpers";
import { startServer } from "../../src/http/server";

const EXPENSIVE = "chicken beef pork milk cheese bread rice egg apple fish oil";

describe("rateKey", () => {
  test("IPv4 as it is; IPv6 by its /64, however it is written", () => {
    expect(rateKey("203.0.113.7")).toBe("203.0.113.7");
    const same = ["2001:db8:1:2::1", "2001:0db8:0001:0002:ffff:ffff:ffff:ffff", "2001:DB8:1:2:0:0:0:9"];
    expect(new Set(same.map(rateKey))).toEqual(new Set(["2001:db8:1:2::/64"]));
    expect(rateKey("2001:db8:1:3::1")).not.toBe(rateKey("2001:db8:1:2::1"));
    expect(rateKey("::1")).toBe("0:0:0:0::/64");
  });
});

describe("search budgets", () => {
  test("a signed-in user spending expensive searches back to back gets 429 with Retry-After; another user is unaffected", async () => {
    // a smaller budget of the same kind, so the test runs dry in a few requests (the default is half a core)
    expect(SIGNED_IN_SEARCH_BUDGET.refillMsPerS).toBeLessThan(1000);
    const t = makeApp({ options: { signedInSearchBudget: { burstMs: 200, refillMsPerS: 20, floorMs: 1 } } });
    const a = await registerUser(t.call);
    const b = await registerUser(t.call);
    let limited: Awaited<ReturnType<typeof t.call>> | undefined;
    for (let i = 0; i < 5000 && !limited; i++) {
      // a new word each time: never a cached answer
      const r = await t.call("GET", `/api/v1/foods/search?q=${encodeURIComponent(`${EXPENSIVE} x${i}`)}`, {
        token: a.access_token,
      });
      if (r.status === 429) limited = r;
      else expect(r.status).toBe(200);
    }
    expect(limited).toBeDefined();
    expectError(limited!, 429, "rate_limited");
    expect(Number(limited!.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(
      (await t.call("GET", `/api/v1/foods/search?q=${encodeURIComponent(EXPENSIVE)}`, { token: b.access_token }))
        .status,
    ).toBe(200);
  }, 60_000);

  test("behind a trusted proxy, the addresses of one IPv6 /64 share one anonymous budget", async () => {
    const t = makeApp({ options: { searchBudget: ANONYMOUS_SEARCH_BUDGET, trustProxy: ["127.0.0.1/32"] } });
    const server = startServer(await t.started(), { port: 0, hostname: "127.0.0.1" });
    try {
      let limited = 0;
      for (let i = 0; i < 4000 && !limited; i++) {
        const from = `2001:db8:77:1::${(i % 64).toString(16)}`;
        const r = await fetch(
          `http://127.0.0.1:${server.port}/api/v1/foods/search?q=${encodeURIComponent(`${EXPENSIVE} y${i}`)}`,
          { headers: { "x-forwarded-for": from } },
        );
        if (r.status === 429) limited = i;
        await r.text();
      }
      expect(limited).toBeGreaterThan(0);
      // another /64 has its own budget
      const other = await fetch(`http://127.0.0.1:${server.port}/api/v1/foods/search?q=apple`, {
        headers: { "x-forwarded-for": "2001:db8:77:2::1" },
      });
      expect(other.status).toBe(200);
    } finally {
      server.stop(true);
    }
  }, 60_000);
});

describe("open registration", () => {
  test("60 parallel registrations from one address: 10 accounts, the rest 429 with Retry-After; the first account is never limited", async () => {
    const t = makeApp({ options: { registrationsPerHour: 10 } });
    await registerUser(t.call); // the admin
    const rs = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        t.call("POST", "/api/v1/register", {
          body: { email: `p${i}@example.org`, password: "correct horse battery", name: "P" },
        }),
      ),
    );
    expect(rs.filter((r) => r.status === 201).length).toBe(10);
    const refused = rs.filter((r) => r.status !== 201);
    expect(refused.length).toBe(50);
    for (const r of refused) expectError(r, 429, "rate_limited");
    expect(Number(refused[0]!.headers.get("retry-after"))).toBeGreaterThan(0);
    t.clock.advance(3_600_001);
    expect(
      (
        await t.call("POST", "/api/v1/register", {
          body: { email: "later@example.org", password: "correct horse battery", name: "L" },
        })
      ).status,
    ).toBe(201);
  });
});

describe("login throttle", () => {
  test("100,000 keys of one failure each cannot flush a victim's per-email count", () => {
    const throttle = new LoginThrottle({ perEmail: 5, perAddress: 20, windowMs: 15 * 60_000 });
    const now = 1_000_000;
    for (let i = 0; i < 4; i++) expect(throttle.reserve("victim@example.org", "198.51.100.1", now)).toBe(0);
    for (let i = 0; i < 100_010; i++)
      throttle.reserve(`x${i}@example.org`, `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`, now + 1);
    expect(throttle.reserve("victim@example.org", "198.51.100.2", now + 2)).toBe(0); // the fifth
    expect(throttle.reserve("victim@example.org", "198.51.100.3", now + 3)).toBeGreaterThan(0); // still counted: 429
  });

  test("the addresses of one IPv6 /64 share one per-address count", () => {
    const throttle = new LoginThrottle({ perEmail: 1000, perAddress: 20, windowMs: 15 * 60_000 });
    for (let i = 0; i < 20; i++) expect(throttle.reserve(`u${i}@example.org`, `2001:db8:5:6::${i + 1}`, 1)).toBe(0);
    expect(throttle.reserve("u99@example.org", "2001:db8:5:6:abcd::1", 2)).toBeGreaterThan(0);
    expect(throttle.reserve("u99@example.org", "2001:db8:5:7::1", 2)).toBe(0);
  });
});
