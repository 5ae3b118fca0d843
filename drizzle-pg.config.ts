import { defineConfig } from "drizzle-kit";

/** The PostgreSQL migrations (db/pg/schema.ts → drizzle-pg/); drizzle.config.ts makes SQLite's. */
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/db/pg/schema.ts",
  out: "./drizzle-pg",
});
