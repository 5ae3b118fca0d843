/**
 * ID tokens a relying party must refuse, from a stand-in provider that signs whatever the test asks
 * (test/auth/oidc-op.ts): a real provider never signs them. Each is refused with a clear error, back in
 * the web app, and no account is made.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { makeApp, type TestApp } from "../helpers";
import { appParams, cookieOf, settings, standIn, type StandIn } from "./oidc-op";

let fake: StandIn;
beforeAll(async () => {
  fake = await standIn();
});
afterAll(() => fake.stop());

const app = () => makeApp({ options: { oidc: settings(fake.issuer) } });
const trade = (t: TestApp, code: string) => t.call("POST", "/api/v1/auth/oidc/token", { body: { code } });

describe("tokens a provider must not be believed for", () => {
  /** Start at Morsel (for its state, nonce and cookie), then come back as the stand-in would redirect. */
  async function withToken(t: TestApp, next: StandIn["next"]) {
    const begun = await t.call("GET", "/api/v1/auth/oidc/start");
    const auth = new URL(begun.headers.get("location")!);
    fake.nonce = auth.searchParams.get("nonce")!;
    fake.next = next;
    const back = await t.call("GET", `/api/v1/auth/oidc/callback?code=c1&state=${auth.searchParams.get("state")}`, {
      headers: { cookie: cookieOf(begun) },
    });
    return appParams(back.headers.get("location"));
  }
  const good = { email: "standin@example.org", email_verified: true };

  test("the stand-in's well-formed token signs in, so each refusal below is for its one fault", async () => {
    const t = app();
    const ok = await withToken(t, { claims: () => good });
    expect((await trade(t, ok.code!)).status).toBe(200);
  });

  test.each([
    ["wrong audience", { claims: () => ({ ...good, aud: "another-client" }) }, "aud"],
    ["bad nonce", { claims: () => ({ ...good, nonce: "not-the-one-sent" }) }, "nonce"],
    [
      "expired",
      {
        claims: () => ({
          ...good,
          iat: Math.floor(Date.now() / 1000) - 7200,
          exp: Math.floor(Date.now() / 1000) - 3600,
        }),
      },
      "exp",
    ],
    ["another issuer's signature", { claims: () => good, foreignKey: true }, "signature"],
    ["another issuer", { claims: () => ({ ...good, iss: "https://elsewhere.example" }) }, "iss"],
  ] as const)("%s: refused with a clear error, no account made", async (_name, next, word) => {
    const t = app();
    const r = await withToken(t, next);
    expect(r.error).toBe("invalid_credentials");
    expect(r.message?.toLowerCase()).toContain(word);
    expect(await t.sql("SELECT id FROM users")).toHaveLength(0);
  });

  test("the person declining at the provider comes back with the provider's reason", async () => {
    const t = app();
    const begun = await t.call("GET", "/api/v1/auth/oidc/start");
    const state = new URL(begun.headers.get("location")!).searchParams.get("state");
    const back = await t.call(
      "GET",
      `/api/v1/auth/oidc/callback?error=access_denied&error_description=the+user+said+no&state=${state}`,
      { headers: { cookie: cookieOf(begun) } },
    );
    const r = appParams(back.headers.get("location"));
    expect(r.error).toBe("invalid_credentials");
    expect(r.message).toContain("access_denied");
  });

  test("a callback without the cookie of its start, or with another state, is refused", async () => {
    const t = app();
    const noCookie = await t.call("GET", "/api/v1/auth/oidc/callback?code=c1&state=x");
    expect(appParams(noCookie.headers.get("location")).message).toContain("not started in this browser");
    const begun = await t.call("GET", "/api/v1/auth/oidc/start");
    fake.next = { claims: () => good };
    const back = await t.call("GET", "/api/v1/auth/oidc/callback?code=c1&state=forged", {
      headers: { cookie: cookieOf(begun) },
    });
    const r = appParams(back.headers.get("location"));
    expect(r.error).toBe("invalid_credentials");
    expect(r.message).toContain("state");
  });
});

test("a provider that is down at first: the sign-in says so, and the next one, once it answers, goes through", async () => {
  fake.down = true;
  const t = app();
  const first = appParams((await t.call("GET", "/api/v1/auth/oidc/start")).headers.get("location"));
  expect(first.error).toBe("not_ready");
  fake.down = false;
  const next = await t.call("GET", "/api/v1/auth/oidc/start");
  expect(next.status).toBe(302);
  expect(next.headers.get("location")).toStartWith(`${fake.issuer}/auth?`);
});
