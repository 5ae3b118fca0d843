/**
 * Starts Bun's server on an app: `Bun.serve` with the app's one compiled handler (`app.fetch`, the
 * same path `app.handle` takes in the tests), instead of Elysia's `app.listen`.
 *
 * Why not `listen`: it compiles the app, hands Bun a route table with one lazily compiled handler per
 * route, then, once its lazy-module promise settles, compiles the app again, rebuilds that table,
 * reloads the server and asks for a garbage collection: work done twice (about 4 ms of each start of
 * the executable, measured), for routing Bun then does natively instead of Elysia's router, which
 * was no faster: bench:hot's servers side by side, four runs, this way answered the hot reads
 * 0.97–1.25× as fast (the floor 1.04–1.25×, the day page 0.97–1.12×). Settings kept from `listen`:
 * a 30 s idle timeout. Changed: no SO_REUSEPORT (a second server could share the port and split
 * requests between two databases), and Bun's development mode off whatever NODE_ENV says (it would
 * answer an uncaught error with a page carrying the stack, where the app's error envelope answers
 * everything).
 */
import type { Server } from "bun";
import type { AnyElysia } from "elysia";

export interface ServeOptions {
  port: number;
  hostname: string;
}

/**
 * Bun's own body limit, set past any body: Bun answers a body over it with a bare 413 and no JSON, so
 * a second, lower figure here (65 MiB it was) contradicted the routes' own (2 GiB for a health
 * export). Each route's limit is the one figure (http/body.ts: a declared length over it is 413
 * `payload_too_large` naming it before a byte is read, a streamed body as soon as it passes it), and
 * Bun holds no body a handler does not read (a 400 MB body sent to a GET grew the process 10 MB).
 */
export const SERVER_BODY_LIMIT = Number.MAX_SAFE_INTEGER;

export function startServer(app: AnyElysia, options: ServeOptions): Server<undefined> {
  const server = Bun.serve({
    ...options,
    maxRequestBodySize: SERVER_BODY_LIMIT,
    reusePort: false,
    idleTimeout: 30,
    development: false,
    fetch: app.fetch,
  });
  // what Elysia's handlers read the server from (the client's address: server.requestIP)
  app.server = server;
  return server;
}
