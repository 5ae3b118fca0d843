/** Pure validators for account fields. Each returns the cleaned value or a detail message. */
import type { ErrorDetail } from "../../lib/errors";
import { AppError } from "../../lib/errors";
import { regionCode } from "../foods/region";

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const NAME_MAX = 100;
export const EMAIL_MAX = 254;

// One @, no spaces, a dot in the domain, no leading/trailing dot: what mail servers accept in practice.
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export type Check<T> = { ok: true; value: T } | { ok: false; message: string };

export function checkEmail(raw: unknown): Check<string> {
  if (typeof raw !== "string") return { ok: false, message: "is required and must be a string" };
  const v = raw.trim().toLowerCase();
  if (v.length === 0) return { ok: false, message: "is required" };
  if (v.length > EMAIL_MAX) return { ok: false, message: `must be at most ${EMAIL_MAX} characters` };
  if (!EMAIL.test(v)) return { ok: false, message: "must be a valid email address such as ana@example.org" };
  return { ok: true, value: v };
}

export function checkPassword(raw: unknown): Check<string> {
  if (typeof raw !== "string") return { ok: false, message: "is required and must be a string" };
  const n = [...raw].length; // characters, not UTF-16 units
  if (n < PASSWORD_MIN || n > PASSWORD_MAX)
    return { ok: false, message: `must be ${PASSWORD_MIN}–${PASSWORD_MAX} characters` };
  return { ok: true, value: raw };
}

export function checkName(raw: unknown): Check<string> {
  if (typeof raw !== "string") return { ok: false, message: "is required and must be a string" };
  const v = raw.trim();
  const n = [...v].length;
  if (n < 1 || n > NAME_MAX) return { ok: false, message: `must be 1–${NAME_MAX} characters after trimming spaces` };
  return { ok: true, value: v };
}

/** An IANA time zone, returned in its canonical spelling ("europe/lisbon" → "Europe/Lisbon"). */
export function checkTimezone(raw: unknown): Check<string> {
  if (typeof raw !== "string" || raw.trim() === "")
    return { ok: false, message: "must be an IANA time zone such as Europe/Lisbon" };
  try {
    return { ok: true, value: new Intl.DateTimeFormat("en-US", { timeZone: raw.trim() }).resolvedOptions().timeZone };
  } catch {
    return { ok: false, message: `must be an IANA time zone such as Europe/Lisbon; "${raw.slice(0, 64)}" is not one` };
  }
}

/** A region: an assigned ISO 3166-1 alpha-2 code, any case, returned upper-case. */
export function checkRegion(raw: unknown): Check<string> {
  const code = regionCode(raw);
  return code
    ? { ok: true, value: code }
    : { ok: false, message: "must be an ISO 3166-1 alpha-2 country code such as GB, US, AU or IN" };
}

export function checkWeightUnit(raw: unknown): Check<string> {
  return raw === "kg" || raw === "lb" || raw === "st"
    ? { ok: true, value: raw }
    : { ok: false, message: 'must be "kg", "lb" or "st" (stones and pounds)' };
}

export const DEVICE_MAX = 100;

/** A session's device label ("Ana's phone"): optional, 1–100 characters after trimming. */
export function checkDevice(raw: unknown): Check<string | null> {
  if (raw === undefined || raw === null) return { ok: true, value: null };
  if (typeof raw !== "string") return { ok: false, message: 'must be a string such as "Ana\'s phone"' };
  const v = raw.trim();
  if (v.length < 1 || [...v].length > DEVICE_MAX)
    return { ok: false, message: `must be 1–${DEVICE_MAX} characters after trimming spaces` };
  return { ok: true, value: v };
}

/** A short label from a User-Agent ("Firefox on Android", "curl"), for sessions that name no device. */
export function deviceLabel(ua: string | null | undefined): string | null {
  if (!ua) return null;
  const first = (names: [RegExp, string][]) => names.find(([re]) => re.test(ua))?.[1];
  const app = first([
    [/Edg\//, "Edge"],
    [/Firefox\//, "Firefox"],
    [/Chrom(e|ium)\//, "Chrome"],
    [/Safari\//, "Safari"],
    [/^curl\//, "curl"],
    [/okhttp/i, "okhttp"],
    [/python/i, "Python"],
    [/^Bun\//, "Bun"],
    [/^node/i, "Node"],
  ]);
  const os = first([
    [/Android/, "Android"],
    [/iPhone/, "iPhone"],
    [/iPad/, "iPad"],
    [/Windows/, "Windows"],
    [/Mac OS X/, "macOS"],
    [/CrOS/, "ChromeOS"],
    [/Linux/, "Linux"],
  ]);
  if (!app && !os) return ua.slice(0, DEVICE_MAX);
  return [app, os && `on ${os}`].filter(Boolean).join(" ");
}

/** Runs the checks and throws one validation_failed listing every bad field. */
export function validateAll<T extends Record<string, Check<unknown>>>(
  checks: T,
): { [K in keyof T]: T[K] extends Check<infer V> ? V : never } {
  const details: ErrorDetail[] = [];
  const out: Record<string, unknown> = {};
  for (const [field, c] of Object.entries(checks)) {
    if (c.ok) out[field] = c.value;
    else details.push({ field, message: c.message });
  }
  if (details.length) throw new AppError("validation_failed", `${details[0]!.field} ${details[0]!.message}`, details);
  return out as { [K in keyof T]: T[K] extends Check<infer V> ? V : never };
}
