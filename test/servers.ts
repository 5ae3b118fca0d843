/**
 * Real `morsel serve` processes for tests, on either backend: on PostgreSQL (MORSEL_TEST_DATABASE)
 * each data dir's server gets a database of its own, kept across restarts, dropped when the test
 * process ends (test/preload.ts).
 */
import { Database } from "bun:sqlite";
import { SQL } from "bun";
import { join } from "node:path";
import { postgresStore, TEST_BACKEND } from "./pg";

const ENTRY = new URL("../src/index.ts", import.meta.url).pathname;

/**
 * Raw SQL on the database of the server started on `dataDir` (startProcess), read after it stopped:
 * the SQLite file there, or its PostgreSQL database.
 */
export async function processSql<R>(dataDir: string, text: string): Promise<R[]> {
  const url = processDatabases.get(dataDir);
  if (!url) {
    const db = new Database(join(dataDir, "morsel.db"), { readonly: true });
    try {
      return db.query(text).all() as R[];
    } finally {
      db.close();
    }
  }
  const client = new SQL(await url, { max: 1 });
  try {
    return (await client.unsafe(text)) as R[];
  } finally {
    await client.close();
  }
}

/** What test/preload.ts runs after the last test of this process. */
const afterProcess: (() => Promise<unknown>)[] = [];
export async function afterLastTest(): Promise<void> {
  for (const run of afterProcess.splice(0)) await run().catch(() => undefined);
}

/** On PostgreSQL, each data dir's server keeps its data in a database of its own (the same one after a restart). */
const processDatabases = new Map<string, Promise<string>>();

/** The PostgreSQL database of the server on `dataDir`, made on first use. */
function databaseFor(dataDir: string): Promise<string> {
  let database = processDatabases.get(dataDir);
  if (!database) {
    const made = postgresStore();
    // only the URL is needed here, not the test's pools; dropped when this test process ends
    // (test/preload.ts): a server started in a beforeAll outlives the hook it was started in
    afterProcess.push(async () => (await made).dispose());
    database = made.then(async (pg) => (await pg.closePools(), pg.url));
    processDatabases.set(dataDir, database);
  }
  return database;
}

/**
 * The environment a `morsel` command needs to work on the same data as the server on `dataDir`:
 * nothing on SQLite (the data dir says it), the database's URL on PostgreSQL.
 */
export async function commandEnv(dataDir: string): Promise<Record<string, string>> {
  return TEST_BACKEND === "postgres" ? { MORSEL_DATABASE_URL: await databaseFor(dataDir) } : {};
}

/** Starts the real entry point (`bun src/index.ts serve --port 0`) and waits for its start line. */
export async function startProcess(dataDir: string, extraArgs: string[] = [], env: Record<string, string> = {}) {
  const onPostgres = TEST_BACKEND === "postgres" && !extraArgs.includes("--database");
  const args = onPostgres ? ["--database", await databaseFor(dataDir)] : [];
  const proc = Bun.spawn(["bun", ENTRY, "serve", "--port", "0", "--data-dir", dataDir, ...args, ...extraArgs], {
    stdout: "pipe",
    stderr: "pipe",
    env: { ...process.env, MORSEL_LOG_REQUESTS: "false", ...env },
  });
  const reader = proc.stdout.getReader();
  let out = "";
  // no deadline: on a loaded machine a start can be slow; a process that dies ends the stream
  while (!out.includes('"msg":"morsel started"')) {
    const { value, done } = await reader.read();
    if (done) break;
    out += new TextDecoder().decode(value);
  }
  const line = out.split("\n").find((l) => l.includes("morsel started"));
  if (!line) {
    reader.releaseLock();
    throw new Error(`server did not start: ${out} ${await new Response(proc.stderr).text()}`);
  }
  const log = JSON.parse(line) as Record<string, string | number>;
  const started = out;
  // what it writes afterwards is kept (a full pipe would stop the server), for a test that needs its log
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      out += new TextDecoder().decode(value);
    }
  })();
  return {
    proc,
    log,
    output: started,
    /** Everything the server has written to stdout so far. */
    logs: () => out,
    url: String(log.url),
    stop: async () => {
      proc.kill();
      await proc.exited;
    },
  };
}

/** A server process on a fresh data dir (`dir`) with one account registered through its API: the access token. */
export async function processWithAccount(dir: string, name: string) {
  const server = await startProcess(dir);
  const reg = await fetch(`${server.url}/api/v1/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: `${name}@example.org`, password: `${name} test`, name }),
  });
  if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${await reg.text()}`);
  return { server, token: ((await reg.json()) as { access_token: string }).access_token };
}
