/**
 * The API's data as the server's route schemas describe it: scripts/openapi.ts generates
 * api-types.gen.ts from the OpenAPI document (one schema, one type), and the web app names API data
 * through these aliases instead of writing its own copies. A record kept in the browser that differs
 * from the API's (IndexedDB rows carry the sync version) is built from them where it is declared.
 */
import type { components, operations } from "./api-types.gen";

/** The API's named schemas (components.schemas): `Schemas["Meal"]` is a meal as GET /meals/{id} answers. */
export type Schemas = components["schemas"];

/** The JSON body of an operation's 200 answer, by its operationId: `Ok<"pullChanges">`. */
export type Ok<Op extends keyof operations> = operations[Op]["responses"] extends {
  200: { content: { "application/json": infer Body } };
}
  ? Body
  : never;

/** The JSON body an operation takes, by its operationId: `Body<"updateMe">`. */
export type Body<Op extends keyof operations> = operations[Op] extends {
  requestBody?: { content: { "application/json": infer B } };
}
  ? B
  : never;
