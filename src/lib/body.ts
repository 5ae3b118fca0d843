/**
 * Request bodies are read here, with a byte limit enforced while streaming, so a client that
 * sends no Content-Length (chunked) cannot make us buffer more than the limit.
 */
import { AppError } from "./errors";

export const JSON_BODY_LIMIT = 1024 * 1024; // 1 MiB: the largest JSON body is a 500-mutation sync push

export function tooLarge(limit: number): AppError {
  return new AppError("payload_too_large", `request body is larger than the ${formatBytes(limit)} limit`);
}

export function formatBytes(n: number): string {
  return n >= 1024 * 1024 ? `${Math.floor(n / (1024 * 1024))} MiB` : `${Math.floor(n / 1024)} KiB`;
}

/** Reads the whole body, throwing 413 as soon as it passes `limit` bytes. */
export async function readLimited(request: Request, limit: number): Promise<Uint8Array> {
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > limit) throw tooLarge(limit);
  if (!request.body) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let off = 0;
  for (const c of chunks) {
    out.set(c, off);
    off += c.byteLength;
  }
  return out;
}

/** Deepest nesting of objects and arrays a JSON body may have; a meal is 3 levels, an export 5. */
export const MAX_JSON_DEPTH = 32;

const POISON = /"(__proto__|constructor|prototype)"/;
function dropPoison(key: string, value: unknown): unknown {
  return key === "__proto__" || key === "constructor" || key === "prototype" ? undefined : value;
}

/**
 * How deep objects and arrays nest, outside strings; stops counting past 10,000. A linear scan
 * before parsing, so a 200,000-deep body never reaches code that recurses (validation, cloning).
 */
export function nestingDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      if (++depth > max && (max = depth) > 10_000) return max;
    } else if (c === 125 || c === 93) depth--;
  }
  return max;
}

/** Parses a JSON body: 413 past the limit, 400 malformed_json for bad UTF-8 or bad JSON. */
export async function readJson(request: Request, limit = JSON_BODY_LIMIT): Promise<unknown> {
  const bytes = await readLimited(request, limit);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new AppError("malformed_json", "request body is not valid UTF-8");
  }
  if (text.trim() === "") throw new AppError("malformed_json", "request body is empty; send a JSON object");
  const depth = nestingDepth(text);
  if (depth > MAX_JSON_DEPTH) {
    throw new AppError("validation_failed", `request body nests ${depth > 10_000 ? "more than 10000" : depth} levels deep; at most ${MAX_JSON_DEPTH} are allowed`, [
      { field: "body", message: `must nest at most ${MAX_JSON_DEPTH} levels of objects and arrays` },
    ]);
  }
  try {
    // Keys that would reach an object's prototype never supply a field.
    return POISON.test(text) ? JSON.parse(text, dropPoison) : JSON.parse(text);
  } catch (e) {
    const detail = e instanceof Error ? e.message : "syntax error";
    throw new AppError("malformed_json", `request body is not valid JSON: ${detail}`);
  }
}
