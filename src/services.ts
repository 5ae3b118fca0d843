/**
 * createServices(options): the container (`Deps`, src/context.ts): the repositories, services and
 * their caches of one app, built once. Each feature's deps.ts declares the fields it adds. createApp
 * (app.ts) hands it to the routes with the auth macro; nothing here knows about HTTP.
 */
import { repairExercisesPastLimits } from "./features/exercises/repair";
import type { Catalogue } from "./db/catalogue";
import { ChangeLog, DEFAULT_TOMBSTONE_DAYS } from "./db/change-log";
import type { Db } from "./db/client";
import { GroupCommit } from "./db/group-commit";
import { SqliteStore, type Store } from "./db/store";
import type { Deps } from "./context";
import { jsonLogger, type Logger } from "./lib/log";
import { RateWindow } from "./lib/rate-window";
import { ActivitySettingsRepo } from "./features/activity-settings/repo";
import { DailyValuesRepo } from "./features/daily-values/repo";
import { DayMarksRepo } from "./features/days/repo";
import { ExercisesRepo } from "./features/exercises/repo";
import { GoalPlansRepo } from "./features/goals/repo";
import { SavedMealsRepo } from "./features/saved-meals/repo";
import { SyncMutationsRepo } from "./features/sync/repo";
import { TargetSettingsRepo } from "./features/targets/repo";
import { WeightsRepo } from "./features/weights/repo";
import { AccessTokens } from "./features/auth/access-tokens";
import { AccountCodes } from "./features/auth/account-codes-repo";
import { TokenAuthenticator } from "./features/auth/authenticator";
import { Registration, type RegistrationMode } from "./features/auth/registration";
import { AuthRepo } from "./features/auth/repo";
import { DEFAULT_PASSWORD_COST } from "./features/auth/service";
import { LoginThrottle, type ThrottleLimits } from "./features/auth/throttle";
import { Tokens } from "./features/auth/tokens";
import { TotpRepo } from "./features/auth/two-factor-repo";
import { passkeyServices } from "./features/auth/passkey-deps";
import { ForwardAuth, type ForwardAuthHeaders } from "./features/auth/forward-auth";
import { Oidc, type OidcSettings } from "./features/auth/oidc-client";
import { OidcRepo } from "./features/auth/oidc-repo";
import { personalFoods } from "./features/custom-foods/personal";
import { CustomFoodsRepo } from "./features/custom-foods/repo";
import { customFoodSource } from "./features/custom-foods/source";
import { catalogueSource } from "./features/foods/catalogue-source";
import { FoodDirectory } from "./features/foods/directory";
import { DishIndex } from "./features/foods/parse";
import { FoodSearch } from "./features/foods/search";
import { anonymousPages } from "./features/foods/service";
import type { OffClient } from "./features/imported/online";
import { OnlineLookupSetting } from "./features/imported/online-setting";
import { ImportedRepo } from "./features/imported/repo";
import { importedFoodSource } from "./features/imported/source";
import { DayPages } from "./features/meals/daily";
import { MealsRepo } from "./features/meals/repo";
import { importIdKeyOf, IMPORTS_AT_ONCE } from "./features/portability/limits";
import { RecipesRepo } from "./features/recipes/repo";
import { PHOTO_LIMITS } from "./features/scanner/limits";
import { barcodeSources } from "./features/scanner/sources";
import { AccountGate, type AccountLimits } from "./lib/account-gate";
import { photoHooks } from "./features/scanner/photo-hooks";
import { PhotosRepo } from "./features/scanner/photos-repo";
import { CocoSsdRecogniser, sharedPool, type Recogniser } from "./features/scanner/recognition";
import { ExamplesRepo } from "./features/scanner/recognition/examples-repo";

/** Accounts one address may register per hour on an open server (a household signs up a few). */
export const REGISTRATIONS_PER_HOUR = 10;

declare module "./context" {
  /** The app's own settings, read by app.ts and the server (the features' fields are in their deps.ts). */
  interface Deps {
    /** Secret for signing JWTs (kept in the data dir, see lib/secret.ts; in the database on PostgreSQL). */
    jwtSecret: string;
    /** The SQLite connection; null on PostgreSQL. */
    db: Db | null;
    /** Settles once the start-up settings (--registration, --online-lookup) are written. */
    ready: Promise<void>;
    /** One JSON line per request (request id, method, path, status, duration). */
    logRequests: boolean;
    /** Proxies (CIDRs) trusted to name the client in X-Forwarded-For / Forwarded (--trust-proxy). */
    trustProxy: readonly string[];
    /** Host names answered (--allowed-hosts; loopback names when bound to loopback); null: any. */
    allowedHosts: readonly string[] | null;
    /** GET /metrics (--metrics): on for loopback callers, and for `token` when given; absent: off. */
    metrics?: { token: string | null } | null;
    /** Origins whose pages may call the API (--cors-origin); "*" any; empty: none. */
    corsOrigins?: readonly string[];
  }
}

/** The container's type, by the name the server and the tests know it. */
export type Services = Deps;

/** What the caller chooses (the rest is built): src/cli/serve.ts from the command line, tests their own. */
export interface ServiceOptions {
  /** The SQLite user database (its file's size for metrics); absent on PostgreSQL. */
  db?: Db;
  /** Runs database work (db/store.ts), as db/open.ts made it; default: a SQLite store over `db`. */
  store?: Store;
  catalogue: Catalogue;
  jwtSecret: string;
  now?: () => Date;
  logger?: Logger;
  /** Check every success body against its declared schema (tests, development). See http/reply.ts. */
  validateResponses?: boolean;
  logRequests?: boolean;
  /** argon2id cost; tests use OWASP's minimum, production Bun's stronger default. */
  passwordCost?: Services["auth"]["passwordCost"];
  loginLimits?: ThrottleLimits;
  /** Trusted-header sign-in's header names (config.ts forwardAuth); null or absent: off. */
  forwardAuth?: ForwardAuthHeaders | null;
  /** --public-url: passkeys are bound to its host name; null or absent: to each request's own. */
  publicUrl?: string | null;
  /** Single sign-on (config.ts oidc); null or absent: off. */
  oidc?: OidcSettings | null;
  /** --password-login: false refuses POST /login and POST /register by password; default true. */
  passwordLogin?: boolean;
  searchBudget?: Services["searchBudget"];
  signedInSearchBudget?: Services["signedInSearchBudget"];
  /** Accounts one address (an IPv6 /64) may register per hour on an open server; default 10. */
  registrationsPerHour?: number;
  commit?: Services["commit"];
  search?: FoodSearch;
  /** The food-photo model; tests may pass their own size. Default: the process's shared pool (workers start on first use). */
  recogniser?: Recogniser;
  /** Uploads in the photo line per account and in all (default PHOTO_LIMITS); tests set smaller ones. */
  photoLimits?: AccountLimits;
  tombstoneDays?: number;
  offClient?: OffClient | null;
  lifecycle?: { draining: boolean };
  trustProxy?: readonly string[];
  allowedHosts?: readonly string[] | null;
  metrics?: { token: string | null } | null;
  corsOrigins?: readonly string[];
  /** --online-lookup: when given, the stored setting is set to it at start (else it stays). */
  onlineLookupAtStart?: boolean;
  /** --registration: when given, the mode is set to it at start (else the stored one stays). */
  registrationMode?: RegistrationMode;
}

export function createServices(options: ServiceOptions): Deps {
  const { catalogue } = options;
  const db = options.db ?? null;
  const store = options.store ?? (db ? new SqliteStore(db) : null);
  if (!store) throw new Error("createServices: give the user database, as `db` (SQLite) or `store`");
  const now = options.now ?? (() => new Date());
  const logger = options.logger ?? jsonLogger;
  const passwordCost = options.passwordCost ?? DEFAULT_PASSWORD_COST;
  const authRepo = new AuthRepo();
  const tokens = new Tokens(options.jwtSecret);
  const accessTokens = new AccessTokens();
  const registration = new Registration(authRepo);
  const onlineLookup = new OnlineLookupSetting();
  const changeLog = new ChangeLog(store);
  const exercises = new ExercisesRepo();
  const settings = [
    options.registrationMode && registration.setMode(options.registrationMode, now()),
    options.onlineLookupAtStart !== undefined && onlineLookup.set(options.onlineLookupAtStart, now()),
    // exercises stored past the typed limits before they held on every path (issue 57)
    repairExercisesPastLimits(exercises, changeLog, now()),
  ];
  // at once on SQLite; on PostgreSQL the server waits for `ready` before it listens
  const ready = Promise.all(settings.map((work) => (work ? store.run(work) : undefined))).then(() => undefined);
  const customFoods = new CustomFoodsRepo();
  const imported = new ImportedRepo(store);
  const meals = new MealsRepo();
  const photos = new PhotosRepo();
  const examples = new ExamplesRepo();
  const commits = new GroupCommit(store);
  const foods = new FoodDirectory([
    catalogueSource(catalogue),
    customFoodSource(customFoods),
    importedFoodSource(imported),
  ]);
  const offClient = options.offClient ?? null;
  const oidc = options.oidc ? new Oidc(options.oidc, logger) : null;
  // discovery a moment after start, only to log an unreachable or mistyped issuer early (it never blocks the start)
  if (oidc) setTimeout(() => oidc.warm(), 1000).unref();
  return {
    db,
    ready,
    store,
    catalogue,
    jwtSecret: options.jwtSecret,
    now,
    logger,
    validateResponses: options.validateResponses ?? false,
    logRequests: options.logRequests ?? true,
    search: options.search ?? new FoodSearch(catalogue),
    auth: {
      repo: authRepo,
      tokens,
      throttle: new LoginThrottle(options.loginLimits),
      inviteThrottle: new LoginThrottle(options.loginLimits),
      registrations: new RateWindow(options.registrationsPerHour ?? REGISTRATIONS_PER_HOUR, 3_600_000),
      passwordCost,
      accessTokens,
      registration,
      codes: new AccountCodes(),
      totp: new TotpRepo(),
      forwardAuth: options.forwardAuth ? new ForwardAuth(options.forwardAuth, options.trustProxy ?? []) : null,
      oidc,
      oidcRepo: new OidcRepo(),
      passwordLogin: options.passwordLogin ?? true,
    },
    passkeys: passkeyServices(options.publicUrl ?? null),
    authenticator: new TokenAuthenticator(store, tokens, authRepo, accessTokens),
    commit: options.commit ?? ((write) => commits.run(write)),
    trustProxy: options.trustProxy ?? [],
    allowedHosts: options.allowedHosts ?? null,
    customFoods,
    foods,
    anonymousPages: anonymousPages(),
    dishes: new DishIndex(catalogue),
    personal: personalFoods(store, (u, since) => meals.foodHistory(u, since), customFoods),
    meals,
    dayPages: new DayPages(),
    mealHistory: (userId, mealType, since) => meals.foodHistoryAt(userId, mealType, since),
    mealCounts: () => meals.countsByUser(),
    recipes: new RecipesRepo(),
    exercises,
    savedMeals: new SavedMealsRepo(),
    weights: new WeightsRepo(),
    dayMarks: new DayMarksRepo(),
    dailyValues: new DailyValuesRepo(),
    activitySettings: new ActivitySettingsRepo(),
    goalPlans: new GoalPlansRepo(),
    targetSettings: new TargetSettingsRepo(),
    syncMutations: new SyncMutationsRepo(),
    imported,
    photos,
    examples,
    photoHooks: photoHooks(photos, examples),
    recogniser: options.recogniser ?? new CocoSsdRecogniser(sharedPool(), logger),
    changeLog,
    tombstoneDays: options.tombstoneDays ?? DEFAULT_TOMBSTONE_DAYS,
    offClient,
    barcodeSources: barcodeSources({ customFoods, imported, foods, offClient, now, run: (work) => store.run(work) }),
    onlineLookup,
    lifecycle: options.lifecycle ?? { draining: false },
    imports: new AccountGate(IMPORTS_AT_ONCE, "imports", 5),
    importIdKey: importIdKeyOf(options.jwtSecret),
    photoQueue: new AccountGate(options.photoLimits ?? PHOTO_LIMITS, "photos"),
    metrics: options.metrics,
    corsOrigins: options.corsOrigins,
    searchBudget: options.searchBudget,
    signedInSearchBudget: options.signedInSearchBudget,
  };
}
