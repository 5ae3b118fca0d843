/**
 * Large JSON answers written a piece at a time: a stream whose pieces are made as the client reads,
 * handing the event loop back every few milliseconds (lib/pace.ts), so one big answer never holds
 * the server (a 29 MB sync answer was one 90 ms JSON.stringify; exports were seconds).
 */
import { pacer } from "./pace";

/** `head`, then each item as JSON with commas between, then `tail`; pausing when due. */
export async function* jsonPieces(
  head: string,
  items: Iterable<unknown> | AsyncIterable<unknown>,
  tail: string,
): AsyncGenerator<string> {
  const pause = pacer();
  yield head;
  let first = true;
  for await (const item of items) {
    yield `${first ? "" : ","}${JSON.stringify(item)}`;
    first = false;
    await pause();
  }
  yield tail;
}

/** A stream of text, UTF-8 encoded, for a Response body. */
export function textStream(pieces: AsyncGenerator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    async pull(controller) {
      const { value, done } = await pieces.next();
      if (done) controller.close();
      else controller.enqueue(encoder.encode(value));
    },
    async cancel() {
      await pieces.return(undefined);
    },
  });
}

/** A 200 JSON Response whose body is `pieces` (see jsonPieces), streamed as the client reads. */
export function streamedJson(pieces: AsyncGenerator<string>): Response {
  return new Response(textStream(pieces), { headers: { "content-type": "application/json; charset=utf-8" } });
}
