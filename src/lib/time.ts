/**
 * Calendar dates in a user's IANA time zone, and strict parsing of the contract's date and
 * timestamp formats. Pure; uses Intl (the runtime's tz database), so DST is handled by it.
 */

const dateFormatters = new Map<string, Intl.DateTimeFormat>();
function partsFormatter(tz: string): Intl.DateTimeFormat {
  let f = dateFormatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone: tz,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    dateFormatters.set(tz, f);
  }
  return f;
}

/**
 * Each zone's UTC offset for the last minute asked: formatToParts is ~10 µs and was a tenth of a
 * logged meal's time; zones change offset on a minute boundary, so the offset found for a minute's
 * start holds for every instant in it.
 */
const offsets = new Map<string, { minute: number; offsetMs: number }>();

function wallClock(instant: Date, tz: string): { y: number; m: number; d: number; h: number; min: number; s: number } {
  const t = instant.getTime();
  const minute = Math.floor(t / 60_000);
  let o = offsets.get(tz);
  if (!o || o.minute !== minute) {
    const p: Record<string, number> = {};
    for (const part of partsFormatter(tz).formatToParts(minute * 60_000))
      if (part.type !== "literal") p[part.type] = Number(part.value);
    const wall = new Date(0);
    wall.setUTCFullYear(p.year!, p.month! - 1, p.day!);
    wall.setUTCHours(p.hour! % 24, p.minute!, p.second!);
    offsets.set(tz, (o = { minute, offsetMs: wall.getTime() - minute * 60_000 }));
  }
  const w = new Date(t + o.offsetMs);
  return {
    y: w.getUTCFullYear(),
    m: w.getUTCMonth() + 1,
    d: w.getUTCDate(),
    h: w.getUTCHours(),
    min: w.getUTCMinutes(),
    s: w.getUTCSeconds(),
  };
}

const pad = (n: number, w = 2) => String(n).padStart(w, "0");

/** The calendar date (YYYY-MM-DD) of `instant` in time zone `tz`. */
export function localDate(instant: Date, tz: string): string {
  const w = wallClock(instant, tz);
  return `${pad(w.y, 4)}-${pad(w.m)}-${pad(w.d)}`;
}

/** The wall-clock hour and minute of `instant` in time zone `tz`. */
export function localClock(instant: Date, tz: string): [number, number] {
  const w = wallClock(instant, tz);
  return [w.h % 24, w.min];
}

/** The instant at which the wall clock in `tz` shows `date` `hh:mm` (a time inside a DST gap lands next to it). */
export function localTimeToInstant(date: string, hh: number, mm: number, tz: string): Date {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const wanted = Date.UTC(y, m - 1, d, hh, mm);
  let guess = wanted;
  for (let i = 0; i < 3; i++) {
    const w = wallClock(new Date(guess), tz);
    const shown = Date.UTC(w.y, w.m - 1, w.d, w.h, w.min, w.s);
    guess += wanted - shown;
  }
  return new Date(guess);
}

/** Adds whole days to a calendar date. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return `${pad(t.getUTCFullYear(), 4)}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

/** A real calendar date YYYY-MM-DD between 1900 and 2200 (2026-02-30 is not). */
export function isCalendarDate(s: unknown): s is string {
  if (typeof s !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const [y, m, d] = s.split("-").map(Number) as [number, number, number];
  if (y < 1900 || y > 2200) return false;
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?([Zz]|[+-]\d{2}:\d{2})$/;

/** Parses an RFC 3339 timestamp strictly (offset required, fields in range); null if it is not one. */
export function parseRfc3339(s: unknown): Date | null {
  if (typeof s !== "string") return null;
  const m = s.match(RFC3339);
  if (!m) return null;
  const [, y, mo, d, h, mi, se, , off] = m;
  if (!isCalendarDate(`${y}-${mo}-${d}`) || Number(h) > 23 || Number(mi) > 59 || Number(se) > 60) return null;
  if (off !== "Z" && off !== "z") {
    const [oh, om] = off!.slice(1).split(":").map(Number) as [number, number];
    if (oh > 23 || om > 59) return null;
  }
  const t = new Date(s.replace(/[Tt]/, "T").replace(/z$/, "Z"));
  return Number.isNaN(t.getTime()) ? null : t;
}

/** RFC 3339 UTC with second precision, the contract's timestamp form: 2026-11-22T08:15:00Z. */
export function toRfc3339(t: Date): string {
  return `${t.toISOString().slice(0, 19)}Z`;
}
