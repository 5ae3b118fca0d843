import { getTableColumns, getTableName, type InferInsertModel } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "./client";

/**
 * A single-row INSERT for a drizzle table, prepared once: the same columns and value mapping
 * (JSON columns, booleans) as `db.insert(table).values(row)`, without building and preparing the SQL
 * on every call (a third of POST /meals' time, profiled in process). Every column is named: one left out
 * of `row` is stored as NULL, as drizzle does for a column without a default.
 */
export function preparedInsert<T extends SQLiteTable>(db: Db, table: T): (row: InferInsertModel<T>) => void {
  const columns = Object.entries(getTableColumns(table));
  for (const [key, c] of columns) {
    if (c.hasDefault)
      throw new Error(`preparedInsert: ${getTableName(table)}.${key} has a default; insert it with drizzle`);
  }
  const statement = db.$client.prepare(
    `INSERT INTO "${getTableName(table)}" (${columns.map(([, c]) => `"${c.name}"`).join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`,
  );
  return (row) => {
    const values = columns.map(([key, c]) => {
      const v = (row as Record<string, unknown>)[key];
      return v === undefined || v === null ? null : c.mapToDriverValue(v);
    });
    statement.run(...(values as never[]));
  };
}
