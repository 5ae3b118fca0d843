/**
 * The PostgreSQL backend as one module, imported by db/open.ts only for a PostgreSQL URL: a SQLite
 * server never loads Bun.SQL, drizzle's pg-core or the PostgreSQL schema (a few ms of its start).
 */
export { PgChangeSignal } from "./change-signal";
export { openPostgres } from "./client";
export { PgStore } from "./store";
