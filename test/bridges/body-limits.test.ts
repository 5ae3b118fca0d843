/**
 * The health bridges' body limits against the real server process (`morsel serve`): each upload has one
 * figure, the route's (docs/API.md §Health bridges, the OpenAPI description), and a body over it gets
 * the JSON 413 naming it. Bun's own limit (65 MiB it was) answered a 70 MB export with a bare 413 and
 * no body. And a Health Auto Export push with a metric whose data is null imports the rest.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { connect } from "node:net";
import { AUTO_EXPORT_LIMIT, HEALTH_UPLOAD_LIMIT } from "../../src/features/bridges/limits";
import { makeApp, processWithAccount, registerUser, type startProcess, tempDir } from "../helpers";

let server: Awaited<ReturnType<typeof startProcess>>;
let token = "";

beforeAll(async () => {
  ({ server, token } = await processWithAccount(tempDir(), "limits"));
});
afterAll(() => server.stop());

const post = async (path: string, body: Uint8Array, type: string) => {
  const r = await fetch(`${server.url}/api/v1${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": type },
    body,
  });
  return { status: r.status, json: (await r.json()) as { error?: { code: string; message: string } } };
};

/** A push of exactly `size` bytes: one step sample, then blank space (JSON allows it). */
function pushOf(size: number): Uint8Array {
  const json = JSON.stringify({
    data: { metrics: [{ name: "step_count", units: "count", data: [{ qty: 5, date: "2024-01-01 10:00:00 +0000" }] }] },
  });
  const bytes = new Uint8Array(size).fill(32);
  bytes.set(new TextEncoder().encode(json));
  return bytes;
}

/** The status line and body of a POST that declares `length` bytes and sends a few (a raw socket: fetch checks lengths). */
function declared(path: string, length: number): Promise<{ head: string; body: string }> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () =>
      socket.write(
        `POST /api/v1${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAuthorization: Bearer ${token}\r\n` +
          `Content-Type: application/zip\r\nContent-Length: ${length}\r\n\r\nPK`,
      ),
    );
    let got = "";
    socket.on("data", (b) => {
      got += b.toString();
      const end = got.indexOf("\r\n\r\n");
      const size = Number(/content-length: (\d+)/i.exec(got)?.[1] ?? Number.NaN);
      if (end >= 0 && got.length - end - 4 >= size) {
        socket.destroy();
        resolve({ head: got.slice(0, got.indexOf("\r\n")), body: got.slice(end + 4) });
      }
    });
    socket.on("error", reject);
  });
}

describe("one body limit per upload, answered in JSON", () => {
  test(`a push of exactly ${AUTO_EXPORT_LIMIT} bytes is read; one byte more is 413 naming the limit`, async () => {
    const under = await post("/health/auto-export", pushOf(AUTO_EXPORT_LIMIT), "application/json");
    expect(under.status).toBe(200);
    const over = await post("/health/auto-export", pushOf(AUTO_EXPORT_LIMIT + 1), "application/json");
    expect(over.status).toBe(413);
    expect(over.json.error?.code).toBe("payload_too_large");
    expect(over.json.error?.message).toContain("32 MiB");
  }, 60_000);

  test("a 70 MB export reaches the route (400: not a ZIP), where the server's own 65 MiB gave a bare 413", async () => {
    const body = new Uint8Array(70 * 1000 * 1000).fill(0x41);
    const r = await post("/import/health?format=apple_health", body, "application/zip");
    expect(r.status).toBe(400);
    expect(r.json.error?.code).toBe("validation_failed");
  }, 60_000);

  test("an export declared one byte past 2 GiB is 413 in JSON naming the limit, before its bytes are read", async () => {
    const r = await declared("/import/health?format=apple_health", HEALTH_UPLOAD_LIMIT + 1);
    expect(r.head).toContain("413");
    const json = JSON.parse(r.body) as { error: { code: string; message: string } };
    expect(json.error.code).toBe("payload_too_large");
    expect(json.error.message).toContain("2 GiB");
  });
});

test("a Health Auto Export metric whose data is null is skipped and listed; the rest is imported", async () => {
  const t = makeApp();
  t.clock.set("2024-01-03T12:00:00Z");
  const ana = await registerUser(t.call, { timezone: "UTC" });
  const pat = (
    await t.call("POST", "/api/v1/tokens", {
      token: ana.access_token,
      body: { name: "Health Auto Export", scopes: ["write"] },
    })
  ).json.token as string;
  const r = await t.call("POST", "/api/v1/health/auto-export", {
    token: pat,
    body: {
      data: {
        metrics: [
          { name: "step_count", units: "count", data: [{ qty: 4000, date: "2024-01-02 10:00:00 +0000" }] },
          { name: "active_energy", units: "kcal", data: null },
          { name: "heart_rate", units: "count/min", data: null },
        ],
      },
    },
  });
  expect(r.status).toBe(200);
  expect(r.json.skipped).toEqual([{ what: "metrics.1", message: expect.stringContaining("null") }]);
  const values = (await t.call("GET", "/api/v1/daily-values/2024-01-02", { token: ana.access_token })).json.values;
  expect(values.steps).toBe(4000);
});
