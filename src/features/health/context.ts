/** What /healthz reads: both databases, and whether the server is draining. */
import type { Catalogue } from "../../db/catalogue";
import type { Store } from "../../db/store";

export interface HealthDeps {
  store: Store;
  catalogue: Catalogue;
  /** Set while the server drains on SIGTERM/SIGINT; /healthz then reports not ready. */
  lifecycle: { draining: boolean };
}
