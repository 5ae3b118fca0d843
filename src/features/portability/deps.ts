/** What export and import add to the container (src/context.ts). */
import type { AccountGate } from "../../lib/account-gate";

declare module "../../context" {
  interface Deps {
    /** Imports running now: one per account, a few per server (entered by http/body.ts as the gate "imports"). */
    imports: AccountGate;
    /** The key of tracker-import meal ids (trackers/convert.ts `idFor`), derived from the server's secret. */
    importIdKey: string;
  }
}
