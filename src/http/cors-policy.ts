/**
 * CORS for web pages on other origins (a dashboard, a home-automation panel) calling the API with a
 * token (--cors-origin). Off by default: without it no other origin's page can read an answer.
 * Credentials are Bearer tokens in a header, never cookies, so no Allow-Credentials is sent.
 */
import { AppError } from "../lib/errors";

const EXPOSED = "X-Request-Id, Location, Retry-After, WWW-Authenticate, Content-Disposition, Allow";
const METHODS = "GET, POST, PUT, PATCH, DELETE";
const HEADERS = "Authorization, Content-Type, X-Request-Id";

export class Cors {
  private readonly any: boolean;
  private readonly origins: Set<string>;
  constructor(origins: readonly string[]) {
    this.any = origins.includes("*");
    this.origins = new Set(origins.map((o) => o.toLowerCase()));
  }

  get enabled(): boolean {
    return this.any || this.origins.size > 0;
  }

  /** The headers for an API answer to a page on `origin`, or null when that origin is not allowed. */
  headers(origin: string | null): Record<string, string> | null {
    if (!origin || !(this.any || this.origins.has(origin.toLowerCase()))) return null;
    return { "access-control-allow-origin": origin, "access-control-expose-headers": EXPOSED, vary: "Origin" };
  }

  /**
   * The answer to a preflight (OPTIONS with Access-Control-Request-Method), or null when the
   * request is not one. A page on an origin not allowed gets 403 saying which flag to set.
   */
  preflight(request: Request): Response | AppError | null {
    if (request.method !== "OPTIONS" || !request.headers.get("access-control-request-method")) return null;
    const origin = request.headers.get("origin");
    const allowed = this.headers(origin);
    if (!allowed) {
      return new AppError(
        "forbidden",
        `pages on ${origin ?? "another origin"} may not call this API; start the server with --cors-origin ${origin ?? "ORIGIN"} to allow them`,
      );
    }
    return new Response(null, {
      status: 204,
      headers: {
        ...allowed,
        "access-control-allow-methods": METHODS,
        "access-control-allow-headers": HEADERS,
        "access-control-max-age": "600",
        vary: "Origin, Access-Control-Request-Method, Access-Control-Request-Headers",
      },
    });
  }
}
