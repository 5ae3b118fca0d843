/**
 * Start-up failures as one sentence each that says what to do, instead of a raw `EADDRINUSE`,
 * `ENOENT`, `EEXIST` or `EACCES` from deep inside Bun or node:fs.
 */
import { accessSync, constants, mkdirSync, statSync } from "node:fs";
import type { Config } from "../config";
import { DataDirInUse } from "../db/lock";

/** A start-up failure whose message is already the sentence to print. */
export class StartError extends Error {}

const code = (e: unknown): string | undefined => (e as { code?: string } | null)?.code;

/** Creates the data directory (mode 0700) and checks it is a directory this process can write. */
export function prepareDataDir(dir: string): void {
  const hint = "choose another with --data-dir or MORSEL_DATA_DIR";
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  } catch (e) {
    const c = code(e);
    if (c === "EEXIST" || c === "ENOTDIR")
      throw new StartError(
        `the data directory ${dir} cannot be created because it, or a folder above it, is a file; ${hint}`,
      );
    if (c === "EACCES" || c === "EPERM" || c === "EROFS")
      throw new StartError(
        `the data directory ${dir} cannot be created: permission denied; ${hint}, or create it for this user`,
      );
    throw e;
  }
  if (!statSync(dir).isDirectory())
    throw new StartError(`the data directory ${dir} is a file, not a directory; ${hint}`);
  try {
    accessSync(dir, constants.W_OK | constants.X_OK);
  } catch {
    throw new StartError(
      `the data directory ${dir} is not writable by this user; ${hint}, or give this user write access to it`,
    );
  }
}

/** Runs the listen call, turning a bind failure into a sentence that names the address. */
export function listen<T>(run: () => T, config: Pick<Config, "host" | "port">): T {
  try {
    return run();
  } catch (e) {
    const where = `${config.host}:${config.port}`;
    const text = String(e);
    const c = code(e);
    if (c === "EADDRINUSE" || /in use/i.test(text)) {
      throw new StartError(
        `port ${config.port} is already in use on ${config.host} (another morsel, or another program); stop it or choose another port with --port`,
      );
    }
    if (c === "EADDRNOTAVAIL" || c === "EAI_NONAME" || c === "ENOTFOUND" || /address|resolve|getaddrinfo/i.test(text)) {
      throw new StartError(
        `cannot listen on ${where}: ${config.host} is not an address of this machine; use --host 127.0.0.1 (this machine only) or --host 0.0.0.0 (every interface)`,
      );
    }
    if (c === "EACCES" || c === "EPERM") {
      throw new StartError(
        `not allowed to listen on ${where} (ports below 1024 need root); choose a port above 1023 with --port`,
      );
    }
    throw e;
  }
}

/** The loopback address of the other family: a browser's "localhost" may go to either. */
const LOOPBACK_TWIN: Record<string, string> = {
  "::1": "127.0.0.1",
  "[::1]": "127.0.0.1",
  "127.0.0.1": "::1",
  localhost: "127.0.0.1",
};

/**
 * Bound to one loopback address, a port another program holds on the other one is refused too: the
 * browser's "http://localhost:PORT" may reach that program instead of morsel (`--host ::1` used to
 * start beside a server on 127.0.0.1). A machine without that family has nothing to check.
 */
export function checkLoopbackTwin(config: Pick<Config, "host" | "port">): void {
  const twin = LOOPBACK_TWIN[config.host.toLowerCase()];
  if (!twin || config.port === 0) return;
  try {
    Bun.listen({ hostname: twin, port: config.port, socket: { data() {} } }).stop(true);
  } catch (e) {
    if (code(e) === "EADDRINUSE" || /in use/i.test(String(e))) {
      throw new StartError(
        `port ${config.port} is already in use on ${twin}, and "localhost:${config.port}" may reach that program instead of morsel; stop it or choose another port with --port`,
      );
    }
  }
}

/** The sentence printed after "morsel: could not start:". */
export function explainStartError(e: unknown): string {
  if (e instanceof StartError || e instanceof DataDirInUse)
    return e.message + (e instanceof DataDirInUse ? "; stop it first, or give this one another --data-dir" : "");
  const c = code(e);
  const path = (e as { path?: string }).path;
  if (c === "EACCES" || c === "EPERM" || c === "EROFS")
    return `permission denied${path ? ` on ${path}` : ""}; run morsel as the user that owns the data directory, or choose another with --data-dir`;
  if (c === "ENOSPC") return `the disk is full${path ? ` (${path})` : ""}; free some space and start again`;
  if (c === "ENOENT") return `${path ?? "a file"} does not exist`;
  return e instanceof Error ? e.message : String(e);
}
