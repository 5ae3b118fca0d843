/**
 * `morsel healthcheck [--port N] [--host H] [--url URL]`: exit 0 when the server answers
 * /healthz with 200 and ready, 1 otherwise (with the reason on stderr). For container runtimes
 * (Docker's HEALTHCHECK) where curl is not installed. Reads PORT and MORSEL_HOST like `serve`, so
 * in the same environment it finds the same server; a server bound to every interface (0.0.0.0,
 * ::) is asked on loopback.
 */
import type { CommandLine } from "../args";
import { ConfigError, configFrom } from "../config";

const TIMEOUT_MS = 5_000;

export async function healthcheckCommand(cl: CommandLine): Promise<void> {
  if (cl.positionals.length)
    throw new ConfigError(`"morsel healthcheck" takes no arguments besides flags, got "${cl.positionals[0]}"`);
  let url: string;
  if (typeof cl.values.url === "string") {
    if (!/^https?:\/\/[^\s/]+/.test(cl.values.url))
      throw new ConfigError(`--url must be an http(s) URL such as http://127.0.0.1:3000, got "${cl.values.url}"`);
    url = cl.values.url.replace(/\/+$/, "");
  } else {
    const config = configFrom({ port: cl.values.port, host: cl.values.host });
    const host =
      config.host === "0.0.0.0"
        ? "127.0.0.1"
        : config.host === "::" || config.host === "[::]"
          ? "[::1]"
          : config.host.includes(":") && !config.host.startsWith("[")
            ? `[${config.host}]`
            : config.host;
    url = `http://${host}:${config.port}`;
  }
  try {
    const r = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    const body = (await r.json().catch(() => null)) as { status?: string } | null;
    if (r.status === 200) {
      console.log(`healthy: ${url}/healthz answered 200${body?.status ? ` (${body.status})` : ""}`);
      process.exit(0);
    }
    console.error(`unhealthy: ${url}/healthz answered ${r.status}${body?.status ? ` (${body.status})` : ""}`);
  } catch (e) {
    const why =
      e instanceof Error && e.name === "TimeoutError"
        ? `no answer within ${TIMEOUT_MS / 1000} s`
        : e instanceof Error
          ? e.message
          : String(e);
    console.error(`unhealthy: ${url}/healthz: ${why}`);
  }
  process.exit(1);
}
