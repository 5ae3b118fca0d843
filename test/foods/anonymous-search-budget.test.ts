/** Anonymous search has a budget (429 with Retry-After once spent); signed-in and loopback callers are not budgeted. */
import { describe, expect, test } from "bun:test";
import { ANONYMOUS_SEARCH_BUDGET } from "../../src/lib/cost-budget";
import { expectError, makeApp, registerUser } from "../helpers";
import { startServer } from "../../src/http/server";

describe("anonymous search is bounded", () => {
  test("an anonymous flood of searches runs out of budget: 429 with Retry-After; a signed-in user is unaffected", async () => {
    const t = makeApp({ options: { searchBudget: ANONYMOUS_SEARCH_BUDGET } });
    const u = await registerUser(t.call);
    let limited: Awaited<ReturnType<typeof t.call>> | undefined;
    for (let i = 0; i < 5000 && !limited; i++) {
      const r = await t.call(
        "GET",
        `/api/v1/foods/search?q=${String.fromCharCode(97 + (i % 26))}${i}&offset=${i % 1000}`,
      );
      if (r.status === 429) limited = r;
      else expect(r.status).toBe(200);
    }
    expect(limited).toBeDefined();
    expectError(limited!, 429, "rate_limited");
    expect(Number(limited!.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect((await t.call("GET", "/api/v1/foods/search?q=apple", { token: u.access_token })).status).toBe(200);
  });

  test("clients on this machine (loopback) are not budgeted", async () => {
    const t = makeApp({ options: { searchBudget: { burstMs: 1, refillMsPerS: 0, floorMs: 1 } } });
    const server = startServer(await t.started(), { port: 0, hostname: "127.0.0.1" });
    try {
      for (let i = 0; i < 20; i++)
        expect((await fetch(`http://127.0.0.1:${server.port}/api/v1/foods/search?q=c${i}`)).status).toBe(200);
      // the same budget refuses a caller that is not on this machine at once
      expect((await t.call("GET", "/api/v1/foods/search?q=c")).status).toBe(200);
      expectError(await t.call("GET", "/api/v1/foods/search?q=d"), 429, "rate_limited");
    } finally {
      server.stop(true);
    }
  });
});
