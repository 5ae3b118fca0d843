/**
 * The browser's round trip through the OpenID Provider: authorization code with PKCE, state and
 * nonce. What the callback must check against (state, nonce, PKCE verifier, an invite code) travels
 * in a signed, 10-minute, HttpOnly cookie scoped to the OIDC routes rather than in server memory, so
 * any process of a PostgreSQL deployment can finish a sign-in another began; the cookie also binds
 * the callback to the browser that started it (login CSRF).
 *
 * The ID token's signature, issuer, audience, expiry and nonce are verified by openid-client; each
 * failure becomes a 401 invalid_credentials with the library's reason, never a 500.
 */
import type * as OpenId from "openid-client";
import { AppError } from "../../lib/errors";
import { type Oidc, openid, reason } from "./oidc-client";
import { hashSecret } from "./secrets";
import { unauthorized } from "./tokens";

export const FLOW_COOKIE = "morsel_oidc";
const FLOW_PATH = "/api/v1/auth/oidc";
const FLOW_TTL_S = 600;

interface Flow {
  state: string;
  nonce: string;
  verifier: string;
  invite?: string;
}

/** Who the provider says signed in: the ID token's claims, with the UserInfo endpoint's where it has one. */
export interface Person {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  claims: Record<string, unknown>;
  invite?: string;
}

const flowKey = (secret: string) => new TextEncoder().encode(hashSecret(`oidc-flow:${secret}`));

function cookie(value: string, maxAge: number, secure: boolean): string {
  return `${FLOW_COOKIE}=${value}; Path=${FLOW_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** Clears the flow cookie (the callback spends it, whatever its outcome). */
export const clearFlowCookie = (oidc: Oidc) => cookie("", 0, oidc.settings.redirectUri.startsWith("https:"));

/** GET /auth/oidc/start: the provider's authorization URL, and the cookie the callback checks against. */
export async function startSignIn(
  oidc: Oidc,
  secret: string,
  now: Date,
  inviteCode: string | undefined,
): Promise<{ location: string; cookie: string }> {
  const config = await oidc.configuration();
  const client = await openid();
  const flow: Flow = {
    state: client.randomState(),
    nonce: client.randomNonce(),
    verifier: client.randomPKCECodeVerifier(),
    ...(inviteCode ? { invite: inviteCode.slice(0, 100) } : {}),
  };
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: oidc.settings.redirectUri,
    scope: oidc.scope,
    response_type: "code",
    code_challenge: await client.calculatePKCECodeChallenge(flow.verifier),
    code_challenge_method: "S256",
    state: flow.state,
    nonce: flow.nonce,
  });
  const { SignJWT } = await import("jose");
  const iat = Math.floor(now.getTime() / 1000);
  const signed = await new SignJWT({ ...flow })
    .setProtectedHeader({ alg: "HS256", typ: "oidc-flow+jwt" })
    .setIssuedAt(iat)
    .setExpirationTime(iat + FLOW_TTL_S)
    .sign(flowKey(secret));
  // Secure when Morsel itself is served over https (the cookie comes back to its callback, not to the provider)
  return { location: url.href, cookie: cookie(signed, FLOW_TTL_S, oidc.settings.redirectUri.startsWith("https:")) };
}

async function readFlow(secret: string, header: string | null, now: Date): Promise<Flow> {
  const raw = header
    ?.split(";")
    .map((c) => c.trim())
    .find((c) => c.startsWith(`${FLOW_COOKIE}=`))
    ?.slice(FLOW_COOKIE.length + 1);
  const again = "start the sign-in again from the sign-in page";
  if (!raw) throw unauthorized("invalid_credentials", `this sign-in was not started in this browser; ${again}`);
  const { jwtVerify, errors } = await import("jose");
  try {
    const { payload } = await jwtVerify(raw, flowKey(secret), {
      algorithms: ["HS256"],
      typ: "oidc-flow+jwt",
      currentDate: now,
    });
    const { state, nonce, verifier, invite } = payload;
    if (typeof state !== "string" || typeof nonce !== "string" || typeof verifier !== "string") throw new Error();
    return { state, nonce, verifier, ...(typeof invite === "string" ? { invite } : {}) };
  } catch (e) {
    if (e instanceof errors.JWTExpired)
      throw unauthorized("invalid_credentials", `this sign-in took longer than 10 minutes; ${again}`);
    throw unauthorized("invalid_credentials", `this sign-in's cookie is not valid; ${again}`);
  }
}

/**
 * GET /auth/oidc/callback: exchanges the code (with the PKCE verifier), verifies the ID token, and
 * reads who signed in. `query` is the callback's query string as it arrived.
 */
export async function finishSignIn(
  oidc: Oidc,
  secret: string,
  now: Date,
  query: URLSearchParams,
  cookieHeader: string | null,
): Promise<Person> {
  const flow = await readFlow(secret, cookieHeader, now);
  const config = await oidc.configuration();
  const client = await openid();
  // the redirect URI as registered (a proxy may have changed the URL this server saw)
  const current = new URL(oidc.settings.redirectUri);
  current.search = query.toString();
  let tokens: Awaited<ReturnType<typeof OpenId.authorizationCodeGrant>>;
  try {
    tokens = await client.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
  } catch (e) {
    throw refused(e);
  }
  const idClaims = tokens.claims();
  if (!idClaims) throw unauthorized("invalid_credentials", "the provider answered without an ID token");
  let claims: Record<string, unknown> = { ...idClaims };
  if (config.serverMetadata().userinfo_endpoint) {
    try {
      claims = { ...(await client.fetchUserInfo(config, tokens.access_token, idClaims.sub)), ...claims };
    } catch (e) {
      throw refused(e);
    }
  }
  const str = (k: string) => (typeof claims[k] === "string" && (claims[k] as string).trim()) || null;
  return {
    issuer: idClaims.iss,
    subject: idClaims.sub,
    email: str("email")?.toLowerCase() ?? null,
    emailVerified: claims.email_verified === true || claims.email_verified === "true",
    name: str("name") ?? str("preferred_username") ?? str("nickname"),
    claims,
    ...(flow.invite ? { invite: flow.invite } : {}),
  };
}

/** A refusal from the provider or of its answer, in its own words; an unreachable provider is 503. */
function refused(e: unknown): AppError {
  if (e instanceof AppError) return e;
  const name = e instanceof Error ? e.name : "";
  if (name === "TypeError" || name === "TimeoutError" || name === "AbortError")
    return new AppError("not_ready", `the sign-in provider could not be reached (${reason(e)}); try again`);
  const error = (e as { error?: unknown }).error;
  const what =
    typeof error === "string"
      ? `the provider refused the sign-in (${error})`
      : "the provider's answer was not accepted";
  return unauthorized("invalid_credentials", `${what}: ${reason(e)}; start the sign-in again`);
}
