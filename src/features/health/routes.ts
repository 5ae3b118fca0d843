/**
 * GET /healthz — liveness for monitors and container probes; no auth. Always 200 while the
 * process answers; `ready` says whether it should get traffic: both databases answer and it is
 * not draining for a shutdown.
 */
import { Enum, Int } from "../../lib/schemas";
import { Elysia, t } from "elysia";
import type { AppDeps } from "../../app";
import { VERSION } from "../../version";

function check(run: () => unknown): "ok" | "error" {
  try {
    run();
    return "ok";
  } catch {
    return "error";
  }
}

export function healthRoutes(deps: Pick<AppDeps, "db" | "catalogue" | "lifecycle">) {
  return new Elysia().get(
    "/healthz",
    () => {
      const checks = { database: check(() => deps.db.$client.query("SELECT 1").get()), catalogue: check(() => deps.catalogue.db.query("SELECT 1").get()) };
      const ready = !deps.lifecycle.draining && checks.database === "ok" && checks.catalogue === "ok";
      return { status: "ok" as const, version: VERSION, ready, checks };
    },
    {
      response: {
        200: t.Object({
          status: t.Literal("ok"),
          version: t.String(),
          ready: t.Boolean({ description: "false while starting, draining for shutdown, or when a database does not answer" }),
          checks: t.Object({ database: Enum(["ok", "error"]), catalogue: Enum(["ok", "error"]) }),
        }),
      },
      detail: { tags: ["system"], summary: "Liveness, and whether the server is ready for traffic" },
    },
  );
}
