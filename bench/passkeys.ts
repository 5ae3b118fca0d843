#!/usr/bin/env bun
/**
 * bun bench/passkeys.ts — what a sign-in costs the server with a passkey against the password, side by side:
 * POST /login (argon2id at production's cost) vs POST /login/passkey/options + POST /login/passkey (a stored
 * challenge, ECDSA P-256 verify, the challenge spent and the counter moved), in-process (app.handle) on a real
 * SQLite file, alternating rounds, medians. The authenticator's own signing (test/auth/passkey-device.ts) is
 * outside the timed part, as a phone's is.
 */
import { join } from "node:path";
import { createApp } from "../src/app";
import { loadConfig } from "../src/config";
import { Catalogue } from "../src/db/catalogue";
import { openDatabase } from "../src/db/client";
import { DEFAULT_PASSWORD_COST } from "../src/features/auth/service";
import { quietLogger } from "../src/lib/log";
import { SoftAuthenticator } from "../test/auth/passkey-device";
import { machine, median, numberArg } from "./lib/wrk";
import { tempDir } from "./lib/tmp";

const rounds = numberArg("--rounds", 3);
const perRound = numberArg("--n", 15);
let clock = Date.parse("2026-12-01T12:00:00Z");
const app = createApp({
  db: openDatabase(join(tempDir(), "bench.db")),
  catalogue: new Catalogue(loadConfig([], {}).cataloguePath),
  jwtSecret: "bench-secret-0123456789-abcdefghijklmnopqrstuvwxyz",
  now: () => new Date(clock),
  logger: quietLogger,
  logRequests: false,
  passwordCost: DEFAULT_PASSWORD_COST,
  loginLimits: { perEmail: 1e9, perAddress: 1e9, windowMs: 1 },
});
async function call(method: string, path: string, body?: unknown, token?: string): Promise<any> {
  const headers: Record<string, string> = body === undefined ? {} : { "content-type": "application/json" };
  if (token) headers.authorization = `Bearer ${token}`;
  const r = await app.handle(
    new Request(`http://localhost/api/v1${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  if (r.status >= 300) throw new Error(`${method} ${path} → ${r.status}: ${(await r.text()).slice(0, 200)}`);
  return r.json();
}

const who = { email: "bench@example.org", password: "bench password" };
const me = await call("POST", "/register", { ...who, name: "Bench" });
const device = await SoftAuthenticator.make();
const created = await device.create(await call("POST", "/me/passkeys/options", undefined, me.access_token));
await call("POST", "/me/passkeys", { credential: created }, me.access_token);

async function passwordOnce(): Promise<number> {
  const s = performance.now();
  await call("POST", "/login", who);
  return performance.now() - s;
}
async function passkeyOnce(): Promise<number> {
  clock += 61_000; // the options' per-address minute: a bench asks for more than a person does
  const s = performance.now();
  const options = await call("POST", "/login/passkey/options");
  const asked = performance.now() - s;
  const credential = await device.get(options); // the authenticator's part, not the server's
  const s2 = performance.now();
  await call("POST", "/login/passkey", { credential });
  return asked + (performance.now() - s2);
}

await passwordOnce();
await passkeyOnce(); // loads @simplewebauthn/server
const runs = { password: [] as number[], passkey: [] as number[] };
for (let r = 0; r < rounds; r++) {
  const p: number[] = [];
  const k: number[] = [];
  for (let i = 0; i < perRound; i++) {
    p.push(await passwordOnce());
    k.push(await passkeyOnce());
  }
  runs.password.push(median(p));
  runs.passkey.push(median(k));
}
const pw = median(runs.password);
const pk = median(runs.passkey);
console.log(
  `bench:passkeys — in-process app.handle, ${rounds} rounds of ${perRound} alternating sign-ins; ${machine()}\n`,
);
console.log("| sign-in | server ms (median of round medians) |");
console.log("|---|---|");
console.log(`| password: POST /login (argon2id m=19 MiB, t=2) | ${pw.toFixed(2)} |`);
console.log(`| passkey: POST /login/passkey/options + POST /login/passkey | ${pk.toFixed(2)} |`);
console.log(
  `\nsummary: passkey sign-in, server ms | ${pk.toFixed(2)} | password ${pw.toFixed(2)} | ${(pk / pw).toFixed(2)}×`,
);
