/**
 * OpenID Providers for the single sign-on tests, on 127.0.0.1, port 0, in the test process:
 * - `realProvider`: node-oidc-provider (the certified implementation), with one confidential client
 *   and an interaction that signs in whoever the test names, without a page (the test follows the
 *   redirects with fetch);
 * - `standIn`: a tiny provider that signs whatever ID token the test asks for (wrong audience, bad
 *   nonce, expired, another issuer's key): the outside service's stand-in, for answers a correct
 *   provider never gives.
 * Both are outside services to Morsel; nothing of Morsel's own is faked.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import Provider from "oidc-provider";
import type { OidcSettings } from "../../src/features/auth/oidc-client";

export const CLIENT = { id: "morsel", secret: "morsel-client-secret-0123456789" };
/** Where the test app (app.handle, http://localhost) takes the provider's redirect back. */
export const REDIRECT_URI = "http://localhost/api/v1/auth/oidc/callback";
export const APP_URL = "http://localhost/";

export interface TestPerson {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  groups?: string[];
}

export interface RealProvider {
  issuer: string;
  /** Who the next interaction signs in. */
  person: TestPerson;
  stop: () => void;
}

const listen = (server: Server) =>
  new Promise<string>((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );

/** `redirectUri` and `appUrl`: the client's registration (default: the test app on http://localhost). */
export async function realProvider(
  client: { redirectUri: string; appUrl: string } = { redirectUri: REDIRECT_URI, appUrl: APP_URL },
): Promise<RealProvider> {
  const server = createServer();
  const issuer = await listen(server);
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), alg: "RS256", use: "sig", kid: "test-key" };
  const op: RealProvider = { issuer, person: { sub: "nobody" }, stop: () => server.close() };
  const people = new Map<string, TestPerson>();
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT.id,
        client_secret: CLIENT.secret,
        redirect_uris: [client.redirectUri],
        post_logout_redirect_uris: [client.appUrl],
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: ["test-cookie-key-0123456789"] },
    scopes: ["openid", "email", "profile", "groups"],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"], groups: ["groups"] },
    features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: true } },
    pkce: { required: () => true },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) => {
      const p = people.get(sub);
      return p ? { accountId: sub, claims: () => ({ ...p }) } : undefined;
    },
    // the test's own client needs no consent page: a grant of what it asked is made at once
    loadExistingGrant: async (ctx) => {
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId!,
      });
      grant.addOIDCScope("openid email profile groups");
      await grant.save();
      return grant;
    },
  });
  const callback = provider.callback();
  server.on("request", async (req, res) => {
    if (!req.url?.startsWith("/interaction/")) return callback(req, res);
    // the "page": signs in the test's person at once
    people.set(op.person.sub, op.person);
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: op.person.sub } },
      { mergeWithLastSubmission: false },
    );
  });
  return op;
}

export interface StandIn {
  issuer: string;
  /** The next ID token's claims, given the nonce the authorization request carried; and whether to sign with a key it does not publish. */
  next: { claims: (nonce: string) => Record<string, unknown>; foreignKey?: boolean };
  /** The nonce of the authorization request the test is finishing (read from /start's Location). */
  nonce: string;
  /** While true, discovery answers 503 (a provider that is down or still starting). */
  down: boolean;
  stop: () => void;
}

export async function standIn(): Promise<StandIn> {
  const own = await generateKeyPair("RS256", { extractable: true });
  const foreign = await generateKeyPair("RS256", { extractable: true });
  const publicJwk = { ...(await exportJWK(own.publicKey)), alg: "RS256", use: "sig", kid: "k1" };
  let issuer = "";
  const s: StandIn = {
    issuer: "",
    next: { claims: () => ({}) },
    nonce: "",
    down: false,
    stop: () => server.stop(true),
  };
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch: async (req) => {
      const path = new URL(req.url).pathname;
      if (s.down) return new Response("starting", { status: 503 });
      if (path === "/.well-known/openid-configuration")
        return Response.json({
          issuer,
          authorization_endpoint: `${issuer}/auth`,
          token_endpoint: `${issuer}/token`,
          jwks_uri: `${issuer}/jwks`,
          response_types_supported: ["code"],
          subject_types_supported: ["public"],
          id_token_signing_alg_values_supported: ["RS256"],
          code_challenge_methods_supported: ["S256"],
        });
      if (path === "/jwks") return Response.json({ keys: [publicJwk] });
      if (path === "/token" && req.method === "POST") {
        const now = Math.floor(Date.now() / 1000);
        const claims = {
          iss: issuer,
          aud: CLIENT.id,
          sub: "standin-1",
          iat: now,
          exp: now + 300,
          nonce: s.nonce,
          ...s.next.claims(s.nonce),
        };
        const idToken = await new SignJWT(claims)
          .setProtectedHeader({ alg: "RS256", kid: "k1" })
          .sign(s.next.foreignKey ? foreign.privateKey : own.privateKey);
        return Response.json({
          access_token: "standin-access",
          token_type: "Bearer",
          expires_in: 300,
          id_token: idToken,
        });
      }
      return new Response("not found", { status: 404 });
    },
  });
  issuer = `http://127.0.0.1:${server.port}`;
  s.issuer = issuer;
  return s;
}

/** The test app's single sign-on settings for a provider at `issuer`. */
export const settings = (issuer: string, over: Partial<OidcSettings> = {}): OidcSettings => ({
  issuer,
  clientId: CLIENT.id,
  clientSecret: CLIENT.secret,
  name: "Test ID",
  adminClaim: "groups",
  adminGroup: "morsel-admins",
  redirectUri: REDIRECT_URI,
  appUrl: APP_URL,
  ...over,
});

/** The web app's view of the callback's redirect: `/#/oidc?code=…`, `?link=…` or `?error=…&message=…`. */
export function appParams(location: string | null): Record<string, string> {
  if (!location?.startsWith(`${APP_URL}#/oidc?`)) throw new Error(`not back to the web app: ${location}`);
  return Object.fromEntries(new URLSearchParams(location!.split("#/oidc?")[1]));
}

export const cookieOf = (r: { headers: Headers }) => r.headers.get("set-cookie")?.split(";")[0] ?? "";
