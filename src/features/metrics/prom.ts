/**
 * prom-client itself, in a module of its own: metrics.ts requires this module when a server turns
 * metrics on, and the executable's bundle then keeps prom-client's code (and OpenTelemetry's API)
 * in a chunk of its own instead of in the one every start loads.
 */
export const promClient = require("prom-client") as typeof import("prom-client");
