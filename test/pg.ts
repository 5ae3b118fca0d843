/**
 * Test harness for PostgreSQL: a fresh database per call on the server at MORSEL_TEST_POSTGRES_URL
 * (default: the local one `bun run test` sets up, scripts/test-prereqs.ts), dropped after the file's
 * tests. A server that cannot be reached fails the test with what to do, never skips it.
 */
import { SQL } from "bun";
import { afterAll } from "bun:test";

import { TEST_POSTGRES_URL } from "../scripts/test-postgres";

const made: string[] = [];
let admin: SQL | undefined;

async function adminClient(): Promise<SQL> {
  if (admin) return admin;
  const client = new SQL(TEST_POSTGRES_URL, { max: 2, connectionTimeout: 10 });
  try {
    await client`SELECT 1`;
  } catch (e) {
    throw new Error(
      `PostgreSQL is not reachable at ${TEST_POSTGRES_URL.replace(/:[^:@/]*@/, ":***@")} (${String(e)}): ` +
        "run `bun scripts/test-prereqs.ts` as root (it installs and starts Debian's postgresql and makes the test role), " +
        "or point MORSEL_TEST_POSTGRES_URL at a server where that role may create databases",
    );
  }
  admin = client;
  return client;
}

afterAll(async () => {
  if (!admin) return;
  for (const name of made) await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.close();
});

/** A new, empty database; its URL. */
export async function freshPostgres(): Promise<string> {
  const client = await adminClient();
  const name = `morsel_test_${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;
  await client.unsafe(`CREATE DATABASE "${name}"`);
  made.push(name);
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  return url.toString();
}
