/**
 * What createApp (app.ts) hands every feature: the databases, the repositories and services built
 * once per app, and the settings from the command line. Features take `deps: AppDeps` (or a Pick).
 */
import type { Gate } from "./lib/gate";
import type { RateWindow } from "./lib/rate-window";
import type { Server } from "bun";
import type { Catalogue } from "./db/catalogue";
import type { Db } from "./db/client";
import type { BudgetLimits } from "./lib/cost-budget";
import type { Logger } from "./lib/log";
import type { FoodSearch } from "./features/foods/search";
import type { FoodDirectory } from "./features/foods/directory";
import type { AuthRepo } from "./features/auth/repo";
import type { authPlugin } from "./features/auth/plugin";
import type { Tokens } from "./features/auth/tokens";
import type { LoginThrottle, ThrottleLimits } from "./features/auth/throttle";
import type { PasswordCost } from "./features/auth/service";
import type { AccessTokens } from "./features/auth/access-tokens";
import type { AccountCodes } from "./features/auth/account-codes";
import type { Registration, RegistrationMode } from "./features/auth/registration";
import type { CustomFoodsRepo } from "./features/custom-foods/repo";
import type { MealsRepo } from "./features/meals/repo";
import type { ImportedRepo } from "./features/imported/repo";
import type { PhotosRepo } from "./features/scanner/photos";
import type { ExamplesRepo } from "./features/scanner/recognition/examples";
import type { Recogniser } from "./features/scanner/recognition";
import type { SyncLog } from "./features/sync/log";
import type { OffClient } from "./features/imported/online";
import type { OnlineLookupSetting } from "./features/imported/online-setting";

export interface AppDeps {
  db: Db;
  catalogue: Catalogue;
  search: FoodSearch;
  /** Secret for signing JWTs (kept in the data dir, see lib/secret.ts). */
  jwtSecret: string;
  /** The clock; tests inject one to expire tokens and cross midnight without sleeping. */
  now: () => Date;
  logger: Logger;
  /** Check every success body against its declared schema (tests, development). See lib/reply.ts. */
  validateResponses: boolean;
  /** One JSON line per request (request id, method, path, status, duration). */
  logRequests: boolean;
  /** argon2id cost; tests use OWASP's minimum, production Bun's stronger default. */
  passwordCost: PasswordCost;
  loginLimits?: ThrottleLimits;
  /** Anonymous food search's per-address budget of server time (lib/cost-budget.ts); tests shrink it. */
  searchBudget?: BudgetLimits;
  /** A signed-in user's search budget (lib/cost-budget.ts); default SIGNED_IN_SEARCH_BUDGET. */
  signedInSearchBudget?: BudgetLimits;
  /** Accounts one address (an IPv6 /64) may register per hour on an open server; default 10. */
  registrationsPerHour?: number;
  /**
   * Runs a diary write (a synchronous service call) in the next group commit (db/group-commit.ts):
   * writes arriving in the same event-loop turn share one transaction and one fsync.
   */
  commit: <T>(write: () => T) => Promise<T>;
  /** The auth macro (`auth: true`, `optionalAuth: true`), built once; every protected route uses it. */
  authn: ReturnType<typeof authPlugin>;
  /** Built by createApp from the above. */
  auth: {
    repo: AuthRepo;
    tokens: Tokens;
    throttle: LoginThrottle;
    inviteThrottle: LoginThrottle;
    registrations: RateWindow;
    passwordCost: PasswordCost;
    accessTokens: AccessTokens;
    registration: Registration;
    codes: AccountCodes;
  };
  customFoods: CustomFoodsRepo;
  /** Which kind of food an id is: catalogue, custom or imported (features/foods/directory.ts). */
  foods: FoodDirectory;
  meals: MealsRepo;
  imported: ImportedRepo;
  photos: PhotosRepo;
  /** Personal recognition: users' confirmed photo embeddings. */
  examples: ExamplesRepo;
  /** The food-photo model (a worker pool shared by the process); tests may pass their own size. */
  recogniser: Recogniser;
  syncLog: SyncLog;
  /** Days a delete's tombstone is kept for sync; older cursors get 410. */
  tombstoneDays: number;
  /** The Open Food Facts client for online lookups (null: none, as in most tests). */
  offClient: OffClient | null;
  /** Whether barcode misses may use it: the admin's setting (off by default). */
  onlineLookup: OnlineLookupSetting;
  /** Set while the server drains on SIGTERM/SIGINT; /healthz then reports not ready. */
  lifecycle: { draining: boolean };
  /** Imports running now: one at a time per server (lib/gate.ts). */
  imports: Gate;
  /** Proxies (CIDRs) trusted to name the client in X-Forwarded-For / Forwarded (--trust-proxy). */
  trustProxy: readonly string[];
  /** The client's address (for rate limits), through trusted proxies. */
  clientAddress: (request: Request, server: Server<unknown> | null) => string;
  /** Host names answered (--allowed-hosts; loopback names when bound to loopback); null: any. */
  allowedHosts: readonly string[] | null;
  /** GET /metrics (--metrics): on for loopback callers, and for `token` when given; absent: off. */
  metrics?: { token: string | null } | null;
  /** Origins whose pages may call the API (--cors-origin); "*" any; empty: none. */
  corsOrigins?: readonly string[];
  /** --online-lookup: when given, the stored setting is set to it at start (else it stays). */
  onlineLookupAtStart?: boolean;
  /** --registration: when given, the mode is set to it at start (else the stored one stays). */
  registrationMode?: RegistrationMode;
}

export type AppOptions = Partial<
  Omit<
    AppDeps,
    | "db"
    | "catalogue"
    | "jwtSecret"
    | "auth"
    | "authn"
    | "clientAddress"
    | "customFoods"
    | "foods"
    | "meals"
    | "imported"
    | "photos"
    | "examples"
    | "syncLog"
  >
> &
  Pick<AppDeps, "db" | "catalogue" | "jwtSecret">;
