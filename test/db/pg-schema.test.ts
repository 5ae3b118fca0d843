/**
 * The SQLite and PostgreSQL schemas (db/schema.ts, db/pg/schema.ts) describe the same database:
 * the same tables, columns with matching types and nullability, keys, indexes and foreign keys. A
 * column added to one and forgotten in the other fails here, before any migration is generated.
 */
import { describe, expect, test } from "bun:test";
import { is } from "drizzle-orm";
import { getTableConfig as pgConfig, PgTable } from "drizzle-orm/pg-core";
import { getTableConfig as liteConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import * as lite from "../../src/db/schema";
import * as pg from "../../src/db/pg/schema";

/** SQLite's storage class → the PostgreSQL types that may stand for it. */
const TYPES: Record<string, string[]> = {
  integer: ["integer"],
  text: ["text"],
  "text-json": ["json"],
  real: ["double precision"],
  blob: ["bytea"],
};

type Described = ReturnType<typeof describeTable>;
function describeTable(config: ReturnType<typeof liteConfig> | ReturnType<typeof pgConfig>, side: "lite" | "pg") {
  const columns = Object.fromEntries(
    config.columns.map((c) => {
      const type =
        side === "lite"
          ? c.columnType === "SQLiteTextJson"
            ? "text-json"
            : c.getSQLType().toLowerCase()
          : c.getSQLType();
      return [c.name, { type, notNull: c.notNull, primary: c.primary, unique: c.isUnique }];
    }),
  );
  return {
    columns,
    primaryKeys: config.primaryKeys.map((k) => k.columns.map((c) => c.name)),
    indexes: config.indexes
      .map((i) => ({
        name: i.config.name,
        unique: i.config.unique ?? false,
        columns: i.config.columns.map((c) => ("name" in c ? c.name : "(expression)")),
        partial: i.config.where !== undefined,
      }))
      .sort((a, b) => a.name!.localeCompare(b.name!)),
    foreignKeys: config.foreignKeys
      .map((f) => {
        const r = f.reference();
        return `${r.columns.map((c) => c.name)} → ${liteOrPgName(r.foreignTable)}(${r.foreignColumns.map((c) => c.name)}) on delete ${f.onDelete ?? "no action"}`;
      })
      .sort(),
  };
}
function liteOrPgName(table: unknown): string {
  return is(table, PgTable) ? pgConfig(table).name : liteConfig(table as SQLiteTable).name;
}

const liteTables = new Map<string, Described>();
for (const v of Object.values(lite))
  if (is(v, SQLiteTable)) liteTables.set(liteConfig(v).name, describeTable(liteConfig(v), "lite"));
const pgTables = new Map<string, Described>();
for (const v of Object.values(pg)) if (is(v, PgTable)) pgTables.set(pgConfig(v).name, describeTable(pgConfig(v), "pg"));

describe("the PostgreSQL schema mirrors the SQLite one", () => {
  test("the same tables", () => {
    expect(liteTables.size).toBeGreaterThan(15);
    expect([...pgTables.keys()].sort()).toEqual([...liteTables.keys()].sort());
  });

  for (const [name, mine] of liteTables) {
    test(`${name}: columns, keys, indexes and foreign keys agree`, () => {
      const theirs = pgTables.get(name)!;
      expect(Object.keys(theirs.columns).sort()).toEqual(Object.keys(mine.columns).sort());
      for (const [column, c] of Object.entries(mine.columns)) {
        const p = theirs.columns[column]!;
        expect({ column, ok: TYPES[c.type]?.includes(p.type) ?? false, type: p.type }).toEqual({
          column,
          ok: true,
          type: p.type,
        });
        expect({ column, notNull: p.notNull, primary: p.primary, unique: p.unique }).toEqual({
          column,
          notNull: c.notNull,
          primary: c.primary,
          unique: c.unique,
        });
      }
      expect(theirs.primaryKeys).toEqual(mine.primaryKeys);
      // SQLite's imported_fts is a virtual table made in a migration; PostgreSQL has a GIN index instead
      const pgIndexes = theirs.indexes.filter((i) => i.name !== "imported_products_words");
      expect(pgIndexes).toEqual(mine.indexes);
      expect(theirs.foreignKeys).toEqual(mine.foreignKeys);
    });
  }
});
