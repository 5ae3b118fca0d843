/**
 * The byte-level pieces of the export.xml scanner (apple.ts): tag prefixes as bytes, comparing them
 * without decoding, and a wanted tag's attributes (XML entities decoded: source names hold
 * `&apos;`, devices `&lt;`).
 */
import { AppError } from "../../lib/errors";

const ATTR = /([A-Za-z_][\w.-]*)="([^"]*)"/g;
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

export function attrs(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  ATTR.lastIndex = 0;
  for (let m = ATTR.exec(text); m; m = ATTR.exec(text)) out[m[1]!] = m[2]!.includes("&") ? unescapeXml(m[2]!) : m[2]!;
  return out;
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
