/**
 * src/db/pg/schema.ts is generated from src/db/schema.ts by scripts/gen-pg-schema.ts: a table is
 * written once, in the SQLite schema. This fails when the PostgreSQL file is not the script's output
 * (a table added to schema.ts without running the script, or the generated file edited by hand).
 */
import { expect, test } from "bun:test";
import { generatePgSchema, PG_SCHEMA, SQLITE_SCHEMA } from "../../scripts/gen-pg-schema";

test("src/db/pg/schema.ts is what bun scripts/gen-pg-schema.ts writes from src/db/schema.ts", async () => {
  const generated = await generatePgSchema(await Bun.file(SQLITE_SCHEMA).text());
  const committed = await Bun.file(PG_SCHEMA).text();
  if (committed !== generated) {
    const at = [...committed].findIndex((c, i) => c !== generated[i]);
    throw new Error(
      `src/db/pg/schema.ts differs from the generator's output at character ${at} ("${committed.slice(at, at + 60)}" instead of "${generated.slice(at, at + 60)}"): run bun scripts/gen-pg-schema.ts, then bun run db:generate`,
    );
  }
  expect(committed).toBe(generated);
});

test("a SQLite column the generator cannot translate stops it, naming the table", async () => {
  const source = `import x from "y";\nexport const things = sqliteTable("things", {\n  n: numeric("n"),\n});\n`;
  await expect(generatePgSchema(source)).rejects.toThrow('table things: no PostgreSQL translation for "numeric("');
});
