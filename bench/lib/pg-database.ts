/**
 * A fresh PostgreSQL database on the local test server (scripts/test-postgres.ts's role; MORSEL_TEST_POSTGRES_URL
 * for another), for a bench's server to run on with --database; `drop` removes it.
 */
import { SQL } from "bun";
import { TEST_POSTGRES_URL } from "../../scripts/test-postgres";

export async function benchDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = new SQL(TEST_POSTGRES_URL);
  const name = `morsel_bench_${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
  await admin.unsafe(`CREATE DATABASE "${name}"`);
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.close();
    },
  };
}
