/**
 * What each route declared, found by the method and the route pattern Elysia matched (its context's
 * `route`): whether it needs a token and for what, its body (http/body.ts) and its detail. Elysia does the
 * routing; this is only a map. The 405 answer's Allow header is the one place that tests paths
 * against patterns, and only for requests no route took.
 */
import type { AuthRule } from "../context";
import { ruleOfScopes } from "./auth";
import type { BodySpec } from "./body-spec";

export interface RouteLike {
  method: string;
  path: string;
  hooks: unknown;
}

export interface RouteFacts {
  /** OpenAPI security that has no anonymous alternative (the `auth: true` macro's `[{ bearer: [] }]`). */
  needsToken: boolean;
  /** Its access rule (the auth macro's value, kept as its OpenAPI bearer scopes). */
  rule: AuthRule;
  body: BodySpec | undefined;
  detail: Record<string, unknown>;
}

/** "/api/v1/meals/:id" → a regex for its paths (a trailing slash optional, as Elysia routes them). */
export function routePattern(path: string): RegExp {
  const body = path
    .replace(/\/$/, "")
    .replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
    .replace(/:\w+/g, "[^/]+");
  return new RegExp(`^${body}/?$`);
}

export class RouteTable {
  private byRoute?: Map<string, RouteFacts>;
  private patterns?: { method: string; pattern: RegExp }[];

  /** `routes`: every route of the app, built before the pipeline that reads them. */
  constructor(private readonly routes: readonly RouteLike[]) {}

  /** The facts of the route a request reached (HEAD is answered by the GET route). */
  of(method: string, route: string | undefined): RouteFacts | undefined {
    if (!route) return undefined;
    if (!this.byRoute) {
      this.byRoute = new Map();
      for (const r of this.routes) {
        const detail = (r.hooks as { detail?: Record<string, unknown> }).detail ?? {};
        const security = detail.security as Record<string, string[]>[] | undefined;
        const bearer = security?.find((s) => s.bearer)?.bearer ?? [];
        this.byRoute.set(`${r.method} ${r.path}`, {
          needsToken: !!security?.length && security.every((s) => Object.keys(s).length > 0),
          rule: ruleOfScopes(bearer),
          body: detail["x-body"] as BodySpec | undefined,
          detail,
        });
      }
    }
    return this.byRoute.get(`${method === "HEAD" ? "GET" : method} ${route}`);
  }

  /** The methods some route takes at this path (for 405 and its Allow header). */
  methodsAt(path: string): string[] {
    this.patterns ??= this.routes.map((r) => ({ method: r.method, pattern: routePattern(r.path) }));
    return [...new Set(this.patterns.filter((r) => r.pattern.test(path)).map((r) => r.method))].sort();
  }
}
