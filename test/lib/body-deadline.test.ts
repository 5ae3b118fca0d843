/**
 * A body with a deadline (POST /import's: a byte every 15 s, all within 120 s) is given up with 408
 * request_timeout when it stalls or trickles, and its stream is cancelled, so a trickled upload cannot
 * hold an import slot (issue 47). Short deadlines here; the conditions, not the clock, are asserted.
 */
import { expect, test } from "bun:test";
import { readLimited } from "../../src/http/read-body";
import { AppError } from "../../src/lib/errors";

const post = (body: ReadableStream<Uint8Array>) =>
  new Request("http://localhost/", { method: "POST", body, duplex: "half" } as RequestInit);

async function refusal(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error("the body was read whole");
}

test("a body that stops sending is refused with 408, and its stream cancelled", async () => {
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      c.enqueue(new Uint8Array([1, 2, 3]));
    },
    cancel() {
      cancelled = true;
    },
  });
  const e = await refusal(readLimited(post(body), 1000, { stallMs: 50, totalMs: 60_000 }));
  expect(e.code).toBe("request_timeout");
  expect(e.status).toBe(408);
  expect(e.message).toContain("stalled");
  expect(cancelled).toBe(true);
});

test("a body that trickles (a byte now and then, never a stall) is refused once its whole deadline passes", async () => {
  let timer: ReturnType<typeof setInterval> | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      timer = setInterval(() => c.enqueue(new Uint8Array([1])), 5);
    },
    cancel() {
      clearInterval(timer);
    },
  });
  const e = await refusal(readLimited(post(body), 1_000_000, { stallMs: 10_000, totalMs: 100 }));
  clearInterval(timer);
  expect(e.code).toBe("request_timeout");
  expect(e.message).toContain("was not whole within");
});

test("without a deadline, and within one, a body is read whole", async () => {
  const body = () =>
    new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(new Uint8Array([1, 2]));
        c.enqueue(new Uint8Array([3]));
        c.close();
      },
    });
  expect([...(await readLimited(post(body()), 10))]).toEqual([1, 2, 3]);
  expect([...(await readLimited(post(body()), 10, { stallMs: 10_000, totalMs: 60_000 }))]).toEqual([1, 2, 3]);
});
