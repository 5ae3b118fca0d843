#!/usr/bin/env bun
/**
 * bun run bench:auth — what authentication costs per request, and what a password hash costs.
 *  1. wrk on a trivial route behind the auth macro vs the same route without it, same process,
 *     alternating rounds, medians.
 *  2. Bun.password.hash / verify (argon2id) at production's cost (OWASP's m=19 MiB, t=2, p=1) and at Bun's default
 *     (m=64 MiB, t=2, production's cost before), alternating, medians; and a password change (verify the old one,
 *     hash the new one) at each.
 */
import { DEFAULT_PASSWORD_COST } from "../src/features/auth/service";
import { machine, median, numberArg, requireWrk, wrk } from "./lib/wrk";

const seconds = numberArg("--seconds", 5);
const rounds = numberArg("--rounds", 3);
requireWrk();

const proc = Bun.spawn(["bun", `${import.meta.dir}/lib/auth-server.ts`], { stdout: "pipe", stderr: "inherit" });
let out = "";
const reader = proc.stdout.getReader();
while (!/PORT \d+/.test(out)) {
  const { value, done } = await reader.read();
  if (done) throw new Error(`auth server exited: ${out}`);
  out += new TextDecoder().decode(value);
}
const port = Number(out.match(/PORT (\d+)/)![1]);
const token = out.match(/TOKEN (\S+)/)![1]!;
const base = `http://127.0.0.1:${port}`;
const check = await fetch(`${base}/authed`, { headers: { authorization: `Bearer ${token}` } });
if (check.status !== 200) throw new Error(`authed route answered ${check.status}`);

const open: number[] = [];
const authed: number[] = [];
const p99: { open: number[]; authed: number[] } = { open: [], authed: [] };
try {
  wrk(`${base}/open`, { seconds: 1 });
  wrk(`${base}/authed`, { seconds: 1, headers: { authorization: `Bearer ${token}` } });
  for (let r = 0; r < rounds; r++) {
    const o = wrk(`${base}/open`, { seconds });
    const a = wrk(`${base}/authed`, { seconds, headers: { authorization: `Bearer ${token}` } });
    if (a.non2xx) throw new Error(`${a.non2xx} non-2xx on /authed`);
    open.push(o.rps);
    authed.push(a.rps);
    p99.open.push(o.p99ms);
    p99.authed.push(a.p99ms);
  }
} finally {
  proc.kill();
}

async function timeHash(opts: { memoryCost: number; timeCost: number }) {
  const hashes: number[] = [];
  const verifies: number[] = [];
  let h = "";
  for (let i = 0; i < 7; i++) {
    const s = performance.now();
    h = await Bun.password.hash("correct horse battery", { algorithm: "argon2id", ...opts });
    hashes.push(performance.now() - s);
  }
  for (let i = 0; i < 7; i++) {
    const s = performance.now();
    await Bun.password.verify("correct horse battery", h);
    verifies.push(performance.now() - s);
  }
  return { hash: median(hashes), verify: median(verifies) };
}
// alternating, so a busy moment of the shared box falls on both
const runs = { prod: [] as { hash: number; verify: number }[], bunDefault: [] as { hash: number; verify: number }[] };
for (let r = 0; r < 3; r++) {
  runs.prod.push(await timeHash(DEFAULT_PASSWORD_COST));
  runs.bunDefault.push(await timeHash({ memoryCost: 65536, timeCost: 2 }));
}
const med = (xs: { hash: number; verify: number }[]) => ({
  hash: median(xs.map((x) => x.hash)),
  verify: median(xs.map((x) => x.verify)),
});
const prod = med(runs.prod);
const before = med(runs.bunDefault);

console.log(`bench:auth — wrk -t2 -c64, ${rounds} alternating rounds of ${seconds}s; ${machine()}\n`);
console.log("| route | req/s (median) | p99 ms (median) |");
console.log("|---|---|---|");
console.log(`| GET /open (no auth) | ${median(open).toFixed(0)} | ${median(p99.open).toFixed(2)} |`);
console.log(
  `| GET /authed (JWT verify + session PK join) | ${median(authed).toFixed(0)} | ${median(p99.authed).toFixed(2)} |`,
);
console.log(
  `\nratio authed / open: ${(median(authed) / median(open)).toFixed(2)}×; per request ≈ ${((1 / median(authed) - 1 / median(open)) * 1e6).toFixed(1)} µs of auth on one core`,
);
console.log(
  `summary: trivial route behind auth, req/s | ${median(authed).toFixed(0)} | same route, no auth ${median(open).toFixed(0)} | ${(median(authed) / median(open)).toFixed(2)}×`,
);
console.log(
  `summary: argon2id hash (OWASP m=19 MiB, t=2, p=1) | ${prod.hash.toFixed(0)} ms | Bun's default m=64 MiB ${before.hash.toFixed(0)} ms | ${(prod.hash / before.hash).toFixed(2)}× | login limits: 5/email, 20/address per 15 min`,
);
console.log(`\nargon2id (Bun.password), medians of 3 alternating rounds of 7:`);
console.log(`| cost | hash ms | verify ms | password change (verify + hash) ms |`);
console.log(`|---|---|---|---|`);
console.log(
  `| production: OWASP m=19 MiB, t=2, p=1 | ${prod.hash.toFixed(1)} | ${prod.verify.toFixed(1)} | ${(prod.hash + prod.verify).toFixed(1)} |`,
);
console.log(
  `| Bun's default (production before): m=64 MiB, t=2 | ${before.hash.toFixed(1)} | ${before.verify.toFixed(1)} | ${(before.hash + before.verify).toFixed(1)} |`,
);
console.log(
  `ratio OWASP / Bun's default, password change: ${((prod.hash + prod.verify) / (before.hash + before.verify)).toFixed(2)}×`,
);
