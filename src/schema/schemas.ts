/**
 * Schemas shared by every feature: the error envelope and small value types.
 *
 * Two of Elysia's `t` builders are not used for JSON: `t.UnionEnum` quietly adds `default: values[0]`,
 * so a missing field is filled in (a PATCH without meal_type turned a dinner into a breakfast), and
 * `t.Integer` is `string | integer` with a string default of 0 (made for query strings). JSON bodies
 * and responses use `Enum` and `Int` instead: exactly the JSON type, no defaults the contract does
 * not state. Query and path integers keep coercion (schema/validation.ts intParam).
 */
import {
  Kind,
  Type,
  type IntegerOptions,
  type ObjectOptions,
  type SchemaOptions,
  type StringOptions,
  type TSchema,
} from "@sinclair/typebox";
import { ERROR_STATUS } from "../lib/errors";

/** A string (or number) from a fixed list; no default. */
export function Enum<const V extends readonly (string | number)[]>(values: V, options: SchemaOptions = {}) {
  // Elysia's UnionEnum kind (JSON Schema's `enum`), built with TypeBox alone: formats.ts registers its check
  const type = values.every((v) => typeof v === "string")
    ? { type: "string" }
    : values.every((v) => typeof v === "number")
      ? { type: "number" }
      : {};
  return Type.Unsafe<V[number]>({ ...options, [Kind]: "UnionEnum", ...type, enum: [...values] });
}

/** A JSON integer (a numeric string is refused). */
export const Int = (options: IntegerOptions = {}) => Type.Integer(options);

/**
 * Refuses U+0000 (NUL): PostgreSQL's text cannot hold it (a write with one was a 500 there, and
 * stored on SQLite), so no text a request sends may contain it, on either backend.
 */
export const NO_NUL = "^[^\\u0000]*$";
export const NUL_MESSAGE = "must not contain U+0000 (the NUL character)";

/**
 * Any text a request sends (a body field, a query or path parameter) that is not a format (date,
 * uuid) or an enum: a string without NUL. test/contract/text-nul.test.ts walks the OpenAPI
 * document for a request string without it.
 */
export const Text = (options: StringOptions = {}) => Type.String({ ...options, pattern: NO_NUL });

/** An object of `value`s under text keys (nutrient values by key): no key may contain NUL either. */
export const TextRecord = <V extends TSchema>(value: V, options: ObjectOptions = {}) =>
  Type.Record(Text(), value, { additionalProperties: false, ...options });

export const ErrorSchema = Type.Object(
  {
    error: Type.Object({
      code: Enum(Object.keys(ERROR_STATUS) as (keyof typeof ERROR_STATUS)[]),
      message: Type.String(),
      details: Type.Optional(
        Type.Array(
          Type.Object({ field: Type.Optional(Type.String()), message: Type.String() }, { additionalProperties: true }),
        ),
      ),
    }),
  },
  { title: "Error" },
);

/** The error responses every route can give, for `response: { ...errors(400, 404) }`. */
export function errors<const S extends number>(...statuses: S[]): Record<S, typeof ErrorSchema> {
  return Object.fromEntries(statuses.map((s) => [s, ErrorSchema])) as Record<S, typeof ErrorSchema>;
}

export const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);
