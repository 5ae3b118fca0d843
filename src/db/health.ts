/** What the server asks of the user database about itself: is it there (GET /healthz), how big (GET /metrics). */
import { row, type Q } from "./q";

/** Throws when the database does not answer. */
export function* ping(): Q<void> {
  yield* row("SELECT 1 AS ok");
}

/** The PostgreSQL database's size in bytes (SQLite's is its file's, read from the file system). */
export function* pgDatabaseBytes(): Q<number> {
  const r = yield* row<{ n: string }>("SELECT pg_database_size(current_database())::text AS n");
  return Number(r!.n);
}
