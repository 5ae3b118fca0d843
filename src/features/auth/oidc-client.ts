/**
 * The OpenID Provider as the relying party sees it (openid-client v6): its discovered metadata and
 * this server's client registration. Discovery is lazy, on the first sign-in, and a failure is not
 * kept: a server that starts while the provider is unreachable (offline, or started first) serves
 * everything else, answers a sign-in with 503 not_ready saying so, and tries again on the next one.
 * The server also tries once soon after it starts (`warm`), only to log a mistyped issuer early.
 */
import type * as OpenId from "openid-client";
import { AppError } from "../../lib/errors";
import type { Logger } from "../../lib/log";
import type { OidcSettings } from "../../config";

export type { OidcSettings };

/** openid-client, loaded by the first sign-in rather than by every server start. */
let module: typeof OpenId | null = null;
export const openid = async (): Promise<typeof OpenId> => (module ??= await import("openid-client"));

/** Seconds discovery waits for the provider. */
const DISCOVERY_TIMEOUT_S = 10;

export class Oidc {
  private discovered: Promise<OpenId.Configuration> | null = null;
  constructor(
    readonly settings: OidcSettings,
    private readonly logger: Logger,
  ) {}

  /** The scopes asked for: who (openid), the email to match or make an account, the name, and groups for the admin claim. */
  get scope(): string {
    return `openid email profile${this.settings.adminGroup && this.settings.adminClaim === "groups" ? " groups" : ""}`;
  }

  /** The provider's configuration, discovered once; a failed discovery is retried by the next call. */
  configuration(): Promise<OpenId.Configuration> {
    this.discovered ??= this.discover().catch((e: unknown) => {
      this.discovered = null;
      throw new AppError(
        "not_ready",
        `the sign-in provider at ${this.settings.issuer} could not be reached (${reason(e)}); sign in with it once it answers, or ask the server's admin to check --oidc-issuer`,
      );
    });
    return this.discovered;
  }

  /** One discovery soon after start, so a wrong issuer shows in the log before anyone signs in. */
  warm(): void {
    this.configuration().catch((e: unknown) =>
      this.logger.warn("OpenID Provider not reachable yet", {
        issuer: this.settings.issuer,
        detail: `${e instanceof Error ? e.message : String(e)}; the next sign-in tries again`,
      }),
    );
  }

  private async discover(): Promise<OpenId.Configuration> {
    const client = await openid();
    const { clientId, clientSecret } = this.settings;
    const issuer = new URL(this.settings.issuer);
    // The method is chosen by what the provider lists (RFC 8414: client_secret_basic when it lists none):
    // Authelia and Keycloak take Basic by default, openid-client alone would send the secret in the body.
    const auth: OpenId.ClientAuth = (as, meta, body, headers) => {
      if (!clientSecret) return client.None()(as, meta, body, headers);
      const methods = as.token_endpoint_auth_methods_supported;
      const basic = !methods || methods.includes("client_secret_basic");
      return (basic ? client.ClientSecretBasic(clientSecret) : client.ClientSecretPost(clientSecret))(
        as,
        meta,
        body,
        headers,
      );
    };
    return client.discovery(issuer, clientId, undefined, auth, {
      execute: [
        // the ID token's signature is checked against the provider's published keys even though it came
        // straight from the token endpoint (openid-client skips that by default, trusting TLS alone)
        client.enableNonRepudiationChecks,
        // a plain-http issuer is the admin's explicit choice (a provider on the same host or LAN)
        ...(issuer.protocol === "http:" ? [client.allowInsecureRequests] : []),
      ],
      timeout: DISCOVERY_TIMEOUT_S,
    });
  }
}

/** A failure in words a person can act on: the library's message, and its cause's where it has one. */
export function reason(e: unknown): string {
  if (!(e instanceof Error)) return String(e);
  const cause = e.cause instanceof Error ? `: ${e.cause.message}` : "";
  return `${e.message}${cause}`;
}
