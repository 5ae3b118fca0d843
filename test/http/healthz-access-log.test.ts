/** /healthz while draining, and the access log's statuses. */
import { describe, expect, test } from "bun:test";
import { expectError, makeApp, registerUser, until } from "../helpers";

describe("/healthz and the access log", () => {
  test("/healthz: 503 not_ready while draining (Docker and Kubernetes read the status)", async () => {
    const lifecycle = { draining: false };
    const t = makeApp({ options: { lifecycle } });
    expect((await t.call("GET", "/healthz")).status).toBe(200);
    lifecycle.draining = true;
    expectError(await t.call("GET", "/healthz"), 503, "not_ready");
  });

  test("the access log records a 201 as 201 and a 404 as 404", async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = {
      info: (msg: string, f?: Record<string, unknown>) => void (msg === "request" && lines.push(f ?? {})),
      warn() {},
      error() {},
    };
    const t = makeApp({ options: { logger, logRequests: true } });
    await registerUser(t.call);
    await t.call("GET", "/nope");
    await until(() => lines.length >= 2); // the log line is written after the response has gone
    expect(lines.map((l) => `${l.path} ${l.status}`)).toEqual(["/api/v1/register 201", "/nope 404"]);
  });
});
