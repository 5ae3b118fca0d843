/**
 * createApp(options) composes the HTTP API: the services (services.ts), the request pipeline
 * (src/http: request id → Host → CORS → bodies → errors → access log) and every feature's routes.
 * Nothing here listens; src/cli/serve.ts does (through src/http/server.ts).
 */
import { Elysia } from "elysia";
import { authenticateEarly, routeRule } from "./features/auth/plugin";
import { adminRoutes } from "./features/admin/routes";
import { authRoutes } from "./features/auth/routes";
import { credentialRoutes } from "./features/auth/credential-routes";
import { customFoodsRoutes } from "./features/custom-foods/routes";
import { docsRoutes, openApiRoute } from "./features/docs/routes";
import { foodsRoutes } from "./features/foods/routes";
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
import { requestContext } from "./http/request-context";
import { RouteTable, type RouteLike } from "./http/route-table";
import { createServices, type ServiceOptions } from "./services";
import { row } from "./db/q";

export type AppOptions = ServiceOptions;

export function createApp(options: AppOptions) {
  const services = createServices(options);
  // filled in below, once every route is registered
  const registered: { routes: () => readonly RouteLike[] } = { routes: () => [] };
  const routes = new RouteTable(() => registered.routes());
  // the auth macro asks each request's access rule by its matched route (one rule per route, kept)
  const rules = new WeakMap<object, ReturnType<typeof routeRule>>();
  services.authnDeps.ruleOf = (method, route) => {
    const facts = routes.of(method, route);
    if (!facts) return undefined;
    let rule = rules.get(facts);
    if (!rule) rules.set(facts, (rule = routeRule(method, facts.detail))); // HEAD reads, as GET does
    return rule;
  };
  const metrics = options.metrics
    ? new Metrics({
        databasePath: services.db?.$client.filename ?? null,
        databaseBytes: async () =>
          Number(
            (await services.store.run(row<{ n: string }>("SELECT pg_database_size(current_database())::text AS n")))!.n,
          ),
        photoLoad: () => services.recogniser.load?.() ?? { queued: 0, running: 0 },
        liveSessions: () => services.store.run(services.auth.repo.liveSessionCount(services.now().toISOString())),
        users: () => services.store.run(services.auth.repo.userCount()),
      })
    : null;

  const api = new Elysia({ prefix: "/api/v1" })
    .use(authRoutes(services))
    .use(credentialRoutes(services))
    .use(adminRoutes(services))
    .use(foodsRoutes(services))
    .use(customFoodsRoutes(services))
    .use(mealsRoutes(services))
    .use(goalsRoutes(services))
    .use(targetsRoutes(services))
    .use(reportRoutes(services))
    .use(weightsRoutes(services))
    .use(daysRoutes(services))
    .use(recipesRoutes(services))
    .use(savedMealsRoutes(services))
    .use(activitiesRoutes(services))
    .use(exercisesRoutes(services))
    .use(dailyValuesRoutes(services))
    .use(activitySettingsRoutes(services))
    .use(statsRoutes(services))
    .use(scannerRoutes(services))
    .use(syncRoutes(services))
    .use(portabilityRoutes(services))
    .use(bridgesRoutes(services));

  // TypeBox's own Clean, not Elysia's default "exact mirror": the mirror turns a wrong-typed nested
  // value into an empty object before validation ({"weekdays": [1]} arrived as {"weekdays": {}}).
  const root = new Elysia({ normalize: "typebox" })
    .use(requestContext())
    .use(hostCheck(services.allowedHosts))
    .use(cors(services.corsOrigins ?? []))
    .use(
      bodies({
        routes,
        authenticate: authenticateEarly(services.authnDeps),
        gates: { imports: services.imports, photos: services.photoQueue },
      }),
    )
    .use(errorEnvelope(services.logger, routes))
    .use(accessLog(services.logRequests ? services.logger : null, metrics))
    .use(healthRoutes(services))
    .use(docsRoutes())
    .use(webappRoutes())
    .use(metrics ? metricsRoutes(metrics, options.metrics!.token) : new Elysia())
    .use(api)
    .use(openApiRoute(() => registered.routes()));
  registered.routes = () => root.routes;
  readiness.set(root, services.ready);
  return root;
}

const readiness = new WeakMap<object, Promise<void>>();

/** Settles once the app's start-up writes are done (at once on SQLite): a server listens after it. */
export function ready(app: App): Promise<void> {
  return readiness.get(app) ?? Promise.resolve();
}

export type App = ReturnType<typeof createApp>;
