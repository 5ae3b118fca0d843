/**
 * Fuzzing from the OpenAPI document: at least 10,000 malformed and hostile requests against a
 * real server (wrong types, huge strings, deep JSON, unicode, negative and NaN numbers, missing and
 * extra fields, bad tokens, path traversal in ids, wrong content types). Pass: never a 5xx, every
 * error in the contract's envelope, and the server still up at the end.
 */
import { expect, test } from "bun:test";
import fc from "fast-check";
import { startProcess, tempDir } from "../helpers";

const RUNS = 10_000;

const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 20 }),
  fc.constantFrom(
    "", " ", "-1", "0", "NaN", "Infinity", "-Infinity", "1e309", "0x1F", "1.5", "9".repeat(400), "../../etc/passwd", "..%2F..%2Fetc%2Fpasswd",
    "%00", "\u0000", "<script>alert(1)</script>", "' OR 1=1 --", "\"", "{}", "[]", "null", "true", "🍌🍌", "a".repeat(5000), "ü".repeat(300),
  ),
);
const deepJson = fc.integer({ min: 100, max: 3000 }).map((d) => `${"[".repeat(d)}1${"]".repeat(d)}`);
const wrongTyped = (fields: string[]) =>
  fc.dictionary(fc.constantFrom(...fields, "extra", "__proto__", "constructor"), fc.oneof(fc.anything({ maxDepth: 3 }), hostileString, fc.double()), { maxKeys: 8 });

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
    const post = (path: string, body: unknown) => fetch(`${server.url}/api/v1${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const pair = (await (await post("/register", { email: "fuzz@example.org", password: "fuzz fuzz", name: "F" })).json()) as { access_token: string; refresh_token: string };
    const doc = (await (await fetch(`${server.url}/api/v1/openapi.json`)).json()) as { paths: Record<string, Record<string, { parameters?: { name: string; in: string }[]; requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> } }>> };
    const ops: Op[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const props = Object.values(op.requestBody?.content ?? {})[0]?.schema?.properties ?? {};
        ops.push({
          method: method.toUpperCase(),
          path,
          params: (op.parameters ?? []).filter((p) => p.in === "path").map((p) => p.name),
          query: (op.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name),
          fields: Object.keys(props).length ? Object.keys(props) : ["email", "password", "name", "food_id", "quantity", "meal_type", "barcode", "mutations", "refresh_token"],
        });
      }
    }
    expect(ops.length).toBeGreaterThan(25);
    const tokens = [undefined, "garbage", `${pair.access_token}x`, pair.refresh_token, pair.access_token, pair.access_token];
    const counts = new Map<number, number>();
    const problems: string[] = [];

    const request = fc.record({
      op: fc.constantFrom(...ops),
      params: fc.array(hostileString, { minLength: 2, maxLength: 2 }),
      query: fc.dictionary(fc.constantFrom("q", "limit", "offset", "date", "end", "cursor", "format", "x"), hostileString, { maxKeys: 4 }),
      token: fc.constantFrom(...tokens),
      body: fc.oneof(
        fc.constant(undefined),
        fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
        fc.constantFrom(...ops).chain((o) => wrongTyped(o.fields)).map((v) => JSON.stringify(v)),
        deepJson,
        hostileString,
        fc.constant("{\"unterminated\": "),
      ),
      contentType: fc.constantFrom("application/json", "application/json", "text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", undefined),
    });

    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        let i = 0;
        let path = r.op.path.replace(/\{[^}]+\}/g, () => encodeURIComponent(r.params[i++ % 2]!));
        const qs = new URLSearchParams(r.query as Record<string, string>).toString();
        if (qs) path += `?${qs}`;
        const headers: Record<string, string> = {};
        if (r.token) headers.authorization = `Bearer ${r.token}`;
        if (r.contentType && r.body !== undefined) headers["content-type"] = r.contentType;
        const hasBody = r.body !== undefined && r.op.method !== "GET";
        const res = await fetch(`${server.url}${path}`, { method: r.op.method, headers, body: hasBody ? r.body : undefined });
        counts.set(res.status, (counts.get(res.status) ?? 0) + 1);
        const text = await res.text();
        if (res.status >= 500) problems.push(`${r.op.method} ${path.slice(0, 120)} → ${res.status} ${text.slice(0, 200)}`);
        if (res.status >= 400) {
          let ok = false;
          try {
            const j = JSON.parse(text) as { error?: { code?: string; message?: string } };
            ok = typeof j.error?.code === "string" && typeof j.error?.message === "string";
          } catch {}
          if (!ok) problems.push(`${r.op.method} ${path.slice(0, 120)} → ${res.status} without the error envelope: ${text.slice(0, 120)}`);
          if (/\bat .*\.(ts|js):\d+/.test(text)) problems.push(`stack trace in ${r.op.method} ${path}`);
        }
        if (!res.headers.get("x-request-id")) problems.push(`no X-Request-Id on ${r.op.method} ${path.slice(0, 80)}`);
        return problems.length === 0;
      }),
      { numRuns: RUNS, seed: 8, endOnFailure: true },
    );
    console.log(`fuzz: ${RUNS} requests over ${ops.length} operations; statuses ${JSON.stringify(Object.fromEntries([...counts].sort((a, b) => a[0] - b[0])))}`);
    expect(problems).toEqual([]);
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    expect(((await health.json()) as { ready: boolean }).ready).toBe(true);
  } finally {
    await server.stop();
  }
}, 300_000);
