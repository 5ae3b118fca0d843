/**
 * GET /healthz — for monitors and container probes; no auth. 200 when ready for traffic (both
 * databases answer, not draining for a shutdown); otherwise 503 not_ready in the error envelope,
 * since Docker and Kubernetes read the status, not the body.
 */
import { Enum } from "../../schema/schemas";
import { Elysia, t } from "elysia";
import { AppError } from "../../lib/errors";
import { errors } from "../../schema/schemas";
import type { Deps } from "../../context";
import { VERSION } from "../../version";
import { ping } from "../../db/health";

async function check(run: () => unknown): Promise<"ok" | "error"> {
  try {
    await run();
    return "ok";
  } catch {
    return "error";
  }
}

const Health = t.Object(
  {
    status: t.Literal("ok"),
    version: t.String(),
    ready: t.Literal(true),
    checks: t.Object({ database: Enum(["ok", "error"]), catalogue: Enum(["ok", "error"]) }),
  },
  { title: "Health" },
);

export function healthRoutes(deps: Deps) {
  return new Elysia().get(
    "/healthz",
    async () => {
      const checks = {
        database: await check(() => deps.store.run(ping())),
        catalogue: await check(() => deps.catalogue.ping()),
      };
      if (deps.lifecycle.draining)
        throw new AppError("not_ready", "not ready: the server is stopping (draining for shutdown)");
      const failing = Object.entries(checks).filter(([, v]) => v === "error");
      if (failing.length) {
        throw new AppError(
          "not_ready",
          `not ready: the ${failing.map(([k]) => k).join(" and ")} does not answer`,
          failing.map(([k]) => ({ field: `checks.${k}`, message: "does not answer" })),
        );
      }
      return { status: "ok" as const, version: VERSION, ready: true as const, checks };
    },
    {
      response: { 200: Health, ...errors(503) },
      detail: {
        tags: ["system"],
        summary: "Ready for traffic: 200, or 503 not_ready (starting, stopping, or a database does not answer)",
      },
    },
  );
}
