/** What /healthz reads: both databases, and whether the server is draining. */
import type { Catalogue } from "../../db/catalogue";
import type { Db } from "../../db/client";

export interface HealthDeps {
  db: Db;
  catalogue: Catalogue;
  /** Set while the server drains on SIGTERM/SIGINT; /healthz then reports not ready. */
  lifecycle: { draining: boolean };
}
