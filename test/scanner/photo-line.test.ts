/**
 * The photo line (API.md §Scanner): each account holds at most a few places in it, the line has an
 * end, and accounts take turns in the photo workers. The worker is held with SIGSTOP (as a slow
 * machine would hold it) so that photos stay in the line while the test looks; nothing is timed.
 */
import { afterAll, expect, test } from "bun:test";
import { DETECTOR_FILES } from "../../src/assets";
import { CocoSsdRecogniser } from "../../src/features/scanner/recognition";
import { DetectorPool } from "../../src/features/scanner/recognition/pool";
import type { AccountLimits } from "../../src/lib/account-gate";
import { quietLogger } from "../../src/lib/log";
import { multipart, plainPhoto } from "../fixtures/images";
import { makeApp, type Reply, registerUser, type TestApp, until } from "../helpers";

const pools: DetectorPool[] = [];
afterAll(async () => {
  for (const p of pools) await p.close();
});

async function line(photoLimits?: AccountLimits) {
  const pool = new DetectorPool({ size: 1, files: DETECTOR_FILES, logger: quietLogger });
  pools.push(pool);
  const app = makeApp({
    recogniser: new CocoSsdRecogniser(pool, quietLogger),
    options: photoLimits ? { photoLimits } : {},
  });
  await pool.warm();
  return { pool, app };
}

/** Stops the photo worker: what is sent now stays in the line. Gives the function that lets it go on. */
function hold(pool: DetectorPool): () => void {
  const pids = pool.pids;
  for (const pid of pids) process.kill(pid, "SIGSTOP");
  return () => {
    for (const pid of pids) {
      try {
        process.kill(pid, "SIGCONT");
      } catch {} // killed meanwhile (the job timeout): nothing to let go
    }
  };
}

/** The answer, once it comes, or the photo taking a place in the line (it was let in). */
async function answerOrQueued(pool: DetectorPool, sent: Promise<Reply>, before: number): Promise<Reply | "queued"> {
  let answer: Reply | undefined;
  void sent.then((r) => (answer = r));
  await until(() => answer !== undefined || inLine(pool) > before);
  return answer ?? "queued";
}

const photo = await plainPhoto(); // no barcode: every photo waits for the model
const upload = (app: TestApp, token: string) => {
  const { body, contentType } = multipart(photo);
  return app.call("POST", "/api/v1/scanner/photo", { token, raw: body, headers: { "content-type": contentType } });
};
const inLine = (pool: DetectorPool) => pool.busy + pool.queued;

test("an account with 3 photos in the line gets 429 with Retry-After for a 4th; another account is still served", async () => {
  const { pool, app } = await line();
  const ana = await registerUser(app.call);
  const bob = await registerUser(app.call);
  const go = hold(pool);
  let anas: ReturnType<typeof upload>[] = [];
  let bobs: ReturnType<typeof upload> | undefined;
  try {
    anas = [1, 2, 3].map(() => upload(app, ana.access_token));
    await until(() => inLine(pool) === 3);
    const fourth = await answerOrQueued(pool, upload(app, ana.access_token), 3);
    if (fourth === "queued") throw new Error("Ana's 4th photo was queued, not refused");
    expect(fourth.status).toBe(429);
    expect(fourth.json.error.code).toBe("rate_limited");
    expect(Number(fourth.headers.get("retry-after"))).toBeGreaterThan(0);
    bobs = upload(app, bob.access_token);
    await until(() => inLine(pool) === 4); // Bob's photo was let in
  } finally {
    go();
  }
  expect((await bobs)?.status).toBe(200);
  expect((await Promise.all(anas)).map((r) => r.status)).toEqual([200, 200, 200]);
  expect((await upload(app, ana.access_token)).status).toBe(200); // answered photos free their places
}, 60_000);

test("the line has an end: when it is full, an account with nothing in it gets 429 too", async () => {
  const { pool, app } = await line({ perAccount: 2, total: 3 });
  const [ana, bob, cleo] = [await registerUser(app.call), await registerUser(app.call), await registerUser(app.call)];
  const go = hold(pool);
  let sent: ReturnType<typeof upload>[] = [];
  try {
    sent = [upload(app, ana.access_token), upload(app, ana.access_token), upload(app, bob.access_token)];
    await until(() => inLine(pool) === 3);
    const refused = await answerOrQueued(pool, upload(app, cleo.access_token), 3);
    if (refused === "queued") throw new Error("Cleo's photo was queued in a full line, not refused");
    expect(refused.status).toBe(429);
    expect(refused.json.error.code).toBe("rate_limited");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  } finally {
    go();
  }
  expect((await Promise.all(sent)).map((r) => r.status)).toEqual([200, 200, 200]);
  expect((await upload(app, cleo.access_token)).status).toBe(200);
}, 60_000);

test("accounts take turns: a photo sent behind another account's backlog is answered before that backlog", async () => {
  const { pool, app } = await line();
  const ana = await registerUser(app.call);
  const bob = await registerUser(app.call);
  const answered: string[] = [];
  const send = (token: string, who: string) =>
    upload(app, token).then((r) => {
      answered.push(who);
      return r;
    });
  const go = hold(pool);
  let all: Promise<unknown>[] = [];
  try {
    all = [send(ana.access_token, "ana"), send(ana.access_token, "ana"), send(ana.access_token, "ana")];
    await until(() => inLine(pool) === 3); // one of Ana's in the (held) worker, two waiting
    all.push(send(bob.access_token, "bob"));
    await until(() => pool.queued === 3); // Bob's waits too, sent last
  } finally {
    go();
  }
  await Promise.all(all);
  // in arrival order Bob would be answered last; in turns, his photo runs right after the one in the worker
  expect(answered.indexOf("bob")).toBeLessThan(3);
  expect(answered.lastIndexOf("ana")).toBe(3);
}, 60_000);
