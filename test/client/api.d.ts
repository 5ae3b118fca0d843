/** The API's types, generated from the OpenAPI document by scripts/openapi.ts into the web app, which uses them too. */
export type * from "../../web/src/api-types.gen";
