/**
 * A Health Auto Export push of tens of MiB is parsed and checked away from the thread that answers requests (the
 * bridges' reader thread): against the real server process, /healthz is answered again and again after the push's
 * last byte has gone and before the push is answered. Parsed on the request thread, a 24 MiB push let about a dozen
 * through (the thread yielded only between slices of the nesting scan); off it, thousands are answered.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { connect } from "node:net";
import { processWithAccount, type startProcess, tempDir } from "../helpers";

let server: Awaited<ReturnType<typeof startProcess>>;
let token = "";

beforeAll(async () => {
  ({ server, token } = await processWithAccount(tempDir(), "thread"));
});
afterAll(() => server.stop());

/** Two metrics Morsel does not keep, 200,000 samples each (about 24 MiB): all parsing and checking, nothing to write. */
function bigPush(): Uint8Array {
  const data = Array.from({ length: 200_000 }, (_, i) => ({
    qty: 60 + (i % 40),
    date: `2024-01-${String(1 + (i % 28)).padStart(2, "0")} 10:${String(i % 60).padStart(2, "0")}:00 +0000`,
    source: "Apple Watch",
  }));
  const json = JSON.stringify({
    data: {
      metrics: [
        { name: "heart_rate", units: "count/min", data },
        { name: "respiratory_rate", data },
      ],
    },
  });
  return new TextEncoder().encode(json);
}

/** POSTs `body` on a socket of its own: `sent` settles when its last byte is handed over, `answered` with the status. */
function push(body: Uint8Array): { sent: Promise<void>; answered: Promise<number> } {
  const { hostname, port } = new URL(server.url);
  let sent!: () => void;
  const sentP = new Promise<void>((r) => (sent = r));
  const answered = new Promise<number>((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(
        `POST /api/v1/health/auto-export HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAuthorization: Bearer ${token}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${body.byteLength}\r\nConnection: close\r\n\r\n`,
      );
      socket.write(body, () => sent());
    });
    let got = "";
    socket.on("data", (b) => {
      got += b.toString();
      const status = /^HTTP\/1\.1 (\d{3})/.exec(got);
      if (got.includes("\r\n\r\n") && status) {
        resolve(Number(status[1]));
        socket.destroy();
      }
    });
    socket.on("error", reject);
  });
  return { sent: sentP, answered };
}

test("/healthz is answered while a 24 MiB push is parsed and checked", async () => {
  const body = bigPush();
  expect(body.byteLength).toBeGreaterThan(20 * 2 ** 20);
  const p = push(body);
  let done = false;
  const status = p.answered.then((s) => {
    done = true;
    return s;
  });
  await p.sent;
  // each /healthz waits for the one before: an answer means the server's thread was free for it
  let answeredMeanwhile = 0;
  while (!done) {
    const r = await fetch(`${server.url}/healthz`);
    await r.arrayBuffer();
    if (r.status === 200 && !done) answeredMeanwhile++;
  }
  expect(await status).toBe(200);
  console.log(`/healthz answered ${answeredMeanwhile} times while the push was read`);
  // each answer is a moment the thread was free mid-read: a thread blocked by the read answers at most the one probe
  // that came before the block (and the rest once the push is answered). How many fit depends on how fast the read
  // is (30 when it built the whole document, ~8 since it is read from its bytes), so the bound is a few, not a rate.
  expect(answeredMeanwhile).toBeGreaterThanOrEqual(3);
}, 120_000);
