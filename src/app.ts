/**
 * createApp(deps) builds the whole HTTP API. Order: errors → request id → body parsing →
 * auth (per route) → feature plugins. Nothing here listens; src/index.ts does.
 */
import { Elysia } from "elysia";
import { AppError } from "./lib/errors";
import { Lru } from "./lib/lru";
import { sendAsBuilt } from "./lib/reply";
import { GroupCommit } from "./db/group-commit";
import { JSON_BODY_LIMIT, readJson, readLimited, tooLarge } from "./lib/body";
import { ClientAddress } from "./lib/client-address";
import { RateWindow } from "./lib/rate-window";
import { Cors } from "./lib/cors";
import { Metrics } from "./features/metrics/metrics";
import { metricsRoutes } from "./features/metrics/routes";
import { badHost, baseHeaders, hostAllowed, hostHeaderValid, hostRefused, pathOf, urlHost } from "./lib/http-policy";
import { bodyError, recordBodyError } from "./lib/body-errors";
import {
  errorResponse,
  errorStatus,
  extraHeaders,
  requestIds,
  routePattern,
  SAFE_REQUEST_ID,
  startedAt,
  toAppError,
} from "./lib/error-response";
import { jsonLogger } from "./lib/log";
import { FoodSearch } from "./features/foods/search";
import { FoodDirectory } from "./features/foods/directory";
import { catalogueSource } from "./features/foods/catalogue-source";
import { customFoodSource } from "./features/custom-foods/source";
import { importedFoodSource } from "./features/imported/source";
import { foodsRoutes } from "./features/foods/routes";
import { healthRoutes } from "./features/health/routes";
import { docsRoutes } from "./features/docs/routes";
import { webappRoutes } from "./features/webapp/routes";
import { authRoutes } from "./features/auth/routes";
import { AuthRepo } from "./features/auth/repo";
import { authenticateEarly, authPlugin, routeRule, type AuthDeps, type RouteRule } from "./features/auth/plugin";
import { AccessTokens } from "./features/auth/access-tokens";
import { AccountCodes } from "./features/auth/account-codes";
import { Registration } from "./features/auth/registration";
import { OnlineLookupSetting } from "./features/imported/online-setting";
import { credentialRoutes } from "./features/auth/credential-routes";
import { adminRoutes } from "./features/admin/routes";
import { Tokens } from "./features/auth/tokens";
import { LoginThrottle } from "./features/auth/throttle";
import { DEFAULT_PASSWORD_COST } from "./features/auth/service";
import { CustomFoodsRepo } from "./features/custom-foods/repo";
import { customFoodsRoutes } from "./features/custom-foods/routes";
import { personalFoods } from "./features/custom-foods/personal";
import { MealsRepo } from "./features/meals/repo";
import { ImportedRepo } from "./features/imported/repo";
import { PhotosRepo } from "./features/scanner/photos";
import { ExamplesRepo } from "./features/scanner/recognition/examples";
import { CocoSsdRecogniser, sharedPool } from "./features/scanner/recognition";
import { DEFAULT_TOMBSTONE_DAYS, SyncLog } from "./features/sync/log";
import { syncRoutes } from "./features/sync/routes";
import { IMPORT_BODY_LIMIT, IMPORTS, portabilityRoutes } from "./features/portability/routes";
import { Gate } from "./lib/gate";
import { scannerRoutes } from "./features/scanner/routes";
import { MAX_UPLOAD_BODY } from "./features/scanner/image";
import { mealsRoutes } from "./features/meals/routes";
import { weightsRoutes } from "./features/weights/routes";
import { recipesRoutes } from "./features/recipes/routes";
import { goalsRoutes } from "./features/goals/routes";
import { statsRoutes } from "./features/stats/routes";
import { VERSION } from "./version";
import { buildOpenApi } from "./features/docs/openapi";
import { OPENAPI_EXAMPLES } from "./features/docs/examples";
import { ErrorSchema } from "./lib/schemas";

export type { AppDeps, AppOptions } from "./deps";
import type { AppDeps, AppOptions } from "./deps";

/** Accounts one address may register per hour on an open server (a household signs up a few). */
export const REGISTRATIONS_PER_HOUR = 10;

/** Routes whose body is a multipart upload rather than JSON. */
const UPLOAD_PATHS = new Set(["/api/v1/scanner/photo", "/api/v1/scanner/label"]);
/** JSON body limits above the default (JSON_BODY_LIMIT), by path. */
const BODY_LIMITS: Record<string, number> = { "/api/v1/import": IMPORT_BODY_LIMIT };

export function createApp(options: AppOptions) {
  const passwordCost = options.passwordCost ?? DEFAULT_PASSWORD_COST;
  const customFoods = new CustomFoodsRepo(options.db);
  const imported = new ImportedRepo(options.db);
  const authRepo = new AuthRepo(options.db);
  const tokens = new Tokens(options.jwtSecret);
  const now = options.now ?? (() => new Date());
  const proxies = new ClientAddress(options.trustProxy);
  const accessTokens = new AccessTokens(options.db);
  const registration = new Registration(options.db);
  if (options.registrationMode) registration.setMode(options.registrationMode, (options.now ?? (() => new Date()))());
  const onlineLookup = new OnlineLookupSetting(options.db);
  if (options.onlineLookupAtStart !== undefined)
    onlineLookup.set(options.onlineLookupAtStart, (options.now ?? (() => new Date()))());
  // filled in below, once the routes exist
  let routeOf: AuthDeps["routeOf"] = () => undefined;
  const authDeps: AuthDeps = { tokens, repo: authRepo, accessTokens, now, routeOf: (request) => routeOf(request) };
  const commits = new GroupCommit(options.db.$client);
  const deps: AppDeps = {
    now,
    logger: jsonLogger,
    validateResponses: false,
    logRequests: true,
    ...options,
    search: options.search ?? new FoodSearch(options.catalogue),
    passwordCost,
    auth: {
      repo: authRepo,
      tokens,
      throttle: new LoginThrottle(options.loginLimits),
      inviteThrottle: new LoginThrottle(options.loginLimits),
      registrations: new RateWindow(options.registrationsPerHour ?? REGISTRATIONS_PER_HOUR, 3_600_000),
      passwordCost,
      accessTokens,
      registration,
      codes: new AccountCodes(options.db),
    },
    authn: authPlugin(authDeps),
    commit: options.commit ?? ((write) => commits.run(write)),
    trustProxy: options.trustProxy ?? [],
    clientAddress: (request, server) => proxies.of(server?.requestIP(request)?.address, request.headers),
    allowedHosts: options.allowedHosts ?? null,
    customFoods,
    foods: new FoodDirectory([
      catalogueSource(options.catalogue),
      customFoodSource(customFoods),
      importedFoodSource(imported),
    ]),
    meals: new MealsRepo(options.db),
    imported,
    photos: new PhotosRepo(options.db),
    examples: new ExamplesRepo(options.db),
    recogniser: options.recogniser ?? new CocoSsdRecogniser(sharedPool(), options.logger ?? jsonLogger),
    syncLog: new SyncLog(options.db),
    tombstoneDays: options.tombstoneDays ?? DEFAULT_TOMBSTONE_DAYS,
    offClient: options.offClient ?? null,
    onlineLookup,
    lifecycle: options.lifecycle ?? { draining: false },
    imports: new Gate(IMPORTS.concurrent, "another import"),
  };
  const { logger } = deps;
  const cors = new Cors(options.corsOrigins ?? []);
  const metrics = options.metrics
    ? new Metrics({
        databasePath: options.db.$client.filename,
        photoLoad: () => deps.recogniser.load?.() ?? { queued: 0, running: 0 },
        liveSessions: () => authRepo.liveSessionCount(deps.now().toISOString()),
        users: () => authRepo.userCount(),
      })
    : null;

  const personal = (userId: number | null) =>
    userId === null
      ? undefined
      : personalFoods((u, since) => deps.meals.foodHistory(u, since), deps.customFoods, userId, deps.now());
  const api = new Elysia({ prefix: "/api/v1" })
    .use(authRoutes(deps))
    .use(credentialRoutes(deps))
    .use(adminRoutes(deps))
    .use(foodsRoutes(deps, personal))
    .use(customFoodsRoutes(deps))
    .use(mealsRoutes(deps))
    .use(goalsRoutes(deps))
    .use(weightsRoutes(deps))
    .use(recipesRoutes(deps))
    .use(statsRoutes(deps))
    .use(scannerRoutes(deps))
    .use(syncRoutes(deps))
    .use(portabilityRoutes(deps));

  let openApiDoc: string | undefined;
  const built: { routes?: () => Parameters<typeof buildOpenApi>[0] } = {};
  // TypeBox's own Clean, not Elysia's default "exact mirror": the mirror turns a wrong-typed nested
  // value into an empty object before validation ({"weekdays": [1]} arrived as {"weekdays": {}}).
  const root = new Elysia({ normalize: "typebox" })
    .onRequest(({ request, set }) => {
      const incoming = request.headers.get("x-request-id");
      const id = incoming && SAFE_REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
      requestIds.set(request, id);
      startedAt.set(request, performance.now());
      const path = pathOf(request.url);
      Object.assign(set.headers, baseHeaders(path, request.headers.has("authorization")));
      set.headers["x-request-id"] = id;
      // Before anything else reads the URL: a Host Bun could not make an absolute URL of is refused.
      const host = request.headers.get("host");
      if ((host !== null && !hostHeaderValid(host)) || !hostHeaderValid(urlHost(request.url))) throw badHost(host);
      if (deps.allowedHosts) {
        const { hostname } = new URL(request.url);
        if (!hostAllowed(deps.allowedHosts, hostname)) throw hostRefused(hostname);
      }
      if (cors.enabled && path.startsWith("/api/")) {
        const preflight = cors.preflight(request);
        if (preflight instanceof AppError) throw preflight;
        if (preflight) return preflight;
        const headers = cors.headers(request.headers.get("origin"));
        if (headers) {
          Object.assign(set.headers, headers);
          extraHeaders.set(request, headers);
        }
      }
    })
    .onParse(async ({ request, contentType, path }) => {
      const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
      // A protected route's caller is authenticated from its headers before a byte of the body
      // is read (a 401 for a 60 MB tokenless upload costs nothing), and a declared length over
      // the route's limit is refused at once.
      if (needsAuth(request)) await authFirst(request);
      const declared = Number(request.headers.get("content-length") ?? 0);
      const limit = UPLOAD_PATHS.has(path) ? MAX_UPLOAD_BODY : (BODY_LIMITS[path] ?? JSON_BODY_LIMIT);
      if (declared > limit) throw tooLarge(limit);
      if (path === IMPORTS.path && request.method === "POST") deps.imports.enter(request);
      try {
        if (UPLOAD_PATHS.has(path)) {
          // Uploads (the photo scanner): multipart only, read with the 10 MB image limit.
          if (type !== "multipart/form-data") {
            throw new AppError(
              "unsupported_media_type",
              "send the photo as multipart/form-data with a file part named image",
            );
          }
          const bytes = await readLimited(request, MAX_UPLOAD_BODY);
          let form: Awaited<ReturnType<Response["formData"]>>;
          try {
            // the hook's contentType lacks the boundary; the request header has it
            form = await new Response(bytes, {
              headers: { "content-type": request.headers.get("content-type") ?? "" },
            }).formData();
          } catch {
            throw new AppError("validation_failed", "the body is not valid multipart/form-data", [
              { field: "image", message: "could not be read from the multipart body" },
            ]);
          }
          if (typeof form.get("image") === "string") {
            const message = "must be a file part (JPEG, PNG or WebP, sent with a filename), not a text field";
            throw new AppError("validation_failed", `image ${message}`, [{ field: "image", message }]);
          }
          return Object.fromEntries(form.entries());
        }
        // No body at all (a DELETE, say): nothing to parse; a route that needs one says so.
        if (type === "" && (request.body === null || request.headers.get("content-length") === "0")) return undefined;
        if (type !== "application/json" && !type.endsWith("+json")) {
          throw new AppError(
            "unsupported_media_type",
            `Content-Type must be application/json${type ? `, got ${type}` : ""}`,
          );
        }
        return await readJson(request, BODY_LIMITS[path] ?? JSON_BODY_LIMIT);
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        return recordBodyError(request, e);
      }
    })
    // After authentication and validation: a body that could not be read is reported even when
    // the route's schema (all fields optional) let the placeholder through.
    .onBeforeHandle(({ request }) => {
      const unreadable = bodyError(request);
      if (unreadable) throw unreadable;
    })
    // a route's own Response (reply, noContent) goes out as it is (lib/reply.ts)
    .mapResponse(sendAsBuilt)
    .onError(({ code, error, request }) => {
      deps.imports.leave(request); // an import refused before its handler ran frees its slot now
      const appError = toAppError(code, error, request, logger, allowedMethods);
      errorStatus.set(request, appError.status);
      return errorResponse(appError, request);
    })
    .onAfterResponse(({ request, set, responseValue, route }) => {
      deps.imports.leave(request);
      if (!deps.logRequests && !metrics) return;
      const started = startedAt.get(request);
      const status =
        errorStatus.get(request) ??
        (responseValue instanceof Response ? responseValue.status : typeof set.status === "number" ? set.status : 200);
      const ms = started === undefined ? 0 : performance.now() - started;
      metrics?.observe(request.method, route || "unmatched", status, ms / 1000);
      if (!deps.logRequests) return;
      logger.info("request", {
        request_id: requestIds.get(request),
        method: request.method,
        path: pathOf(request.url),
        status,
        duration_ms: started === undefined ? undefined : Math.round(ms * 100) / 100,
      });
    })
    .use(healthRoutes(deps))
    .use(docsRoutes())
    .use(webappRoutes())
    .use(metrics ? metricsRoutes(metrics, options.metrics!.token) : new Elysia())
    .use(api)
    // built on first request from every route's schemas (features/docs/openapi.ts)
    .get(
      "/api/v1/openapi.json",
      () => {
        openApiDoc ??= JSON.stringify(
          buildOpenApi(built.routes!(), { version: VERSION, errorSchema: ErrorSchema, examples: OPENAPI_EXAMPLES }),
        );
        return new Response(openApiDoc, { headers: { "content-type": "application/json; charset=utf-8" } });
      },
      { detail: { hide: true } },
    );
  built.routes = () => root.routes as Parameters<typeof buildOpenApi>[0];
  const authFirst = authenticateEarly(authDeps);
  let table: ({ pattern: RegExp; method: string; auth: boolean } & RouteRule)[] | undefined;
  const routeTable = () =>
    (table ??= root.routes.map((r) => {
      const detail = (r.hooks as { detail?: Record<string, unknown> }).detail ?? {};
      return {
        pattern: routePattern(r.path),
        method: r.method,
        auth: JSON.stringify(detail.security) === JSON.stringify([{ bearer: [] }]),
        ...routeRule(r.method, detail),
      };
    }));
  // The routes a request's method and path match, found once per request: the parse hook asks
  // whether it needs a token, then authentication asks for its scope.
  // Kept by method and path too (an LRU): testing every route's pattern was 5 % of a read's time.
  const matched = new WeakMap<Request, ReturnType<typeof routeTable>>();
  const byPath = new Lru<string, ReturnType<typeof routeTable>>(4096);
  const matches = (request: Request) => {
    let found = matched.get(request);
    if (!found) {
      const path = pathOf(request.url);
      const method = request.method === "HEAD" ? "GET" : request.method; // HEAD is a GET without its body
      const key = `${method} ${path}`;
      found = byPath.get(key);
      if (!found) byPath.set(key, (found = routeTable().filter((r) => r.method === method && r.pattern.test(path))));
      matched.set(request, found);
    }
    return found;
  };
  routeOf = (request) => matches(request)[0];
  /** Whether the route this request goes to needs a token (the `auth: true` macro). */
  const needsAuth = (request: Request): boolean => matches(request).some((r) => r.auth);
  /** The methods some route takes at this path (for 405 and its Allow header). */
  function allowedMethods(path: string): string[] {
    return [
      ...new Set(
        routeTable()
          .filter((r) => r.pattern.test(path))
          .map((r) => r.method),
      ),
    ].sort();
  }
  return root;
}

export type App = ReturnType<typeof createApp>;
