import type { Database, Statement } from "bun:sqlite";
import { getTableColumns, getTableName, isTable, type InferInsertModel } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { pgClient, type PgTables, type Q } from "./q";

type PgColumns = [string, PgTable["_"]["columns"][string]][];

/** The PostgreSQL table of the same name as a SQLite one, and its columns (none with a default). */
function pgColumnsOf(t: PgTables, name: string): PgColumns {
  const table = Object.values(t).find((x) => isTable(x) && getTableName(x) === name) as PgTable;
  const columns = Object.entries(getTableColumns(table));
  for (const [key, c] of columns) {
    if (c.hasDefault) throw new Error(`preparedInsert: ${name}.${key} has a default on PostgreSQL`);
  }
  return columns;
}

/** A row's values as the driver takes them, one per column (JSON columns as text, absent as NULL). */
function driverValues(columns: PgColumns, row: object): (string | number | boolean | null)[] {
  return columns.map(([key, c]) => {
    const v = (row as Record<string, unknown>)[key];
    return v === undefined || v === null ? null : (c.mapToDriverValue(v) as string | number | boolean);
  });
}

/**
 * A table, or a function giving it: a module that builds its statements at load passes `() => table`, so that
 * loading it does not load drizzle's tables (db/store.ts loads them on the first query that reads one).
 */
const tableOf = <T extends SQLiteTable>(table: T | (() => T)): T => (typeof table === "function" ? table() : table);

/**
 * On PostgreSQL, a single-row `INSERT … SELECT` of a table's row with `?` placeholders, each cast to
 * its column's type (a SELECT's parameters have no column to take one from), so a caller can add a
 * WHERE: the row is inserted only when it holds. Its text is built once per process.
 */
export function pgInsertSelect<T extends SQLiteTable>(table: T | (() => T)) {
  let built: { text: string; columns: PgColumns } | null = null;
  return (t: PgTables, row: InferInsertModel<T>): { text: string; params: (string | number | boolean | null)[] } => {
    if (!built) {
      const name = getTableName(tableOf(table));
      const columns = pgColumnsOf(t, name);
      const names = columns.map(([, c]) => `"${c.name}"`).join(", ");
      const values = columns.map(([, c]) => `?::${c.getSQLType()}`).join(", ");
      built = { text: `INSERT INTO "${name}" (${names}) SELECT ${values}`, columns };
    }
    return { text: built.text, params: driverValues(built.columns, row) };
  };
}

/**
 * A single-row INSERT for a drizzle table as database work (db/q.ts). On SQLite it is prepared once
 * per connection, with the same columns and value mapping (JSON columns, booleans) as
 * `db.insert(table).values(row)`, without building and preparing the SQL on every call (a third of
 * POST /meals' time, profiled in process). Every column is named: one left out of `row` is stored as
 * NULL, as drizzle does for a column without a default. On PostgreSQL it is the same statement over
 * the table of the same name (`$1…`), sent on the connection as drizzle would send its insert.
 */
export function preparedInsert<T extends SQLiteTable>(table: T | (() => T)): (row: InferInsertModel<T>) => Q<void> {
  if (typeof table === "function") {
    let made: ((row: InferInsertModel<T>) => Q<void>) | undefined;
    return (row) => (made ??= preparedInsert(table()))(row);
  }
  const name = getTableName(table);
  const columns = Object.entries(getTableColumns(table));
  for (const [key, c] of columns) {
    if (c.hasDefault) throw new Error(`preparedInsert: ${name}.${key} has a default; insert it with drizzle`);
  }
  const text = `INSERT INTO "${name}" (${columns.map(([, c]) => `"${c.name}"`).join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`;
  const statements = new WeakMap<Database, Statement>();
  // PostgreSQL: the same statement over the table of the same name, its text built once
  let pg: { text: string; columns: PgColumns } | null = null;
  const pgStatement = (t: PgTables) => {
    if (pg) return pg;
    const pgColumns = pgColumnsOf(t, name);
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
        await pgClient(db).unsafe(text, driverValues(pgColumns, row));
        wrote();
      },
    };
  };
}
