/** GET /healthz — liveness for monitors and container probes; no auth. */
import { Elysia, t } from "elysia";
import { VERSION } from "../../version";

export function healthRoutes() {
  return new Elysia().get("/healthz", () => ({ status: "ok" as const, version: VERSION }), {
    response: { 200: t.Object({ status: t.Literal("ok"), version: t.String() }) },
    detail: { tags: ["system"], summary: "Liveness: the process is up and answering" },
  });
}
