/**
 * What each route declared, found by the method and the route pattern Elysia matched (its context's
 * `route`): whether it needs a token and for what, and its body (http/body.ts). A route declares these
 * once, with its route macros (`auth`, `optionalAuth`, `bodySpec`: http/auth.ts), which leave them on the
 * route's hooks as `routeFacts`; its OpenAPI security is derived from the same macro values, never read
 * back. Elysia does the routing; this is only a map. The 405 answer's Allow header is the one place that
 * tests paths against patterns, and only for requests no route took.
 */
import type { AuthRule } from "../context";
import type { BodySpec } from "./body-spec";

/** What the route macros declared of one route (each macro its part). */
export interface DeclaredFacts {
  /** The auth macro's rule (`auth` or `optionalAuth`). */
  rule?: AuthRule;
  /** `auth` (a token or a 401), not `optionalAuth` (anonymous allowed). */
  needsToken?: boolean;
  body?: BodySpec;
}

/** Where the route macros leave their facts on a route's hooks. */
const FACTS_KEY = "routeFacts";

/**
 * Called by a route macro with the route's hooks (Elysia's macro `introspect`, made for such analysis),
 * before the route is added: keeps `facts` there, beside what other macros of the route declared.
 */
export function declareFacts(hook: object, facts: DeclaredFacts): void {
  const on = hook as Record<string, DeclaredFacts | undefined>;
  on[FACTS_KEY] = { ...on[FACTS_KEY], ...facts };
}

/** What the route macros declared of a route, from its hooks. */
export function declaredFacts(hooks: unknown): DeclaredFacts {
  return (hooks as Record<string, DeclaredFacts | undefined> | undefined)?.[FACTS_KEY] ?? {};
}

export interface RouteLike {
  method: string;
  path: string;
  hooks: unknown;
}

export interface RouteFacts {
  /** A token is required (the `auth` macro; `optionalAuth` lets an anonymous call through). */
  needsToken: boolean;
  /** Its access rule (the auth macro's value); "write" for a route with none, which never asks for it. */
  rule: AuthRule;
  body: BodySpec | undefined;
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
        const { needsToken = false, rule = "write", body } = declaredFacts(r.hooks);
        this.byRoute.set(`${r.method} ${r.path}`, { needsToken, rule, body });
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
