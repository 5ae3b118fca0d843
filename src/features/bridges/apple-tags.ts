/**
 * The byte-level pieces of the export.xml scanner (apple.ts): tag prefixes as bytes, comparing them
 * without decoding, and a wanted tag's attributes (XML entities decoded: source names hold
 * `&apos;`, devices `&lt;`).
 */
import { AppError } from "../../lib/errors";

export const PREFIX = "HKQuantityTypeIdentifier";
export const bytes = (s: string) => new TextEncoder().encode(s);
export const LT = 60;
export const EMPTY = new Uint8Array(0);
export const RECORD = bytes("Record ");
export const TYPE_ATTR = bytes(`type="${PREFIX}`);
export const WORKOUT = bytes("Workout");
export const STATISTICS = bytes("WorkoutStatistics ");
export const END_WORKOUT = bytes("/Workout>");
export const HEALTH_DATA = bytes("HealthData");
const utf8 = new TextDecoder("utf-8", { fatal: true });
/** Sections whose `<` starts no tag: comments and CDATA, with the bytes that end each. */
const SKIPPED: [Uint8Array, Uint8Array][] = [
  [bytes("<!--"), bytes("-->")],
  [bytes("<![CDATA["), bytes("]]>")],
];

/**
 * At a `<`: the end marker (and where the search for it starts) when a comment or CDATA section
 * opens there; "maybe" when the slice ends before it can tell; null for a tag.
 */
export function skippedAt(buf: Uint8Array, at: number): { from: number; end: Uint8Array } | "maybe" | null {
  for (const [open, end] of SKIPPED) {
    const n = Math.min(open.length, buf.length - at);
    let same = true;
    for (let i = 0; i < n && same; i++) same = buf[at + i] === open[i];
    if (!same) continue;
    return n < open.length ? "maybe" : { from: at + open.length, end };
  }
  return null;
}

/** Where `pattern` first occurs in `buf` at or after `from` (-1: nowhere), by the native search. */
export function find(buf: Uint8Array, pattern: Uint8Array, from: number): number {
  return Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength).indexOf(pattern, from);
}

export function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/** Does `buf` hold `pattern` at `at`? */
export function has(buf: Uint8Array, at: number, pattern: Uint8Array): boolean {
  if (at + pattern.length > buf.length) return false;
  for (let i = 0; i < pattern.length; i++) if (buf[at + i] !== pattern[i]) return false;
  return true;
}

/** A wanted tag's text; a tag that is not UTF-8 is a 400 (the file is not what Health writes). */
export function decodeTag(buf: Uint8Array, at: number, end: number): string {
  try {
    return utf8.decode(buf.subarray(at, end));
  } catch {
    throw new AppError("validation_failed", "export.xml is not UTF-8 text", [
      { field: "file", message: "export.xml is not UTF-8 text: export it again from the Health app" },
    ]);
  }
}

const isNameStart = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
const isNameChar = (c: number) => isNameStart(c) || (c >= 48 && c <= 57) || c === 45 || c === 46;

/**
 * A tag's `name="value"` pairs. Scanned by hand, each character looked at a bounded number of times:
 * the pattern this replaced (`([A-Za-z_][\w.-]*)="([^"]*)"`) backtracked over a long run of name
 * characters, a 96 KiB attribute took seconds and a 1 MiB one about an hour, in a thread that
 * `terminate()` could not stop inside the regex engine.
 */
export function attrs(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  let from = 0;
  for (;;) {
    const eq = text.indexOf('="', from);
    if (eq < 0) return out;
    const close = text.indexOf('"', eq + 2);
    if (close < 0) return out;
    // the name is the run of name characters before `="`, from its first letter or underscore;
    // the walk back stops at the end of the previous value, so no character is walked twice
    let start = eq;
    while (start > from && isNameChar(text.charCodeAt(start - 1))) start--;
    while (start < eq && !isNameStart(text.charCodeAt(start))) start++;
    if (start === eq) {
      // no name before this `="`: it opens no value, and the `"` may be the next pair's to open
      from = eq + 1;
      continue;
    }
    const value = text.slice(eq + 2, close);
    out[text.slice(start, eq)] = value.includes("&") ? unescapeXml(value) : value;
    from = close + 1;
  }
}

function unescapeXml(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, e: string) => {
    const k = e.toLowerCase();
    if (k === "amp") return "&";
    if (k === "lt") return "<";
    if (k === "gt") return ">";
    if (k === "quot") return '"';
    if (k === "apos") return "'";
    const code = k.startsWith("#x") ? Number.parseInt(k.slice(2), 16) : Number(k.slice(1));
    return code > 0 && code < 0x110000 ? String.fromCodePoint(code) : "";
  });
}

/** "HKWorkoutActivityTypeTraditionalStrengthTraining" → "Traditional Strength Training". */
export function workoutName(type: string): string {
  const bare = type.replace(/^HKWorkoutActivityType/, "");
  return bare.replace(/([a-z])([A-Z])/g, "$1 $2").trim() || "Workout";
}
