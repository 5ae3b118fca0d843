/**
 * Fuzzing from the OpenAPI document: at least 10,000 malformed and hostile requests against a
 * real server (wrong types, huge strings, deep JSON, unicode, negative and NaN numbers, missing and
 * extra fields, bad tokens, path traversal in ids, wrong content types, foreign Host names, forged
 * forwarding headers), first one at a time, then 2,000 more 16 at a time. Pass: never a 5xx, every
 * error in the contract's envelope, and the server still up at the end. The command line is fuzzed
 * too: any argv gives a configuration or a ConfigError, never anything else.
 */
import { expect, test } from "bun:test";
import fc from "fast-check";
import { parseCommandLine } from "../../src/args";
import { ConfigError, configFrom } from "../../src/config";
import { startProcess, TEST_BACKEND, tempDir } from "../helpers";

const RUNS = 10_000;

const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 20 }),
  fc.constantFrom(
    "",
    " ",
    "-1",
    "0",
    "NaN",
    "Infinity",
    "-Infinity",
    "1e309",
    "0x1F",
    "1.5",
    "9".repeat(400),
    "../../etc/passwd",
    "..%2F..%2Fetc%2Fpasswd",
    "%00",
    "\u0000",
    "<script>alert(1)</script>",
    "' OR 1=1 --",
    '"',
    "{}",
    "[]",
    "null",
    "true",
    "🍌🍌",
    "a".repeat(5000),
    "ü".repeat(300),
  ),
);
/** Hostile but sendable as a header value (fetch refuses control characters before they leave). */
const headerSafe = hostileString.map((s) => s.replace(/[^\x20-\x7e]/g, "?").trim());
const deepJson = fc.integer({ min: 100, max: 3000 }).map((d) => `${"[".repeat(d)}1${"]".repeat(d)}`);
const wrongTyped = (fields: string[]) =>
  fc.dictionary(
    fc.constantFrom(...fields, "extra", "__proto__", "constructor"),
    fc.oneof(fc.anything({ maxDepth: 3 }), hostileString, fc.double()),
    { maxKeys: 8 },
  );

interface Op {
  method: string;
  path: string;
  params: string[];
  query: string[];
  fields: string[];
}

test(`${RUNS} hostile requests from the OpenAPI document: no 5xx, envelopes everywhere, still up`, async () => {
  const server = await startProcess(tempDir());
  try {
    // the API suites' second pass runs this on PostgreSQL: the server must be on the backend asked for
    expect(String(server.log.database)).toStartWith(TEST_BACKEND === "postgres" ? "postgres" : "sqlite");
    const post = (path: string, body: unknown) =>
      fetch(`${server.url}/api/v1${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const pair = (await (
      await post("/register", { email: "fuzz@example.org", password: "fuzz fuzz", name: "F" })
    ).json()) as { access_token: string; refresh_token: string };
    const doc = (await (await fetch(`${server.url}/api/v1/openapi.json`)).json()) as {
      paths: Record<
        string,
        Record<
          string,
          {
            parameters?: { name: string; in: string }[];
            requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
          }
        >
      >;
    };
    const ops: Op[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const props = Object.values(op.requestBody?.content ?? {})[0]?.schema?.properties ?? {};
        ops.push({
          method: method.toUpperCase(),
          path,
          params: (op.parameters ?? []).filter((p) => p.in === "path").map((p) => p.name),
          query: (op.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name),
          fields: Object.keys(props).length
            ? Object.keys(props)
            : [
                "email",
                "password",
                "name",
                "food_id",
                "quantity",
                "meal_type",
                "barcode",
                "mutations",
                "refresh_token",
              ],
        });
      }
    }
    expect(ops.length).toBeGreaterThan(25);
    const tokens = [
      undefined,
      "garbage",
      `${pair.access_token}x`,
      pair.refresh_token,
      pair.access_token,
      pair.access_token,
    ];
    const counts = new Map<number, number>();
    const problems: string[] = [];

    const request = fc.record({
      op: fc.constantFrom(...ops),
      params: fc.array(hostileString, { minLength: 2, maxLength: 2 }),
      query: fc.dictionary(
        fc.constantFrom("q", "limit", "offset", "date", "end", "cursor", "format", "x"),
        hostileString,
        { maxKeys: 4 },
      ),
      token: fc.constantFrom(...tokens),
      body: fc.oneof(
        fc.constant(undefined),
        fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
        fc
          .constantFrom(...ops)
          .chain((o) => wrongTyped(o.fields))
          .map((v) => JSON.stringify(v)),
        deepJson,
        hostileString,
        fc.constant('{"unterminated": '),
      ),
      contentType: fc.constantFrom(
        "application/json",
        "application/json",
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
        undefined,
      ),
      host: fc.constantFrom(
        undefined,
        undefined,
        undefined,
        "evil.example",
        "localhost",
        "LOCALHOST:1",
        "[::1]",
        "127.0.0.1.evil.example",
        "x".repeat(200),
      ),
      forwarded: fc.option(
        fc.oneof(headerSafe, fc.constantFrom("203.0.113.9", 'for="[2001:db8::1]:80"', "1.2.3.4, 5.6.7.8", "unknown")),
        { nil: undefined },
      ),
      requestId: fc.option(headerSafe, { nil: undefined }),
    });

    const send = async (r: typeof request extends fc.Arbitrary<infer T> ? T : never) => {
      let i = 0;
      let path = r.op.path.replace(/\{[^}]+\}/g, () => encodeURIComponent(r.params[i++ % 2]!));
      const qs = new URLSearchParams(r.query as Record<string, string>).toString();
      if (qs) path += `?${qs}`;
      const headers: Record<string, string> = {};
      if (r.token) headers.authorization = `Bearer ${r.token}`;
      if (r.host) headers.host = r.host;
      if (r.forwarded !== undefined) Object.assign(headers, { "x-forwarded-for": r.forwarded, forwarded: r.forwarded });
      if (r.requestId !== undefined) headers["x-request-id"] = r.requestId;
      if (r.contentType && r.body !== undefined) headers["content-type"] = r.contentType;
      const hasBody = r.body !== undefined && r.op.method !== "GET";
      let res: Response;
      try {
        res = await fetch(`${server.url}${path}`, { method: r.op.method, headers, body: hasBody ? r.body : undefined });
      } catch (e) {
        // a header value fetch itself refuses to send (control characters) never reached the server
        if (e instanceof TypeError && /header/i.test(String(e))) return true;
        throw e;
      }
      counts.set(res.status, (counts.get(res.status) ?? 0) + 1);
      const text = await res.text();
      if (res.status >= 500)
        problems.push(`${r.op.method} ${path.slice(0, 120)} → ${res.status} ${text.slice(0, 200)}`);
      if (res.status >= 400) {
        let ok = false;
        try {
          const j = JSON.parse(text) as { error?: { code?: string; message?: string } };
          ok = typeof j.error?.code === "string" && typeof j.error?.message === "string";
        } catch {}
        if (!ok)
          problems.push(
            `${r.op.method} ${path.slice(0, 120)} → ${res.status} without the error envelope: ${text.slice(0, 120)}`,
          );
        if (/\bat .*\.(ts|js):\d+/.test(text)) problems.push(`stack trace in ${r.op.method} ${path}`);
      }
      if (!res.headers.get("x-request-id")) problems.push(`no X-Request-Id on ${r.op.method} ${path.slice(0, 80)}`);
      if (res.headers.get("x-content-type-options") !== "nosniff")
        problems.push(`no nosniff on ${r.op.method} ${path.slice(0, 80)}`);
      if (r.host && !/^(localhost|\[::1\])(:\d+)?$/i.test(r.host) && res.status !== 421)
        problems.push(`Host ${r.host.slice(0, 40)} answered ${res.status}, not 421`);
      return problems.length === 0;
    };

    await fc.assert(fc.asyncProperty(request, send), { numRuns: RUNS, seed: 8, endOnFailure: true });
    // the same kinds of requests, 16 in flight at a time
    const batch = fc.sample(request, { numRuns: 2000, seed: 9 });
    await Promise.all(
      Array.from({ length: 16 }, async (_, w) => {
        for (let i = w; i < batch.length; i += 16) await send(batch[i]!);
      }),
    );
    console.log(
      `fuzz: ${RUNS} + 2000 concurrent requests over ${ops.length} operations; statuses ${JSON.stringify(Object.fromEntries([...counts].sort((a, b) => a[0] - b[0])))}`,
    );
    expect(problems).toEqual([]);
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    expect(((await health.json()) as { ready: boolean }).ready).toBe(true);
  } finally {
    await server.stop();
  }
}, 300_000);

test("any command line gives a configuration or a ConfigError (exit 2), never a crash", () => {
  const flag = fc.constantFrom(
    "--port",
    "--host",
    "--data-dir",
    "--catalogue",
    "--log-requests",
    "--online-lookup",
    "--off-url",
    "--tombstone-days",
    "--photo-workers",
    "--trust-proxy",
    "--public-url",
    "--allowed-hosts",
    "--password",
    "--help",
    "--version",
    "--prot",
    "-p",
    "--",
    "--port=",
    "--trust-proxy=10.0.0.0/33",
  );
  const word = fc.oneof(
    hostileString,
    fc.constantFrom(
      "serve",
      "backup",
      "restore",
      "import-off",
      "user",
      "reset-password",
      "help",
      "0",
      "3000",
      "0.0.0.0",
      "::1",
      "10.0.0.0/8",
      "http://x",
      "true",
    ),
  );
  fc.assert(
    fc.property(fc.array(fc.oneof(flag, word), { maxLength: 8 }), (argv) => {
      try {
        const cl = parseCommandLine(argv);
        configFrom(cl.values, { HOME: "/h" });
      } catch (e) {
        if (!(e instanceof ConfigError)) throw new Error(`${JSON.stringify(argv)} threw ${String(e)}`);
      }
    }),
    { numRuns: 5000, seed: 13 },
  );
});
