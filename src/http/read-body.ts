/**
 * Request bodies are read here, with a byte limit enforced while streaming, so a client that
 * sends no Content-Length (chunked) cannot make us buffer more than the limit.
 */
import { AppError } from "../lib/errors";
import { MAX_JSON_DEPTH } from "../lib/json-depth";

export const JSON_BODY_LIMIT = 1024 * 1024; // 1 MiB: the largest JSON body is a 500-mutation sync push

export function tooLarge(limit: number): AppError {
  return new AppError("payload_too_large", `request body is larger than the ${formatBytes(limit)} limit`);
}

export function formatBytes(n: number): string {
  if (n >= 1024 ** 3 && n % 1024 ** 3 === 0) return `${n / 1024 ** 3} GiB`;
  return n >= 1024 * 1024 ? `${Math.floor(n / (1024 * 1024))} MiB` : `${Math.floor(n / 1024)} KiB`;
}

/**
 * Reads the whole body, throwing 413 as soon as it passes `limit` bytes. With a declared length the
 * bytes go straight into one buffer of that size (a 10 MB upload costs 10 MB, not its chunks plus
 * a joined copy); without one (chunked) the chunks are kept and joined at the end.
 */
export async function readLimited(
  request: Request,
  limit: number,
  deadline?: { stallMs: number; totalMs: number },
): Promise<Uint8Array> {
  const declared = request.headers.get("content-length");
  const length = declared === null ? NaN : Number(declared);
  if (length > limit) throw tooLarge(limit);
  if (!request.body) return new Uint8Array(0);
  const into = Number.isSafeInteger(length) && length > 0 ? new Uint8Array(length) : new Uint8Array(0);
  const chunks: Uint8Array[] = []; // whatever did not fit the declared length (or all of it, chunked)
  let filled = 0;
  let size = 0;
  for await (const value of limitedChunks(request.body, limit, deadline)) {
    size += value.byteLength;
    if (chunks.length === 0 && filled + value.byteLength <= into.byteLength) {
      into.set(value, filled);
      filled += value.byteLength;
    } else chunks.push(value);
  }
  if (chunks.length === 0) return filled === into.byteLength ? into : into.subarray(0, filled);
  const out = new Uint8Array(size);
  out.set(into.subarray(0, filled));
  let off = filled;
  for (const c of chunks) {
    out.set(c, off);
    off += c.byteLength;
  }
  return out;
}

/**
 * Writes the body to the file at `path` as it arrives (an Apple Health export is hundreds of MB; it
 * is never held in memory), with the same limit and deadline as readLimited. Returns its size. The
 * caller owns the file (it is left behind on an error, for the caller to delete).
 */
export async function spoolLimited(
  request: Request,
  path: string,
  limit: number,
  deadline?: { stallMs: number; totalMs: number },
): Promise<number> {
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > limit) throw tooLarge(limit);
  const sink = Bun.file(path).writer({ highWaterMark: 1024 * 1024 });
  let size = 0;
  try {
    if (!request.body) return 0;
    for await (const value of limitedChunks(request.body, limit, deadline)) {
      size += value.byteLength;
      sink.write(value);
      await sink.flush();
    }
    return size;
  } finally {
    await sink.end();
  }
}

/**
 * The body's chunks as they arrive (within the deadline, when given), throwing 413 and cancelling the body as
 * soon as they pass `limit` bytes: readLimited's and spoolLimited's one reading loop.
 */
async function* limitedChunks(
  body: ReadableStream<Uint8Array>,
  limit: number,
  deadline?: { stallMs: number; totalMs: number },
): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  const read = deadline ? timedRead(reader, deadline) : () => reader.read();
  let size = 0;
  for (;;) {
    const { done, value } = await read();
    if (done || !value) return;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge(limit);
    }
    yield value;
  }
}

/**
 * `reader.read` that gives up (cancelling the body, 408) when no byte came for `stallMs`, or the
 * body is not whole `totalMs` after the first read: a trickled upload cannot hold a route's slot.
 */
type Chunk = { done: boolean; value?: Uint8Array };
function timedRead(
  reader: { read(): Promise<Chunk>; cancel(): Promise<void> },
  { stallMs, totalMs }: { stallMs: number; totalMs: number },
): () => Promise<Chunk> {
  const end = performance.now() + totalMs;
  return async () => {
    const left = end - performance.now();
    const wait = Math.min(stallMs, left);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => {
          const why =
            wait < stallMs ? `was not whole within ${totalMs / 1000} s` : `stalled: no byte for ${stallMs / 1000} s`;
          reject(new AppError("request_timeout", `the request body ${why}; send it again`));
        },
        Math.max(0, wait),
      );
    });
    try {
      return await Promise.race([reader.read(), late]);
    } catch (e) {
      await reader.cancel().catch(() => {});
      throw e;
    } finally {
      clearTimeout(timer);
    }
  };
}

export { MAX_JSON_DEPTH };

const POISON = /"(__proto__|constructor|prototype)"/;
function dropPoison(key: string, value: unknown): unknown {
  return key === "__proto__" || key === "constructor" || key === "prototype" ? undefined : value;
}

interface DepthScan {
  depth: number;
  max: number;
  inString: boolean;
  /** The previous slice ended on a backslash inside a string: skip the first character. */
  escaped: boolean;
}

function scanDepth(text: string, from: number, to: number, st: DepthScan): void {
  let i = from;
  if (st.escaped) {
    st.escaped = false;
    i++;
  }
  for (; i < to; i++) {
    const c = text.charCodeAt(i);
    if (st.inString) {
      if (c === 92) {
        if (i + 1 >= to) st.escaped = true; // the escaped character is in the next slice
        i++;
      } else if (c === 34) st.inString = false;
    } else if (c === 34) st.inString = true;
    else if (c === 123 || c === 91) {
      if (++st.depth > st.max && (st.max = st.depth) > 10_000) return;
    } else if (c === 125 || c === 93) st.depth--;
  }
}

/**
 * How deep objects and arrays nest, outside strings; stops counting past 10,000. A linear scan
 * before parsing, so a 200,000-deep body never reaches code that recurses (validation, cloning).
 */
export function nestingDepth(text: string): number {
  const st: DepthScan = { depth: 0, max: 0, inString: false, escaped: false };
  scanDepth(text, 0, text.length, st);
  return st.max;
}

/** The same scan in slices of about 5 ms, giving the event loop back between them (large imports). */
export async function nestingDepthPaced(text: string, slice = 1 << 21): Promise<number> {
  const st: DepthScan = { depth: 0, max: 0, inString: false, escaped: false };
  for (let from = 0; from < text.length && st.max <= 10_000; from += slice) {
    scanDepth(text, from, Math.min(text.length, from + slice), st);
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return st.max;
}

/** Parses a JSON body: 413 past the limit, 400 malformed_json for bad UTF-8 or bad JSON. */
export async function readJson(
  request: Request,
  limit = JSON_BODY_LIMIT,
  deadline?: { stallMs: number; totalMs: number },
): Promise<unknown> {
  return parseJson(await readLimited(request, limit, deadline));
}

/**
 * A JSON body's bytes as a value, as readJson reads them (400 malformed_json for bad UTF-8 or bad JSON, a nesting
 * limit, prototype keys dropped): also for a body a worker reads from its spooled file (body kind "json-file").
 */
export async function parseJson(bytes: Uint8Array): Promise<unknown> {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new AppError("malformed_json", "request body is not valid UTF-8");
  }
  if (text.trim() === "") throw new AppError("malformed_json", "request body is empty; send a JSON object");
  const depth = text.length > 1 << 21 ? await nestingDepthPaced(text) : nestingDepth(text);
  if (depth > MAX_JSON_DEPTH) {
    throw new AppError(
      "validation_failed",
      `request body nests ${depth > 10_000 ? "more than 10000" : depth} levels deep; at most ${MAX_JSON_DEPTH} are allowed`,
      [{ field: "body", message: `must nest at most ${MAX_JSON_DEPTH} levels of objects and arrays` }],
    );
  }
  try {
    // Keys that would reach an object's prototype never supply a field.
    return POISON.test(text) ? JSON.parse(text, dropPoison) : JSON.parse(text);
  } catch (e) {
    const detail = e instanceof Error ? e.message : "syntax error";
    throw new AppError("malformed_json", `request body is not valid JSON: ${detail}`);
  }
}
