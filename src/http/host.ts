/**
 * The Host check, before anything else reads the URL: a Host Bun could not make an absolute URL of
 * is refused (400), and with --allowed-hosts (or a loopback bind) so is any other name (DNS rebinding).
 */
import { Elysia } from "elysia";
import { badHost, hostAllowed, hostHeaderValid, hostRefused, urlHost } from "./http-policy";

export function hostCheck(allowedHosts: readonly string[] | null) {
  return new Elysia().onRequest(({ request }) => {
    const host = request.headers.get("host");
    if ((host !== null && !hostHeaderValid(host)) || !hostHeaderValid(urlHost(request.url))) throw badHost(host);
    if (allowedHosts) {
      const { hostname } = new URL(request.url);
      if (!hostAllowed(allowedHosts, hostname)) throw hostRefused(hostname);
    }
  });
}
