/**
 * A Host header that is not a valid `host[:port]` is refused with 400 before anything else runs, and an
 * admin route refuses an ordinary user whatever the Host (the rule is the route's own, not looked up). Bun hands a server the
 * request URL as a bare path for Host values such as `a/b`, empty, `x@y`, `x y` or `a?b`: the route table
 * then matched nothing and the admin check was skipped (an ordinary user read the admin's reset code).
 * Raw sockets, because fetch() cannot send such a Host.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { connect } from "node:net";
import { Elysia } from "elysia";
import { authPipeline } from "../../src/http/auth";
import { requestStart } from "../../src/http/request-start";
import { createServices } from "../../src/services";
import { AppError } from "../../src/lib/errors";
import { hostHeaderValid } from "../../src/http/http-policy";
import { catalogue, makeApp, registerUser, startProcess, tempDir } from "../helpers";

type Server = Awaited<ReturnType<typeof startProcess>>;

/** One HTTP/1.1 request over a raw socket; the status and the body. */
function raw(port: number, request: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let out = "";
    socket.on("data", (b) => (out += b));
    socket.on("error", reject);
    socket.on("close", () => {
      const status = Number(out.match(/^HTTP\/1\.1 (\d{3})/)?.[1] ?? 0);
      resolve({ status, body: out.slice(out.indexOf("\r\n\r\n") + 4) });
    });
    socket.write(request);
  });
}

const post = (url: string, path: string, body: unknown, token?: string) =>
  fetch(url + path, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

describe.each([
  ["bound to all interfaces, no --allowed-hosts (the systemd unit and the Docker image)", ["--host", "0.0.0.0"]],
  ["bound to loopback", ["--host", "127.0.0.1"]],
])("a malformed Host, %s", (_name, args) => {
  let server: Server;
  let port: number;
  let admin: { access_token: string; user: { id: number } };
  let user: { access_token: string; user: { id: number } };
  beforeAll(async () => {
    server = await startProcess(tempDir(), args);
    port = Number(new URL(server.url.replace("0.0.0.0", "127.0.0.1")).port);
    const url = `http://127.0.0.1:${port}/api/v1`;
    admin = (await (
      await post(url, "/register", { email: "admin@example.org", password: "correct horse battery", name: "A" })
    ).json()) as typeof admin;
    user = (await (
      await post(url, "/register", { email: "user@example.org", password: "correct horse battery", name: "U" })
    ).json()) as typeof user;
  });
  afterAll(() => server.stop());

  const send = (method: string, path: string, host: string | null, body?: unknown) => {
    const payload = body === undefined ? "" : JSON.stringify(body);
    const lines = [
      `${method} ${path} HTTP/1.1`,
      ...(host === null ? [] : [`Host: ${host}`]),
      `Authorization: Bearer ${user.access_token}`,
      "Connection: close",
      ...(body === undefined
        ? []
        : ["Content-Type: application/json", `Content-Length: ${Buffer.byteLength(payload)}`]),
    ];
    return raw(port, `${lines.join("\r\n")}\r\n\r\n${payload}`);
  };

  for (const host of ["a/b", "", "x@y", "x y", "a?b", "a#b", "[::1", "host:port", "h:99999"]) {
    test(`Host ${JSON.stringify(host)} → 400 validation_failed (field Host) on the admin's routes, and nothing changes`, async () => {
      const reset = await send("POST", `/api/v1/admin/users/${admin.user.id}/password-reset`, host);
      expect(`${reset.status} ${reset.body}`).toMatch(/^400 .*"code":"validation_failed".*"field":"Host"/);
      expect(reset.body).not.toContain('code":"internal_error');
      const promote = await send("PATCH", `/api/v1/admin/users/${user.user.id}`, host, { role: "admin" });
      expect(promote.status).toBe(400);
      const list = await send("GET", "/api/v1/admin/users", host);
      expect(list.status).toBe(400);
      const settings = await send("PATCH", "/api/v1/admin/settings", host, { registration: "open" });
      expect(settings.status).toBe(400);
      const me = await fetch(`http://127.0.0.1:${port}/api/v1/me`, {
        headers: { authorization: `Bearer ${user.access_token}` },
      });
      expect(((await me.json()) as { role: string }).role).toBe("user");
    });
  }

  test("no Host header at all → 400 validation_failed (field Host)", async () => {
    const r = await raw(port, "GET /api/v1/me HTTP/1.0\r\n\r\n");
    expect(`${r.status} ${r.body}`).toMatch(/^400 .*"code":"validation_failed".*"field":"Host"/);
  });

  test("an ordinary user with a good Host still gets 403 from the admin's routes; valid Hosts pass", async () => {
    const r = await send("GET", "/api/v1/admin/users", `127.0.0.1:${port}`);
    expect(`${r.status} ${r.body}`).toMatch(/^403 .*"code":"forbidden"/);
    const ok = await send("GET", "/api/v1/me", `127.0.0.1:${port}`);
    expect(ok.status).toBe(200);
    const health = await send("GET", "/healthz", "localhost");
    expect(health.status).toBe(200);
  });
});

describe("hostHeaderValid", () => {
  test("host[:port] with a name, an IPv4 address or a bracketed IPv6 address", () => {
    for (const ok of [
      "localhost",
      "localhost:3000",
      "127.0.0.1",
      "127.0.0.1:80",
      "[::1]",
      "[::1]:3000",
      "morsel.home.arpa",
      "xn--bcher-kva.example",
      "a-b.c_d.example.",
    ]) {
      expect(`${ok} ${hostHeaderValid(ok)}`).toBe(`${ok} true`);
    }
    for (const bad of [
      null,
      "",
      "a/b",
      "x@y",
      "x y",
      "a?b",
      "a#b",
      "[::1",
      "::1",
      "h:",
      "h:x",
      "h:99999",
      "h:0x1",
      "a\\b",
      "a%b",
      ".",
    ]) {
      expect(`${bad} ${hostHeaderValid(bad)}`).toBe(`${bad} false`);
    }
  });
});

describe("the rule is the route's own (the auth macro's value)", () => {
  test("an admin route refuses an ordinary session (403) and never runs; the admin's session passes", async () => {
    const t = makeApp();
    const admin = await registerUser(t.call);
    const user = await registerUser(t.call);
    const services = createServices({
      store: await t.store(),
      catalogue: catalogue().catalogue,
      jwtSecret: t.secret,
      now: t.clock.now,
    });
    const auth = authPipeline(services, services.authenticator);
    let ran = 0;
    const app = new Elysia()
      .use(requestStart())
      .onError(({ error }) =>
        error instanceof AppError ? new Response(error.code, { status: error.status }) : undefined,
      )
      .use(auth.plugin)
      .get("/x", ({ ctx }) => ((ran = ctx.userId), "ran"), { auth: "admin" });
    const as = (token: string) =>
      app.handle(new Request("http://localhost/x", { headers: { authorization: `Bearer ${token}` } }));
    const refused = await as(user.access_token);
    expect(`${refused.status} ${await refused.text()}`).toBe("403 forbidden");
    expect(ran).toBe(0);
    const r = await as(admin.access_token);
    expect(`${r.status} ${await r.text()}`).toBe("200 ran");
    expect(ran).toBe(admin.user.id);
  });
});
