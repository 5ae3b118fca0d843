/**
 * readLimited (src/http/read-body.ts) on in-process Requests: with a declared length it fills one buffer
 * of that size; chunked bodies are joined; a body longer than it declared is still read whole; the
 * limit is enforced from the header and while streaming.
 */
import { expect, test } from "bun:test";
import { readLimited } from "../../src/http/read-body";

function streamed(parts: number[][], contentLength?: number): Request {
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      for (const p of parts) c.enqueue(new Uint8Array(p));
      c.close();
    },
  });
  const headers: Record<string, string> =
    contentLength === undefined ? {} : { "content-length": String(contentLength) };
  return new Request("http://x/", { method: "POST", body, headers });
}

const code = (p: Promise<unknown>) =>
  p.then(
    () => "read",
    (e: { code?: string }) => e.code,
  );

test("declared length: the bytes in order, in a buffer of exactly that length", async () => {
  const got = await readLimited(streamed([[1, 2], [3], [4, 5, 6]], 6), 100);
  expect([...got]).toEqual([1, 2, 3, 4, 5, 6]);
  expect(got.buffer.byteLength).toBe(6);
});

test("chunked (no length), shorter than declared, and longer than declared: every byte that came, in order", async () => {
  expect([...(await readLimited(streamed([[1], [2, 3], [4]]), 100))]).toEqual([1, 2, 3, 4]);
  expect([...(await readLimited(streamed([[1, 2], [3]], 5), 100))]).toEqual([1, 2, 3]);
  expect([...(await readLimited(streamed([[1, 2], [3, 4], [5]], 3), 100))]).toEqual([1, 2, 3, 4, 5]);
  expect([...(await readLimited(streamed([], 0), 100))]).toEqual([]);
});

test("over the limit: 413 from the header alone, or as soon as the streamed bytes pass it", async () => {
  expect(await code(readLimited(streamed([[1]], 11), 10))).toBe("payload_too_large");
  expect(
    await code(
      readLimited(
        streamed([
          [1, 2, 3, 4, 5, 6],
          [7, 8, 9, 10, 11],
        ]),
        10,
      ),
    ),
  ).toBe("payload_too_large");
  expect(
    await code(
      readLimited(
        streamed(
          [
            [1, 2, 3, 4, 5, 6],
            [7, 8, 9, 10, 11],
          ],
          4,
        ),
        10,
      ),
    ),
  ).toBe("payload_too_large");
  expect(
    await code(
      readLimited(
        streamed(
          [
            [1, 2, 3, 4, 5],
            [6, 7, 8, 9, 10],
          ],
          10,
        ),
        10,
      ),
    ),
  ).toBe("read");
});
