/** The caller's sessions: listed with their device, ended one at a time, or all but this one. */
import { expect, test } from "bun:test";
import { Clock, expectError, makeApp, registerUser } from "../helpers";

test("sessions are listed with device, created and last used; the current one is marked", async () => {
  const clock = new Clock("2026-11-22T12:00:00Z");
  const { call } = makeApp({ clock });
  const u = await registerUser(call);
  clock.advance(60_000);
  const phone = await call("POST", "/api/v1/login", {
    body: { email: u.email, password: u.password, device: "  Ana's phone " },
  });
  clock.advance(60_000);
  const laptop = await call("POST", "/api/v1/login", {
    body: { email: u.email, password: u.password },
    headers: {
      "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
    },
  });
  clock.advance(5 * 60_000);
  await call("GET", "/api/v1/me", { token: phone.json.access_token });
  const list = (await call("GET", "/api/v1/sessions", { token: laptop.json.access_token })).json.items;
  expect(
    list.map((s: { device: string | null; current: boolean; last_used_at: string }) => [
      s.device,
      s.current,
      s.last_used_at,
    ]),
  ).toEqual([
    ["Chrome on Linux", true, "2026-11-22T12:07:00.000Z"], // this very call used it
    ["Ana's phone", false, "2026-11-22T12:07:00.000Z"], // same minute: the newer session first
    [null, false, "2026-11-22T12:00:00.000Z"], // registered through app.handle: no User-Agent, no device
  ]);
  expect(list[0].created_at).toBe("2026-11-22T12:02:00.000Z");
  expect(list[1].created_at).toBe("2026-11-22T12:01:00.000Z");
});

test("ending one session stops its tokens at once; 'everywhere else' keeps only the current one", async () => {
  const { call } = makeApp();
  const u = await registerUser(call);
  const login = async () =>
    (await call("POST", "/api/v1/login", { body: { email: u.email, password: u.password } })).json;
  const a = await login();
  const b = await login();
  const sessions = (await call("GET", "/api/v1/sessions", { token: u.access_token })).json.items;
  const sidOf = (token: string) => JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()).sid;
  expect(sessions.map((s: { id: string }) => s.id).sort()).toEqual(
    [sidOf(u.access_token), sidOf(a.access_token), sidOf(b.access_token)].sort(),
  );

  expect((await call("DELETE", `/api/v1/sessions/${sidOf(a.access_token)}`, { token: u.access_token })).status).toBe(
    204,
  );
  expectError(await call("GET", "/api/v1/me", { token: a.access_token }), 401, "invalid_token");
  expectError(
    await call("POST", "/api/v1/refresh", { body: { refresh_token: a.refresh_token } }),
    401,
    "invalid_refresh_token",
  );
  expectError(
    await call("DELETE", `/api/v1/sessions/${sidOf(a.access_token)}`, { token: u.access_token }),
    404,
    "not_found",
  );

  const c = await login();
  const ended = await call("DELETE", "/api/v1/sessions", { token: u.access_token });
  expect(ended.json).toEqual({ ended: 2 });
  for (const t of [b, c]) expectError(await call("GET", "/api/v1/me", { token: t.access_token }), 401, "invalid_token");
  expect(
    (await call("GET", "/api/v1/sessions", { token: u.access_token })).json.items.map(
      (s: { current: boolean }) => s.current,
    ),
  ).toEqual([true]);
});

test("another user's session id → 404 and it lives on; a bad id → 400; a device label over 100 characters → 400", async () => {
  const { call } = makeApp();
  const a = await registerUser(call);
  const b = await registerUser(call);
  const bSid = (await call("GET", "/api/v1/sessions", { token: b.access_token })).json.items[0].id;
  expectError(await call("DELETE", `/api/v1/sessions/${bSid}`, { token: a.access_token }), 404, "not_found");
  expect((await call("GET", "/api/v1/me", { token: b.access_token })).status).toBe(200);
  expectError(await call("DELETE", "/api/v1/sessions/not-a-uuid", { token: a.access_token }), 400, "validation_failed");
  expectError(
    await call("POST", "/api/v1/login", { body: { email: a.email, password: a.password, device: "d".repeat(101) } }),
    400,
    "validation_failed",
  );
  expectError(
    await call("POST", "/api/v1/login", { body: { email: a.email, password: a.password, device: 7 } }),
    400,
    "validation_failed",
  );
  expectError(
    await call("POST", "/api/v1/register", {
      body: { email: "new@example.org", password: "correct horse", name: "N", device: "" },
    }),
    400,
    "validation_failed",
  );
  expect((await call("GET", "/api/v1/sessions", { token: a.access_token })).json.items.length).toBe(1);
});
