/**
 * The expenditure estimate, loaded on the first GET /stats/expenditure instead of at start: its model
 * (the weight slope's least squares, the day selection) is code no other request needs, which a server
 * that loads it at start pays for in its start (bench:binary). It is a query run by the store (a Q
 * generator, db/q.ts), so the module is required, not imported: the generator delegates to the real
 * one at once, and the module is kept once loaded.
 */
import type * as View from "./expenditure-view";

export function* expenditure(...a: Parameters<typeof View.expenditure>) {
  return yield* (require("./expenditure-view") as typeof View).expenditure(...a);
}
