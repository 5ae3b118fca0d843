/** Schemas shared by every feature: the error envelope and small value types. */
import { t } from "elysia";
import { ERROR_STATUS } from "./errors";

export const ErrorSchema = t.Object(
  {
    error: t.Object({
      code: t.UnionEnum(Object.keys(ERROR_STATUS) as [keyof typeof ERROR_STATUS, ...(keyof typeof ERROR_STATUS)[]]),
      message: t.String(),
      details: t.Optional(t.Array(t.Object({ field: t.Optional(t.String()), message: t.String() }, { additionalProperties: true }))),
    }),
  },
  { $id: "#/components/schemas/Error", title: "Error" },
);

/** The error responses every route can give, for `response: { ...errors(400, 404) }`. */
export function errors<const S extends number>(...statuses: S[]): Record<S, typeof ErrorSchema> {
  return Object.fromEntries(statuses.map((s) => [s, ErrorSchema])) as Record<S, typeof ErrorSchema>;
}

export const Nullable = <T extends Parameters<typeof t.Union>[0][number]>(schema: T) => t.Union([schema, t.Null()]);
