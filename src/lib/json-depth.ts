/**
 * Deepest nesting of objects and arrays a JSON body may have; a meal is 3 levels, an export 5. Read by
 * http/read-body.ts and by the health bridges' streamed reader, which parses its own bodies.
 */
export const MAX_JSON_DEPTH = 32;
