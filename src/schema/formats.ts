/**
 * The string formats and the `UnionEnum` kind our schemas use, registered with TypeBox alone, so a
 * bundle that validates with TypeBox (the web app, web/src/checks.ts) accepts exactly what the
 * server does without Elysia. Each is a copy of Elysia's own (elysia/type-system/format, which
 * takes ajv-formats' rules, MIT, © 2020 Evgeny Poberezkin; and Elysia's `t.UnionEnum`):
 * registration keeps whichever came first, and test/contract/typebox-formats.test.ts checks the
 * copies answer as Elysia's do, so the order never changes a verdict.
 */
import { FormatRegistry, TypeRegistry } from "@sinclair/typebox";

const isISO8601 =
  /(\d{4}-[01]\d-[0-3]\dT[0-2]\d:[0-5]\d:[0-5]\d\.\d+([+-][0-2]\d:[0-5]\d|Z))|(\d{4}-[01]\d-[0-3]\dT[0-2]\d:[0-5]\d:[0-5]\d([+-][0-2]\d:[0-5]\d|Z))|(\d{4}-[01]\d-[0-3]\dT[0-2]\d:[0-5]\d([+-][0-2]\d:[0-5]\d|Z))/;
const isFormalDate =
  /(?:Sun|Mon|Tue|Wed|Thu|Fri|Sat)\s(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\s\d{2}\s\d{4}\s\d{2}:\d{2}:\d{2}\sGMT(?:\+|-)\d{4}\s\([^)]+\)/;
const isShortenDate =
  /^(?:(?:(?:(?:0?[1-9]|[12][0-9]|3[01])[/\s-](?:0?[1-9]|1[0-2])[/\s-](?:19|20)\d{2})|(?:(?:19|20)\d{2}[/\s-](?:0?[1-9]|1[0-2])[/\s-](?:0?[1-9]|[12][0-9]|3[01]))))(?:\s(?:1[012]|0?[1-9]):[0-5][0-9](?::[0-5][0-9])?(?:\s[AP]M)?)?$/;

const DATE = /^(\d\d\d\d)-(\d\d)-(\d\d)$/;
const DAYS = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeapYear = (year: number) => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);

function strictDate(str: string): boolean {
  const m = DATE.exec(str);
  if (!m) return false;
  const year = +m[1]!;
  const month = +m[2]!;
  const day = +m[3]!;
  return month >= 1 && month <= 12 && day >= 1 && day <= (month === 2 && isLeapYear(year) ? 29 : DAYS[month]!);
}

const TIME = /^(\d\d):(\d\d):(\d\d(?:\.\d+)?)(z|([+-])(\d\d)(?::?(\d\d))?)?$/i;
function strictTime(str: string): boolean {
  const m = TIME.exec(str);
  if (!m) return false;
  const hr = +m[1]!;
  const min = +m[2]!;
  const sec = +m[3]!;
  const tz = m[4];
  const tzSign = m[5] === "-" ? -1 : 1;
  const tzH = +(m[6] || 0);
  const tzM = +(m[7] || 0);
  if (tzH > 23 || tzM > 59 || !tz) return false;
  if (hr <= 23 && min <= 59 && sec < 60) return true;
  const utcMin = min - tzM * tzSign;
  const utcHr = hr - tzH * tzSign - (utcMin < 0 ? 1 : 0);
  return (utcHr === 23 || utcHr === -1) && (utcMin === 59 || utcMin === -1) && sec < 61;
}

const strictDateTime = (str: string) => {
  const parts = str.split(/t|\s/i);
  return parts.length === 2 && strictDate(parts[0]!) && strictTime(parts[1]!);
};

/** "2026-11-22 +0100" is read as "2026-11-22+0100", as Elysia does. */
const emptySpace = (str: string) =>
  str.charCodeAt(str.length - 6) === 32 ? `${str.slice(0, -6)}+${str.slice(-5)}` : str;

/** Elysia's lenient reading: a strict RFC 3339 value, or another spelling a Date parses. */
const lenient = (strict: (s: string) => boolean) => (temp: string) =>
  (isISO8601.test(temp) || isFormalDate.test(temp) || isShortenDate.test(temp) || strict(temp)) &&
  !Number.isNaN(new Date(temp).getTime());

const UUID = /^(?:urn:uuid:)?[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i;
const EMAIL =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

/** The formats our schemas name, each as Elysia checks it. */
export const FORMATS: Record<string, (value: string) => boolean> = {
  date: (v) => lenient(strictDate)(emptySpace(v).replace(/"/g, "")),
  "date-time": (v) => lenient(strictDateTime)(v.replace(/"/g, "")),
  uuid: (v) => UUID.test(v),
  email: (v) => EMAIL.test(v),
};

/** `Enum` (schemas.ts) is Elysia's UnionEnum kind: a plain JSON-Schema `enum` of strings or numbers. */
export const unionEnumCheck = (schema: { enum?: unknown[] }, value: unknown) =>
  (typeof value === "number" || typeof value === "string" || value === null) && !!schema.enum?.includes(value);

/** Registers each one TypeBox has not got yet. */
export function registerFormats(): void {
  for (const [name, check] of Object.entries(FORMATS)) if (!FormatRegistry.Has(name)) FormatRegistry.Set(name, check);
  if (!TypeRegistry.Has("UnionEnum")) TypeRegistry.Set("UnionEnum", unionEnumCheck);
}
