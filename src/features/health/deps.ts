/** What /healthz adds to the container (src/context.ts). */

declare module "../../context" {
  interface Deps {
    /** Set while the server drains on SIGTERM/SIGINT; /healthz then reports not ready. */
    lifecycle: { draining: boolean };
  }
}

export {};
