/**
 * The optional online lookup (the admin's setting, off by default): GET the Open Food Facts v2
 * product endpoint, or its text search, with a descriptive User-Agent and a 3 s timeout. Three failures in a row
 * (timeouts, 5xx, network errors) open a circuit for 60 s, during which no request is made.
 * "Not found" (404 or status 0) is an answer, not a failure.
 */
import { VERSION } from "../../version";
import { mapOffProduct, type ImportedRecord } from "./off";

export type OnlineResult =
  | { kind: "found"; record: ImportedRecord }
  | { kind: "not_found" }
  | { kind: "unavailable"; why: string };

/** A text search's answer: products (maybe none), or why there is none. */
export type OnlineSearch =
  | { kind: "found"; records: ImportedRecord[] }
  | { kind: "unavailable"; why: string; reason: "timeout" | "down" | "circuit_open" }
  | { kind: "paced"; retryAfterS: number };

export interface OffClientOptions {
  baseUrl: string;
  timeoutMs?: number;
  failuresToOpen?: number;
  openMs?: number;
  now?: () => number;
  fetchFn?: typeof fetch;
  /** Text searches allowed per minute from this server (Open Food Facts asks for at most 10 per address). */
  searchesPerMinute?: number;
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
  private readonly searchesPerMinute: number;
  /** When the searches of the last minute were sent (the pace Open Food Facts asks for is per address). */
  private searchTimes: number[] = [];

  constructor(private readonly opts: OffClientOptions) {
    this.timeoutMs = opts.timeoutMs ?? 3000;
    this.failuresToOpen = opts.failuresToOpen ?? 3;
    this.openMs = opts.openMs ?? 60_000;
    this.now = opts.now ?? Date.now;
    this.fetchFn = opts.fetchFn ?? fetch;
    this.searchesPerMinute = opts.searchesPerMinute ?? 10;
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

  /**
   * Open Food Facts' text search (`/cgi/search.pl`): sends the words alone. At most `searchesPerMinute`
   * a minute leave this server (their limit is per address, shared by every account here); past it the
   * caller is told when to try again, and nothing is sent.
   */
  async search(words: string, limit: number): Promise<OnlineSearch> {
    if (this.circuitOpen) return { kind: "unavailable", why: "it failed repeatedly just now", reason: "circuit_open" };
    const now = this.now();
    this.searchTimes = this.searchTimes.filter((t) => t > now - 60_000);
    if (this.searchTimes.length >= this.searchesPerMinute)
      return { kind: "paced", retryAfterS: Math.max(1, Math.ceil((this.searchTimes[0]! + 60_000 - now) / 1000)) };
    this.searchTimes.push(now);
    const query = new URLSearchParams({
      search_terms: words,
      search_simple: "1",
      action: "process",
      json: "1",
      page_size: String(limit),
      fields: FIELDS,
    });
    let res: Response;
    try {
      res = await this.fetchFn(`${this.opts.baseUrl}/cgi/search.pl?${query}`, {
        headers: { "user-agent": this.userAgent, accept: "application/json" },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (e) {
      const timeout = e instanceof Error && e.name === "TimeoutError";
      this.fail("");
      return timeout
        ? { kind: "unavailable", why: `it did not answer within ${this.timeoutMs / 1000} s`, reason: "timeout" }
        : { kind: "unavailable", why: "it cannot be reached from this server", reason: "down" };
    }
    const body: unknown = res.ok ? await res.json().catch(() => null) : null;
    const products = body && typeof body === "object" && "products" in body ? body.products : null;
    if (!Array.isArray(products)) {
      this.fail("");
      return {
        kind: "unavailable",
        why: `it answered ${res.ok ? "with something other than products" : `HTTP ${res.status}`}`,
        reason: "down",
      };
    }
    this.failures = 0;
    const records: ImportedRecord[] = [];
    for (const p of products as unknown[]) {
      if (!p || typeof p !== "object") continue;
      const mapped = mapOffProduct(p as Record<string, unknown>);
      // a product without a usable code, name or energy cannot be logged: left out
      if (mapped.ok && !records.some((r) => r.gtin === mapped.record.gtin)) records.push(mapped.record);
    }
    return { kind: "found", records: records.slice(0, limit) };
  }
}
