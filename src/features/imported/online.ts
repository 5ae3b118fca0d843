/**
 * The optional online lookup (--online-lookup, off by default): GET the Open Food Facts v2
 * product endpoint with a descriptive User-Agent and a 3 s timeout. Three failures in a row
 * (timeouts, 5xx, network errors) open a circuit for 60 s, during which no request is made.
 * "Not found" (404 or status 0) is an answer, not a failure.
 */
import { VERSION } from "../../version";
import { mapOffProduct, type ImportedRecord } from "./off";

export type OnlineResult =
  | { kind: "found"; record: ImportedRecord }
  | { kind: "not_found" }
  | { kind: "unavailable"; why: string };

export interface OffClientOptions {
  baseUrl: string;
  timeoutMs?: number;
  failuresToOpen?: number;
  openMs?: number;
  now?: () => number;
  fetchFn?: typeof fetch;
}

const FIELDS =
  "code,product_name,product_name_en,generic_name,brands,serving_size,serving_quantity,nutrition_data_per,nutriments";

export class OffClient {
  readonly userAgent = `Morsel/${VERSION} (self-hosted calorie tracker)`;
  private failures = 0;
  private openUntil = 0;
  private readonly timeoutMs: number;
  private readonly failuresToOpen: number;
  private readonly openMs: number;
  private readonly now: () => number;
  private readonly fetchFn: typeof fetch;

  constructor(private readonly opts: OffClientOptions) {
    this.timeoutMs = opts.timeoutMs ?? 3000;
    this.failuresToOpen = opts.failuresToOpen ?? 3;
    this.openMs = opts.openMs ?? 60_000;
    this.now = opts.now ?? Date.now;
    this.fetchFn = opts.fetchFn ?? fetch;
  }

  get circuitOpen(): boolean {
    return this.now() < this.openUntil;
  }

  private fail(why: string): OnlineResult {
    this.failures++;
    if (this.failures >= this.failuresToOpen) this.openUntil = this.now() + this.openMs;
    return { kind: "unavailable", why };
  }

  /** Looks up one GTIN-14; sends OFF the 13-digit form (or the 8 digits of an EAN-8). */
  async product(gtin14: string): Promise<OnlineResult> {
    if (this.circuitOpen) return { kind: "unavailable", why: "circuit open after repeated failures" };
    const code = gtin14.startsWith("000000") ? gtin14.slice(6) : gtin14.startsWith("0") ? gtin14.slice(1) : gtin14;
    let res: Response;
    try {
      res = await this.fetchFn(`${this.opts.baseUrl}/api/v2/product/${code}.json?fields=${FIELDS}`, {
        headers: { "user-agent": this.userAgent, accept: "application/json" },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (e) {
      return this.fail(
        e instanceof Error && e.name === "TimeoutError" ? `no answer within ${this.timeoutMs} ms` : "network error",
      );
    }
    if (res.status === 404) {
      this.failures = 0;
      return { kind: "not_found" };
    }
    if (!res.ok) return this.fail(`HTTP ${res.status}`);
    let body: { status?: unknown; product?: unknown };
    try {
      body = (await res.json()) as typeof body;
    } catch {
      return this.fail("an answer that is not JSON");
    }
    this.failures = 0;
    if (body.status !== 1 || !body.product || typeof body.product !== "object") return { kind: "not_found" };
    const mapped = mapOffProduct({ code, ...(body.product as Record<string, unknown>) });
    return mapped.ok ? { kind: "found", record: { ...mapped.record, gtin: gtin14 } } : { kind: "not_found" };
  }
}
