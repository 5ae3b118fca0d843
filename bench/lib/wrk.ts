/**
 * Helpers shared by the HTTP benchmarks: start a server process, run wrk against it, parse
 * req/s and latency percentiles. Loopback only; every run is bounded by wrk's -d.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface WrkResult {
  rps: number;
  p50ms: number;
  p99ms: number;
  non2xx: number;
  /** Server CPU (user + system, all threads) per request, in µs, when wrk() was given its pid. */
  cpuUsPerRequest: number;
}

export function requireWrk(): void {
  if (Bun.spawnSync(["which", "wrk"]).exitCode !== 0) {
    console.error("wrk is not installed: apt-get install -y wrk");
    process.exit(2);
  }
}

/** Starts `cmd` and resolves once it prints a line containing `PORT n` or a JSON `"url"`. */
export async function startServer(cmd: string[], env: Record<string, string> = {}) {
  const proc = Bun.spawn(cmd, { stdout: "pipe", stderr: "inherit", env: { ...process.env, ...env } });
  const reader = proc.stdout.getReader();
  let out = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`server exited before it listened: ${out}`);
    out += new TextDecoder().decode(value);
    const m = out.match(/PORT (\d+)/) ?? out.match(/"url":"http:\/\/[^:]+:(\d+)"/);
    if (m) {
      reader.releaseLock();
      return { proc, port: Number(m[1]) };
    }
  }
}

/** `tokens` as lists, one per group of threads. */
function tokenSets(tokens: string[] | string[][] | undefined): string[][] {
  if (!tokens?.length) return [];
  return typeof tokens[0] === "string" ? [tokens as string[]] : (tokens as string[][]);
}

function toMs(v: string, unit: string): number {
  const n = Number(v);
  return unit === "us" ? n / 1000 : unit === "s" ? n * 1000 : n;
}

/** Runs wrk; `paths` rotate through a Lua script so one run covers many queries. */
export function wrk(
  url: string,
  opts: {
    seconds: number;
    connections?: number;
    threads?: number;
    paths?: string[];
    headers?: Record<string, string>;
    method?: string;
    bodies?: string[];
    /**
     * Authorization values taken in turn, one account after another, each over every path before
     * the next (`paths` × `tokens` pairs: many accounts' days, more than a page cache holds). Given
     * several lists, wrk's threads take one each, in turn: with `ports`, each server has its own
     * accounts, as a load balancer that keeps an account on one process would.
     */
    tokens?: string[] | string[][];
    /** The server's process, or processes: their CPU time is summed. */
    pid?: number | number[];
    /**
     * Several servers behind one "load balancer": wrk's threads are spread over these loopback
     * ports in turn (each thread's connections stay on one server), instead of the URL's port.
     */
    ports?: number[];
  },
): WrkResult {
  const dir = mkdtempSync(join(tmpdir(), "morsel-wrk-"));
  const script = join(dir, "script.lua");
  const paths = opts.paths ?? [new URL(url).pathname + new URL(url).search];
  const headerLines = Object.entries(opts.headers ?? {})
    .map(([k, v]) => `wrk.headers[${JSON.stringify(k)}] = ${JSON.stringify(v)}`)
    .join("\n");
  const bodies = opts.bodies ?? [];
  writeFileSync(
    script,
    `${headerLines}
local paths = { ${paths.map((p) => JSON.stringify(p)).join(", ")} }
local bodies = { ${bodies.map((b) => `[==[${b}]==]`).join(", ")} }
local tokenSets = { ${tokenSets(opts.tokens)
      .map((set) => `{ ${set.map((t) => JSON.stringify(t)).join(", ")} }`)
      .join(", ")} }
local tokens = {}
init = function(args)
  if #tokenSets > 0 then tokens = tokenSets[((set or 1) - 1) % #tokenSets + 1] end
end
local i = 0
local non2xx = 0
local function headers()
  if #tokens == 0 then return nil end
  local h = {}
  for k, v in pairs(wrk.headers) do h[k] = v end
  h["authorization"] = tokens[(math.floor(i / #paths) % #tokens) + 1]
  return h
end
request = function()
  i = i + 1
  local path = paths[(i % #paths) + 1]
  if #bodies > 0 then
    return wrk.format(${JSON.stringify(opts.method ?? "POST")}, path, headers(), bodies[(i % #bodies) + 1])
  end
  return wrk.format(${JSON.stringify(opts.method ?? "GET")}, path, headers())
end
response = function(status, headers, body)
  if status < 200 or status > 299 then non2xx = non2xx + 1 end
end
local ports = { ${(opts.ports ?? []).join(", ")} }
local threads = 0
setup = function(thread)
  threads = threads + 1
  thread:set("set", threads)
  if #ports > 0 then thread.addr = wrk.lookup("127.0.0.1", tostring(ports[((threads - 1) % #ports) + 1]))[1] end
end
done = function(summary, latency, requests)
  io.write(string.format("NON2XX %d\\n", summary.errors.status))
end
`,
  );
  const origin = new URL(url).origin;
  const pids = opts.pid === undefined ? [] : [opts.pid].flat();
  const cpu = () => pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
  const cpuBefore = cpu();
  const r = Bun.spawnSync(
    [
      "wrk",
      `-t${opts.threads ?? 2}`,
      `-c${opts.connections ?? 64}`,
      `-d${opts.seconds}s`,
      "--latency",
      "-s",
      script,
      origin,
    ],
    { stdout: "pipe", stderr: "pipe" },
  );
  const out = r.stdout.toString();
  const rps = Number(out.match(/Requests\/sec:\s+([\d.]+)/)?.[1] ?? NaN);
  const pct = (p: string) => {
    const m = out.match(new RegExp(`\\s${p}%\\s+([\\d.]+)(us|ms|s)`));
    return m ? toMs(m[1]!, m[2]!) : NaN;
  };
  const non2xx = Number(out.match(/Non-2xx or 3xx responses: (\d+)/)?.[1] ?? 0);
  if (!Number.isFinite(rps)) throw new Error(`wrk failed: ${out} ${r.stderr.toString()}`);
  const requests = Number(out.match(/(\d+) requests in/)?.[1] ?? NaN);
  const cpuUsPerRequest = pids.length ? ((cpu() - cpuBefore) * 1e6) / requests : NaN;
  return { rps, p50ms: pct("50"), p99ms: pct("99"), non2xx, cpuUsPerRequest };
}

const CLOCK_TICKS = Number(Bun.spawnSync(["getconf", "CLK_TCK"]).stdout.toString().trim()) || 100;
/** CPU time (user + system, every thread) a process has used so far, from /proc. */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" "); // fields from the 3rd (state) on
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS; // utime and stime: fields 14 and 15
}

/** `--name N` from the command line, or the default. */
export function numberArg(name: string, dflt: number): number {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

export function machine(): string {
  const cpu = Bun.spawnSync(["sh", "-c", "grep -m1 'model name' /proc/cpuinfo | cut -d: -f2"]).stdout.toString().trim();
  const load = Bun.spawnSync(["cat", "/proc/loadavg"]).stdout.toString().split(" ").slice(0, 3).join(" ");
  return `${navigator.hardwareConcurrency} cores (${cpu}), load ${load}, Bun ${Bun.version}`;
}
