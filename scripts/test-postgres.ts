/**
 * The PostgreSQL server the tests use (test/pg.ts): reachable at MORSEL_TEST_POSTGRES_URL, else at
 * the local default, which this starts when Debian's cluster is installed but down (as root) and
 * gives the test role. One line saying what to do when it cannot, and a non-zero exit.
 */
import { SQL } from "bun";

/** The local server and role this makes (CREATEDB, password auth on loopback), or the given one. */
export const TEST_POSTGRES_URL =
  process.env.MORSEL_TEST_POSTGRES_URL ?? "postgres://morsel_test:morsel_test@127.0.0.1:5432/postgres";

/** The URL with its password masked, for messages. */
export function masked(url: string): string {
  return url.replace(/:[^:@/]*@/, ":***@");
}

/** null when a query runs there, else why not. */
export async function reachable(url: string): Promise<string | null> {
  const client = new SQL(url, { max: 1, connectionTimeout: 5 });
  try {
    await client`SELECT 1`;
    return null;
  } catch (e) {
    return String(e);
  } finally {
    await client.close().catch(() => undefined);
  }
}

function run(cmd: string[]): boolean {
  const r = Bun.spawnSync(cmd, { stdin: "ignore", stdout: "ignore", stderr: "inherit" });
  return r.exitCode === 0;
}

function fail(message: string): never {
  console.error(`test setup: ${message}`);
  process.exit(1);
}

export async function ensurePostgres(versions: string[]): Promise<void> {
  const url = TEST_POSTGRES_URL;
  const shown = masked(url);
  const first = await reachable(url);
  if (first === null) return;
  if (process.env.MORSEL_TEST_POSTGRES_URL)
    fail(`PostgreSQL at MORSEL_TEST_POSTGRES_URL (${shown}) cannot be reached: ${first}`);
  const version = versions.at(-1);
  if (process.getuid?.() !== 0 || !version)
    fail(
      `PostgreSQL is not reachable at ${shown} (${first}); as root, \`bun scripts/test-prereqs.ts\` starts Debian's cluster and makes the role, or set MORSEL_TEST_POSTGRES_URL to a server where a role may create databases`,
    );
  console.log(`test setup: starting PostgreSQL ${version} and making the test role`);
  const started =
    run(["pg_ctlcluster", version, "main", "start"]) ||
    run(["pg_createcluster", version, "main", "--start"]) ||
    run(["pg_ctlcluster", version, "main", "status"]);
  if (!started) fail(`could not start PostgreSQL ${version} (pg_ctlcluster ${version} main start failed)`);
  const { username, password } = new URL(url);
  const role = `DO $$ BEGIN
    IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${username}') THEN
      CREATE ROLE "${username}" LOGIN CREATEDB PASSWORD '${decodeURIComponent(password)}';
    END IF;
  END $$`;
  if (!run(["runuser", "-u", "postgres", "--", "psql", "-q", "-c", role]))
    fail(`could not make the test role ${username} (runuser -u postgres -- psql failed)`);
  const after = await reachable(url);
  if (after !== null) fail(`PostgreSQL was started but ${shown} still cannot be reached: ${after}`);
}
