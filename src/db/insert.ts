import type { Database, Statement } from "bun:sqlite";
import { getTableColumns, getTableName, isTable, type InferInsertModel } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { pgClient, type PgTables, type Q } from "./q";

/**
 * A single-row INSERT for a drizzle table as database work (db/q.ts). On SQLite it is prepared once
 * per connection, with the same columns and value mapping (JSON columns, booleans) as
 * `db.insert(table).values(row)`, without building and preparing the SQL on every call (a third of
 * POST /meals' time, profiled in process). Every column is named: one left out of `row` is stored as
 * NULL, as drizzle does for a column without a default. On PostgreSQL it is the same statement over
 * the table of the same name (`$1…`), sent on the connection as drizzle would send its insert.
 */
export function preparedInsert<T extends SQLiteTable>(table: T): (row: InferInsertModel<T>) => Q<void> {
  const name = getTableName(table);
  const columns = Object.entries(getTableColumns(table));
  for (const [key, c] of columns) {
    if (c.hasDefault) throw new Error(`preparedInsert: ${name}.${key} has a default; insert it with drizzle`);
  }
  const text = `INSERT INTO "${name}" (${columns.map(([, c]) => `"${c.name}"`).join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`;
  const statements = new WeakMap<Database, Statement>();
  // PostgreSQL: the same statement over the table of the same name, its text built once
  let pg: { text: string; columns: [string, PgTable["_"]["columns"][string]][] } | null = null;
  const pgStatement = (t: PgTables) => {
    if (pg) return pg;
    const table = Object.values(t).find((x) => isTable(x) && getTableName(x) === name) as PgTable;
    const pgColumns = Object.entries(getTableColumns(table));
    for (const [key, c] of pgColumns) {
      if (c.hasDefault) throw new Error(`preparedInsert: ${name}.${key} has a default on PostgreSQL`);
    }
    const names = pgColumns.map(([, c]) => `"${c.name}"`).join(", ");
    const slots = pgColumns.map((_, i) => `$${i + 1}`).join(", ");
    pg = { text: `INSERT INTO "${name}" (${names}) VALUES (${slots})`, columns: pgColumns };
    return pg;
  };
  return function* (row) {
    yield {
      sqlite: (db) => {
        let s = statements.get(db.$client);
        if (!s) statements.set(db.$client, (s = db.$client.prepare(text)));
        const values = columns.map(([key, c]) => {
          const v = (row as Record<string, unknown>)[key];
          return v === undefined || v === null ? null : c.mapToDriverValue(v);
        });
        s.run(...(values as never[]));
      },
      pg: async (db, t, wrote) => {
        const { text, columns: pgColumns } = pgStatement(t);
        const values = pgColumns.map(([key, c]) => {
          const v = (row as Record<string, unknown>)[key];
          return v === undefined || v === null ? null : c.mapToDriverValue(v);
        });
        await pgClient(db).unsafe(text, values);
        wrote();
      },
    };
  };
}
