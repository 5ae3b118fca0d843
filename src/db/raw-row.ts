/**
 * A row as a raw SQL statement returns it: a table's columns under their SQL names (snake_case), each
 * typed as drizzle infers it from src/db/schema.ts. The repositories write their statements once for
 * both backends in SQL, so what they select is named by column, not by drizzle's camelCase property;
 * this keeps their row types inferred from the schema instead of written by hand.
 */
import type { Table } from "drizzle-orm";

type Columns<T extends Table> = T["_"]["columns"];

export type RawRow<T extends Table> = {
  [K in keyof Columns<T> & keyof T["$inferSelect"] as Columns<T>[K]["_"]["name"]]: T["$inferSelect"][K];
};
