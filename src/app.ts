/**
 * createApp(options) composes the HTTP API: the services (services.ts), the request pipeline
 * (src/http: request id → Host → CORS → bodies → errors → access log) and every feature's routes.
 * Nothing here listens; src/cli/serve.ts does (through src/http/server.ts).
 */
import { Elysia } from "elysia";
import { adminRoutes } from "./features/admin/routes";
import { authRoutes } from "./features/auth/routes";
import { credentialRoutes } from "./features/auth/credential-routes";
import { twoFactorRoutes } from "./features/auth/two-factor-routes";
import { passkeyRoutes } from "./features/auth/passkey-routes";
import { oidcRoutes } from "./features/auth/oidc-routes";
import { customFoodsRoutes } from "./features/custom-foods/routes";
import { docsRoutes, openApiRoute } from "./features/docs/routes";
import { foodsRoutes } from "./features/foods/routes";
import { onlineSearchRoutes } from "./features/imported/routes";
import { goalsRoutes } from "./features/goals/routes";
import { targetsRoutes } from "./features/targets/routes";
import { reportRoutes } from "./features/targets/report-routes";
import { healthRoutes } from "./features/health/routes";
import { mealsRoutes } from "./features/meals/routes";
import { Metrics } from "./features/metrics/metrics";
import { metricsRoutes } from "./features/metrics/routes";
import { portabilityRoutes } from "./features/portability/routes";
import { bridgesRoutes } from "./features/bridges/routes";
import { recipesRoutes } from "./features/recipes/routes";
import { savedMealsRoutes } from "./features/saved-meals/routes";
import { scannerRoutes } from "./features/scanner/routes";
import { statsRoutes } from "./features/stats/routes";
import { syncRoutes } from "./features/sync/routes";
import { webappRoutes } from "./features/webapp/routes";
import { weightsRoutes } from "./features/weights/routes";
import { daysRoutes } from "./features/days/routes";
import { activitiesRoutes } from "./features/activities/routes";
import { activitySettingsRoutes } from "./features/activity-settings/routes";
import { dailyValuesRoutes } from "./features/daily-values/routes";
import { exercisesRoutes } from "./features/exercises/routes";
import { accessLog } from "./http/access-log";
import { bodies } from "./http/body";
import { cors } from "./http/cors";
import { errorEnvelope } from "./http/errors";
import { hostCheck } from "./http/host";
import { requestStart } from "./http/request-start";
import { authPipeline, type RouteDeps } from "./http/auth";
import { ClientAddress } from "./http/client-address";
import { RouteTable, type RouteLike } from "./http/route-table";
import { createServices, type ServiceOptions } from "./services";
import { pgDatabaseBytes } from "./db/health";

export type AppOptions = ServiceOptions;

export function createApp(options: AppOptions) {
  const services = createServices(options);
  const auth = authPipeline(services, services.authenticator);
  const proxies = new ClientAddress(services.trustProxy);
  const deps: RouteDeps = {
    ...services,
    authn: auth.plugin,
    clientAddress: (request, server) => proxies.of(server?.requestIP(request)?.address, request.headers),
  };
  const metrics = options.metrics
    ? new Metrics({
        databasePath: services.db?.$client.filename ?? null,
        databaseBytes: () => services.store.run(pgDatabaseBytes()),
        photoLoad: () => services.recogniser.load?.() ?? { queued: 0, running: 0 },
        liveSessions: () => services.store.run(services.auth.repo.liveSessionCount(services.now().toISOString())),
        users: () => services.store.run(services.auth.repo.userCount()),
      })
    : null;

  const api = new Elysia({ prefix: "/api/v1" })
    .use(authRoutes(deps))
    .use(credentialRoutes(deps))
    .use(twoFactorRoutes(deps))
    .use(passkeyRoutes(deps))
    .use(oidcRoutes(deps))
    .use(adminRoutes(deps))
    .use(onlineSearchRoutes(deps))
    .use(foodsRoutes(deps))
    .use(customFoodsRoutes(deps))
    .use(mealsRoutes(deps))
    .use(goalsRoutes(deps))
    .use(targetsRoutes(deps))
    .use(reportRoutes(deps))
    .use(weightsRoutes(deps))
    .use(daysRoutes(deps))
    .use(recipesRoutes(deps))
    .use(savedMealsRoutes(deps))
    .use(activitiesRoutes(deps))
    .use(exercisesRoutes(deps))
    .use(dailyValuesRoutes(deps))
    .use(activitySettingsRoutes(deps))
    .use(statsRoutes(deps))
    .use(scannerRoutes(deps))
    .use(syncRoutes(deps))
    .use(portabilityRoutes(deps))
    .use(bridgesRoutes(deps));
  const pages = new Elysia()
    .use(healthRoutes(services))
    .use(docsRoutes())
    .use(webappRoutes())
    .use(metrics ? metricsRoutes(metrics, options.metrics!.token) : new Elysia());
  // every route, built above, before the pipeline that reads their declarations
  const openApi = openApiRoute(() => every);
  const every: readonly RouteLike[] = [...pages.routes, ...api.routes, ...openApi.routes];
  const routes = new RouteTable(every);

  // TypeBox's own Clean, not Elysia's default "exact mirror": the mirror turns a wrong-typed nested
  // value into an empty object before validation ({"weekdays": [1]} arrived as {"weekdays": {}}).
  const app = new Elysia({ normalize: "typebox" })
    .use(requestStart())
    .use(hostCheck(services.allowedHosts))
    .use(cors(services.corsOrigins ?? []))
    .use(
      bodies({ routes, authenticate: auth.signIn, gates: { imports: services.imports, photos: services.photoQueue } }),
    )
    .use(errorEnvelope(services.logger, routes))
    .use(accessLog(services.logRequests ? services.logger : null, metrics))
    .use(pages)
    .use(api)
    .use(openApi);
  startUp.set(app, services.ready);
  return app;
}

/**
 * Each app's start-up writes (--registration, --online-lookup). Kept here, not in Elysia's `state`: a plugin
 * `use`d after `state` left `app.store.ready` undefined, so `await ready(app)` did not wait, and on PostgreSQL
 * a server started with `--registration invite` could listen (and say registration is open) before the write.
 */
const startUp = new WeakMap<object, Promise<void>>();

/** Settles once the app's start-up writes are done (at once on SQLite): a server listens after it. */
export function ready(app: App): Promise<void> {
  const p = startUp.get(app);
  if (!p) throw new Error("ready(app): not an app made by createApp");
  return p;
}

export type App = ReturnType<typeof createApp>;
