/**
 * The two values every handler works with:
 *   - `Deps`, the container: what `createServices` (services.ts) builds once per app. Each feature adds
 *     the fields it owns in its own `deps.ts` (`declare module "../../context" { interface Deps { … } }`,
 *     as Fastify's decorators are typed), so this file imports no feature and the type is still one.
 *   - `Ctx`, one request's context: resolved once by the auth macro (src/http/auth.ts) with the
 *     caller, the time zone, `now` (taken once), the store, the change log and the request id.
 *     Services take `{ ctx, input }` and find the rest on `ctx.deps`.
 */
import type { ChangeLog } from "./db/change-log";
import type { Q } from "./db/q";
import type { Store } from "./db/store";
import type { users } from "./db/schema";
import type { Logger } from "./lib/log";

export type Role = "admin" | "user";

/**
 * An account as the session check reads it: the users table's columns it selects (drizzle's row, aliased to
 * its property names in the SQL), `role` narrowed, and `region` optional for the accounts a test or the CLI
 * builds by hand (read as the US's: foods/region.ts).
 */
export type UserRow = Pick<typeof users.$inferSelect, "id" | "email" | "name" | "timezone" | "weightUnit"> & {
  role: Role;
  region?: string;
};

/** What a credential may do: tokens have read and/or write; a signed-in session also `account`. */
export type Scope = "read" | "write" | "account";

/** A route's access rule, the auth macro's value: a scope, or "admin" (a signed-in admin: scope account). */
export type AuthRule = Scope | "admin";

/** The caller of a request with a valid credential. */
export interface AuthedUser extends UserRow {
  /** The session of a JWT; null for a personal access token. */
  sid: string | null;
  /** The personal access token's id; null for a session. */
  tokenId: number | null;
  scopes: readonly Scope[];
}

/** The container (see above); features add their fields to it. */
export interface Deps {
  /** Runs database work (db/store.ts): reads, and writes that are not the diary's. */
  store: Store;
  /** The clock; tests inject one to expire tokens and cross midnight without sleeping. Read once per request. */
  now: () => Date;
  /**
   * Runs a diary write (a service's database work) in the next group commit (db/group-commit.ts):
   * writes arriving in the same event-loop turn share one transaction and one fsync.
   */
  commit: <T>(write: () => Q<T>) => Promise<T>;
  /** The sync change feed; every diary write records itself here. */
  changeLog: ChangeLog;
  logger: Logger;
  /** Check every success body against its declared schema (tests, development). See http/reply.ts. */
  validateResponses: boolean;
}

/** One request's context, anonymous or not (routes with `optionalAuth`). */
export interface RequestCtx {
  readonly deps: Deps;
  readonly user: AuthedUser | null;
  readonly userId: number | null;
  /** The request's time, taken once: every write and "today" of one request agree. */
  readonly now: Date;
  readonly store: Store;
  readonly log: ChangeLog;
  readonly requestId: string;
}

/** One signed-in request's context (routes with `auth`). */
export interface Ctx extends RequestCtx {
  readonly user: AuthedUser;
  readonly userId: number;
  /** The caller's IANA time zone: what "today" means. */
  readonly timezone: string;
}

/** The context of one signed-in request (the auth macro's, and the CLI's for its one account). */
export function ctxFor(deps: Deps, user: AuthedUser, now: Date, requestId: string): Ctx {
  return {
    deps,
    user,
    userId: user.id,
    timezone: user.timezone,
    now,
    store: deps.store,
    log: deps.changeLog,
    requestId,
  };
}

/** The caller's region, or the US's measures and words for an anonymous request. */
export const regionOf = (ctx: RequestCtx): string => ctx.user?.region ?? "US";

/** The same request seen anonymously: what public lookups (a tracker import's catalogue search) are given. */
export function anonymous(ctx: RequestCtx): RequestCtx {
  return { ...ctx, user: null, userId: null };
}
