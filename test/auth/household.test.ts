/**
 * A household, end to end on a real server process and the real command line: the first account
 * becomes admin, switches to invite mode and invites a second person, who registers and makes a
 * read token for a script; the admin disables them and the token dies. Then the CLI lists and
 * promotes, `morsel healthcheck` answers for the container runtime, and a server on every
 * interface with open registration warns, naming the flag.
 */
import { expect, test } from "bun:test";
import { join } from "node:path";
import { commandEnv, startProcess, tempDir } from "../helpers";

const ENTRY = new URL("../../src/index.ts", import.meta.url).pathname;

/** A command on the data of the server on `dir` (its data dir, or its PostgreSQL database). */
async function cli(args: string[], dir: string): Promise<{ code: number; out: string; err: string }> {
  const p = Bun.spawn(["bun", ENTRY, ...args], {
    stdout: "pipe",
    stderr: "pipe",
    stdin: "ignore",
    env: { ...process.env, ...(await commandEnv(dir)) },
  });
  const [out, err, code] = await Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text(), p.exited]);
  return { code, out, err };
}

test("first user is admin → invite mode → second user registers → read token in a script → disabled → token dies; CLI list and promote", async () => {
  const dir = tempDir();
  const srv = await startProcess(dir);
  const port = new URL(srv.url).port;
  const api = async (method: string, path: string, token?: string, body?: unknown) => {
    const r = await fetch(`${srv.url}/api/v1${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { "content-type": "application/json" } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: r.status, json: (r.status === 204 ? null : await r.json()) as any };
  };
  try {
    const ana = await api("POST", "/register", undefined, {
      email: "ana@home.example",
      password: "correct horse battery",
      name: "Ana",
    });
    expect(ana.json.user.role).toBe("admin");
    const admin = ana.json.access_token;
    expect((await api("PATCH", "/admin/settings", admin, { registration: "invite" })).json.registration).toBe("invite");
    expect(
      (
        await api("POST", "/register", undefined, {
          email: "bea@home.example",
          password: "correct horse battery",
          name: "Bea",
        })
      ).status,
    ).toBe(400);
    const invite = await api("POST", "/admin/invites", admin, { note: "Bea", expires_in_hours: 24 });
    const bea = await api("POST", "/register", undefined, {
      email: "bea@home.example",
      password: "correct horse battery",
      name: "Bea",
      invite_code: invite.json.code,
    });
    expect(bea.status).toBe(201);
    expect(bea.json.user.role).toBe("user");
    await api("POST", "/meals", bea.json.access_token, { food_id: 9040, quantity: 118, meal_type: "breakfast" });
    const token = (await api("POST", "/tokens", bea.json.access_token, { name: "kitchen display", scopes: ["read"] }))
      .json.token;

    // Bea's script: a separate program with the token in its environment
    const script = join(dir, "today.ts");
    await Bun.write(
      script,
      `const r = await fetch(process.env.MORSEL_URL + "/api/v1/meals/daily", { headers: { authorization: "Bearer " + process.env.MORSEL_TOKEN } });
const body = await r.json();
console.log(r.status, r.ok ? body.totals.energy_kcal : body.error.code);
process.exit(r.ok ? 0 : 1);`,
    );
    const run = async () => {
      const p = Bun.spawn(["bun", script], {
        env: { ...process.env, MORSEL_URL: srv.url, MORSEL_TOKEN: token },
        stdout: "pipe",
        stderr: "pipe",
      });
      return { code: await p.exited, out: (await new Response(p.stdout).text()).trim() };
    };
    expect(await run()).toEqual({ code: 0, out: "200 105" });

    const list = await api("GET", "/admin/users", admin);
    const beaId = list.json.items.find((u: { email: string }) => u.email === "bea@home.example").id;
    expect((await api("PATCH", `/admin/users/${beaId}`, admin, { disabled: true })).json.disabled).toBe(true);
    expect(await run()).toEqual({ code: 1, out: "401 invalid_token" });

    const listed = await cli(["user", "list", "--data-dir", dir], dir);
    expect(listed.code).toBe(0);
    expect(listed.out).toMatch(/ana@home\.example\s+Ana\s+admin\s+active/);
    expect(listed.out).toMatch(/bea@home\.example\s+Bea\s+user\s+disabled\s+\S+\s+\S+ \S+\s+1$/m);
    const promoted = await cli(["user", "promote", "bea@home.example", "--data-dir", dir], dir);
    expect(promoted).toMatchObject({ code: 0, out: "bea@home.example is now an admin\n" });
    expect((await api("GET", "/admin/users", admin)).json.items.find((u: { id: number }) => u.id === beaId).role).toBe(
      "admin",
    );
    expect((await cli(["user", "promote", "nobody@home.example", "--data-dir", dir], dir)).code).toBe(1);
    expect((await cli(["user", "demote", "x", "--data-dir", dir], dir)).code).toBe(2);

    const healthy = await cli(["healthcheck", "--port", port], dir);
    expect(healthy.code).toBe(0);
    expect(healthy.out).toContain("healthy");
  } finally {
    await srv.stop();
  }
  const down = await cli(["healthcheck", "--port", port], dir);
  expect(down.code).toBe(1);
  expect(down.err).toContain("unhealthy");
});

test("on every interface with open registration the server warns at start and names --registration; invite mode does not", async () => {
  // the warning comes before the start line, so it is in what startProcess read
  const open = await startProcess(tempDir(), ["--host", "0.0.0.0"]);
  await open.stop();
  expect(open.output).toContain('"level":"warn","msg":"registration is open"');
  expect(open.output).toContain("--registration invite");
  const invite = await startProcess(tempDir(), ["--host", "0.0.0.0", "--registration", "invite"]);
  const health = await fetch(`http://127.0.0.1:${new URL(invite.url).port}/healthz`);
  expect(health.status).toBe(200);
  await invite.stop();
  expect(invite.output).toContain('"registration":"invite"');
  expect(invite.output).not.toContain("registration is open");
  const local = await startProcess(tempDir());
  await local.stop();
  expect(local.output).not.toContain("registration is open");
});
