/**
 * Turns Elysia/TypeBox validation failures into the contract's `validation_failed` details:
 * one entry per field, with a message written from the schema's own constraints
 * ("must be an integer from 1 to 50"), never TypeBox's internal wording or the schema dump.
 *
 * TypeBox alone, no Elysia: the web app bundles this file (web/src/checks.ts), and Elysia would
 * be 220 KB of it. Elysia's ValidationError is read through its shape (`ValidationFailure`).
 */
import { type Static, type TInteger, type TSchema, Type } from "@sinclair/typebox";
import { TypeCompiler } from "@sinclair/typebox/compiler";
import { Value } from "@sinclair/typebox/value";
import { AppError, type ErrorDetail } from "../lib/errors";
import { registerFormats } from "./formats";
import { NO_NUL, NUL_MESSAGE } from "./schemas";

registerFormats();

interface SchemaLike {
  type?: string | string[];
  title?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
  pattern?: string;
  const?: unknown;
  enum?: unknown[];
  anyOf?: SchemaLike[];
  description?: string;
  errorMessage?: string;
}

function list(values: unknown[]): string {
  return values.map((v) => (v === null ? "null" : String(v))).join(", ");
}

/** The most specific member of a union: the integer/number branch of a coerced query param. */
function unwrap(s: SchemaLike): SchemaLike {
  if (!s.anyOf) return s;
  const literals = s.anyOf.filter((m) => m.const !== undefined);
  if (literals.length === s.anyOf.length) return { enum: literals.map((m) => m.const) };
  const typed =
    s.anyOf.find((m) => m.type === "integer" || m.type === "number") ?? s.anyOf.find((m) => m.type !== "null");
  return typed ? { ...typed, minimum: s.minimum ?? typed.minimum, maximum: s.maximum ?? typed.maximum } : s;
}

/** A sentence fragment saying what the schema accepts. */
export function expectation(schema: SchemaLike): string {
  if (schema.errorMessage) return schema.errorMessage;
  const s = unwrap(schema);
  if (s.enum) return `must be one of: ${list(s.enum)}`;
  if (s.const !== undefined) return `must be ${String(s.const)}`;
  const type = Array.isArray(s.type) ? s.type.find((x) => x !== "null") : s.type;
  if (type === "integer" || type === "number") {
    const noun = type === "integer" ? "an integer" : "a number";
    const lo = s.minimum ?? (s.exclusiveMinimum !== undefined ? `more than ${s.exclusiveMinimum}` : undefined);
    const hi = s.maximum ?? (s.exclusiveMaximum !== undefined ? `less than ${s.exclusiveMaximum}` : undefined);
    if (s.minimum !== undefined && s.maximum !== undefined) return `must be ${noun} from ${s.minimum} to ${s.maximum}`;
    if (s.exclusiveMinimum !== undefined && s.maximum !== undefined)
      return `must be ${noun} greater than ${s.exclusiveMinimum} and at most ${s.maximum}`;
    if (lo !== undefined) return typeof lo === "number" ? `must be ${noun} of at least ${lo}` : `must be ${noun} ${lo}`;
    if (hi !== undefined) return typeof hi === "number" ? `must be ${noun} of at most ${hi}` : `must be ${noun} ${hi}`;
    return `must be ${noun}`;
  }
  if (type === "string") {
    if (s.format === "email") return "must be a valid email address";
    if (s.format === "uuid") return "must be a UUID";
    if (s.format === "date") return "must be a calendar date YYYY-MM-DD";
    if (s.format === "date-time") return "must be an RFC 3339 timestamp such as 2026-11-22T08:15:00Z";
    if (s.minLength !== undefined && s.maxLength !== undefined)
      return `must be ${s.minLength}–${s.maxLength} characters`;
    if (s.maxLength !== undefined) return `must be at most ${s.maxLength} characters`;
    if (s.minLength !== undefined) return `must be at least ${s.minLength} characters`;
    if (s.pattern && s.pattern !== NO_NUL) return s.description ? `must be ${s.description}` : "has an invalid format";
    return "must be a string";
  }
  if (type === "boolean") return "must be true or false";
  if (type === "array") {
    if (s.maxItems !== undefined) return `must be an array of at most ${s.maxItems} items`;
    return "must be an array";
  }
  if (type === "object") return "must be a JSON object";
  return "is invalid";
}

function valueAt(root: unknown, path: string): unknown {
  let cur = root;
  for (const part of path.split("/").filter(Boolean)) {
    if (cur === null || typeof cur !== "object") return undefined;
    cur = (cur as Record<string, unknown>)[part.replace(/~1/g, "/").replace(/~0/g, "~")];
  }
  return cur;
}

interface SchemaError {
  path: string;
  schema: unknown;
  value?: unknown;
  /** A union's failures, one list per member (TypeBox). */
  errors?: Iterable<SchemaError>[];
}

/**
 * A nullable object that fails inside (`{ saturday: { energy_kcal: -5 } }` where the weekday may
 * be null) is reported by TypeBox as "expected a union" at the object. When the value is not null
 * and only the non-null member could have matched, its own errors name the field instead.
 */
function intoUnions(errors: SchemaError[]): SchemaError[] {
  return errors.flatMap((e) => {
    if (!e.errors?.length || e.value === null || e.value === undefined) return [e];
    const members = e.errors
      .map((it) => [...it])
      .filter((list) => !list.every((x) => (x.schema as SchemaLike | undefined)?.type === "null"));
    const inner = members.length === 1 ? members[0]!.filter((x) => x.path !== e.path) : [];
    return inner.length ? intoUnions(inner) : [e];
  });
}

/** What an Elysia ValidationError carries: where (`body`, `query`…), the value, and its errors. */
export interface ValidationFailure {
  type: string;
  value: unknown;
  readonly all: unknown;
}

/** Maps an Elysia ValidationError to contract details, one per field, first error per field. */
export function validationDetails(error: ValidationFailure): ErrorDetail[] {
  const seen = new Map<string, ErrorDetail>();
  let errors: SchemaError[];
  try {
    errors = intoUnions(error.all as SchemaError[]);
  } catch {
    errors = [];
  }
  for (const e of errors) {
    const schema = (e.schema ?? {}) as SchemaLike;
    const path = e.path ?? "";
    const at = path ? path.replace(/^\//, "").replace(/\//g, ".") : (schema.title ?? error.type);
    const field = at.replaceAll("\0", "\\u0000"); // a NUL in a key is shown as its escape
    if (seen.has(field)) continue;
    const value = path !== "" ? valueAt(error.value, path) : error.value;
    const missing = path !== "" && value === undefined && error.type !== "property";
    // a NUL is named before any other rule of the field: its own message says what to change
    const nul = (typeof value === "string" && value.includes("\0")) || at.includes("\0");
    const message = nul ? NUL_MESSAGE : missing ? "is required" : expectation(schema);
    seen.set(field, { field, message });
  }
  if (seen.size === 0) seen.set(error.type, { field: error.type, message: "is invalid" });
  return [...seen.values()];
}

/**
 * A query or path integer. Elysia validates coerced numbers as a lone property and loses its
 * name, so the name travels in `title` for the error message (and labels the OpenAPI schema).
 * The schema Elysia's `t.Integer` builds (a digit string or an integer, decoded to a number),
 * made with TypeBox alone; an integer out of range is refused with the contract's details.
 */
export function intParam(
  name: string,
  opts: { minimum?: number; maximum?: number; default?: number; description?: string } = {},
): TInteger {
  const property = { title: name, ...opts };
  const integer = Type.Integer(property);
  return Type.Transform(Type.Union([Type.String({ format: "integer", default: 0 }), Type.Integer(property)], property))
    .Decode((value): number => {
      const n = +value;
      if (Value.Check(integer, n)) return n;
      const message = expectation(integer);
      throw new AppError("validation_failed", `${name} ${message}`, [{ field: name, message }]);
    })
    .Encode((value) => value) as unknown as TInteger; // typed as Elysia types t.Integer: the decoded number
}

export type { TSchema };

/** The first 64 errors, as Elysia's ValidationError keeps them. */
function take(errors: Iterable<unknown>): unknown[] {
  const out: unknown[] = [];
  for (const e of errors) if (out.push(e) >= 64) break;
  return out;
}

interface Validator {
  Check(value: unknown): boolean;
  Errors(value: unknown): Iterable<unknown>;
}
const validators = new WeakMap<TSchema, Validator>();

/**
 * Compiled validators are built with `new Function`, which the web app's Content-Security-Policy
 * (no 'unsafe-eval') forbids; the web app, which bundles these same validators (web/src/checks.ts),
 * switches to TypeBox's interpreted check. Same schemas, same messages; the server keeps compiling.
 */
let interpreted = false;
export function interpretSchemas(): void {
  interpreted = true;
}

/**
 * Checks a value against a route's schema outside Elysia (sync push, import), with the same
 * details Elysia's own check gives a REST call: one schema, one set of messages on every path.
 * Unknown fields are ignored, as the contract says.
 */
export function checkSchema<S extends TSchema>(schema: S, value: unknown, prefix = ""): Static<S> {
  let v = validators.get(schema);
  // Elysia sets additionalProperties: false on a route's body schema when it compiles the route
  // (REST strips unknown fields before checking); here they are ignored, so the copy allows them.
  if (!v) {
    const open: TSchema = schema.type === "object" ? { ...schema, additionalProperties: true } : schema;
    v = interpreted
      ? { Check: (x) => Value.Check(open, x), Errors: (x) => Value.Errors(open, x) }
      : TypeCompiler.Compile(open);
    validators.set(schema, v);
  }
  if (v.Check(value)) return value as Static<S>;
  const failure = { type: "body", value, all: take(v.Errors(value)) };
  const details = validationDetails(failure).map((d) => ({
    ...d,
    field: prefix + d.field,
  }));
  throw new AppError("validation_failed", `${details[0]!.field} ${details[0]!.message}`, details);
}
