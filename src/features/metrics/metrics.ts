/**
 * Prometheus metrics (--metrics), with prom-client: the maintained Node client, pure JavaScript,
 * runs under Bun as is. One registry per app (tests build many apps in a process). Request counts
 * and latencies are recorded per route pattern (never the raw path, so ids do not explode the
 * label set); database, WAL, photo queue and session figures are read when scraped.
 * Cost per request: bench/metrics.ts.
 */
import { statSync } from "node:fs";
import type { Counter, Histogram, Registry } from "prom-client";

/** prom-client, loaded when a server turns metrics on (loading it was ~75 ms of every start, measured by bench:binary). */
const promClient = () => (require("./prom") as typeof import("./prom")).promClient;

export interface MetricsSources {
  /** The SQLite database file's path (its WAL is beside it, with -wal); null on PostgreSQL, which has no file here. */
  databasePath: string | null;
  /** PostgreSQL: the database's size (pg_database_size); unused on SQLite, whose file is measured. */
  databaseBytes?: () => number | Promise<number>;
  photoLoad: () => { queued: number; running: number };
  liveSessions: () => number | Promise<number>;
  users: () => number | Promise<number>;
}

const size = (path: string) => {
  try {
    return statSync(path).size;
  } catch {
    return 0; // no WAL file yet
  }
};

export class Metrics {
  readonly registry: Registry;
  private readonly requests: Counter<"method" | "route" | "status">;
  private readonly latency: Histogram<"method" | "route">;

  constructor(sources: MetricsSources) {
    const { Counter, Gauge, Histogram, Registry } = promClient();
    this.registry = new Registry();
    const registers = [this.registry];
    this.requests = new Counter({
      name: "morsel_http_requests_total",
      help: "HTTP requests answered, by route pattern and status",
      labelNames: ["method", "route", "status"],
      registers,
    });
    this.latency = new Histogram({
      name: "morsel_http_request_duration_seconds",
      help: "Time from request to response, by route pattern",
      labelNames: ["method", "route"],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    const gauge = (name: string, help: string, read: () => number | Promise<number>) =>
      new Gauge({
        name,
        help,
        registers,
        async collect() {
          this.set(await read());
        },
      });
    const file = sources.databasePath;
    if (file) {
      gauge("morsel_database_bytes", "Size of the user database file", () => size(file));
      gauge("morsel_database_wal_bytes", "Size of the database's write-ahead log", () => size(`${file}-wal`));
    } else if (sources.databaseBytes)
      gauge("morsel_database_bytes", "Size of the user database (PostgreSQL: pg_database_size)", sources.databaseBytes);
    gauge("morsel_photo_queue_depth", "Photos waiting for a recognition worker", () => sources.photoLoad().queued);
    gauge("morsel_photo_jobs_running", "Photos being recognised now", () => sources.photoLoad().running);
    gauge("morsel_sessions_active", "Signed-in sessions that can still be refreshed", sources.liveSessions);
    gauge("morsel_users", "Accounts on this server", sources.users);
  }

  /** One answered request; `route` is the matched pattern ("/api/v1/meals/:id"), or "unmatched". */
  observe(method: string, route: string, status: number, seconds: number): void {
    this.requests.inc({ method, route, status: String(status) });
    this.latency.observe({ method, route }, seconds);
  }

  async text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
