/**
 * JWTs per RFC 8725: HS256 only (the algorithm list is fixed at verification, so `alg: none` and
 * every other algorithm are refused), explicit typing in both the JOSE header (`at+jwt`,
 * `rt+jwt`) and a `typ` claim, issuer checked, and the clock injectable.
 *
 * Built on jose, the library @elysiajs/jwt wraps: the plugin stamps `iat` from the wall clock
 * and reports every failure as `false`, so it can neither honour an injected clock
 * (exp − iat must be exactly 3600) nor tell an expired token from a forged one.
 */
import type * as Jose from "jose";
import { AppError, type ErrorCode } from "../../lib/errors";
import { Lru } from "../../lib/lru";

export const ACCESS_TTL_S = 3600;
export const REFRESH_TTL_S = 30 * 24 * 3600;
/** How long the second step of a sign-in may wait for its code after the password was right. */
export const CHALLENGE_TTL_S = 300;
const ISSUER = "morsel";
const ALG = "HS256";
// challenge: proves the password was right, and is good only for POST /login/two-factor
const HEADER_TYP = { access: "at+jwt", refresh: "rt+jwt", challenge: "mfa+jwt" } as const;
const TTL_S = { access: ACCESS_TTL_S, refresh: REFRESH_TTL_S, challenge: CHALLENGE_TTL_S } as const;

export type TokenType = keyof typeof HEADER_TYP;

export interface TokenClaims {
  sub: string;
  sid: string;
  typ: TokenType;
  iat: number;
  exp: number;
  jti?: string;
}

const WWW_AUTH = 'Bearer realm="morsel"';

/** jose, loaded by the first token signed or verified rather than by every server start. */
let joseModule: typeof Jose | null = null;
const jose = async () => (joseModule ??= await import("jose"));

/** A 401 with WWW-Authenticate; token problems add error="invalid_token" (RFC 6750 §3). */
export function unauthorized(code: ErrorCode, message: string): AppError {
  const tokenProblem = code !== "missing_token" && code !== "invalid_credentials";
  const header = tokenProblem
    ? `${WWW_AUTH}, error="invalid_token", error_description="${message.replace(/"/g, "'")}"`
    : WWW_AUTH;
  return new AppError(code, message, undefined, { "www-authenticate": header });
}

export class Tokens {
  private readonly key: Uint8Array;
  /**
   * Access tokens whose signature, algorithm, issuer and type already verified. A token string
   * cannot change, so only its expiry (and, in the auth macro, its session) is re-checked on a
   * hit: HMAC verification through WebCrypto was ~30 µs of the ~35 µs auth cost (bench:auth).
   */
  private readonly verified = new Lru<string, TokenClaims>(10_000);
  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  async sign(
    typ: TokenType,
    claims: { userId: number; sid: string; jti?: string },
    now: Date,
  ): Promise<{ token: string; exp: number }> {
    const iat = Math.floor(now.getTime() / 1000);
    const exp = iat + TTL_S[typ];
    const payload: Record<string, string> = { sid: claims.sid, typ };
    const { SignJWT } = await jose();
    let jwt = new SignJWT(payload)
      .setProtectedHeader({ alg: ALG, typ: HEADER_TYP[typ] })
      .setSubject(String(claims.userId))
      .setIssuer(ISSUER)
      .setIssuedAt(iat)
      .setExpirationTime(exp);
    if (claims.jti) jwt = jwt.setJti(claims.jti);
    return { token: await jwt.sign(this.key), exp };
  }

  /**
   * Verifies signature, algorithm, issuer, type and expiry against `now`.
   * @throws AppError 401: `token_expired`, or `badCode` for anything else wrong.
   * `allowExpired` is for logout, which may end a session with an expired refresh token.
   */
  async verify(
    token: string,
    typ: TokenType,
    now: Date,
    badCode: "invalid_token" | "invalid_refresh_token",
    allowExpired = false,
  ): Promise<TokenClaims> {
    if (typ === "access" && !allowExpired) {
      const hit = this.verified.get(token);
      if (hit) {
        if (hit.exp <= Math.floor(now.getTime() / 1000))
          throw unauthorized("token_expired", "the access token has expired");
        return hit;
      }
    }
    const { jwtVerify, errors: joseErrors } = await jose();
    let payload;
    try {
      ({ payload } = await jwtVerify(token, this.key, {
        algorithms: [ALG],
        issuer: ISSUER,
        typ: HEADER_TYP[typ],
        requiredClaims: ["sub", "iat", "exp"],
        currentDate: allowExpired ? new Date(0) : now,
      }));
    } catch (e) {
      if (e instanceof joseErrors.JWTExpired) throw unauthorized("token_expired", `the ${typ} token has expired`);
      throw unauthorized(badCode, `the ${typ} token is not valid`);
    }
    const { sub, sid, iat, exp, jti } = payload as Record<string, unknown>;
    if (
      payload.typ !== typ ||
      typeof sub !== "string" ||
      !/^\d+$/.test(sub) ||
      typeof sid !== "string" ||
      typeof iat !== "number" ||
      typeof exp !== "number" ||
      (typ === "refresh" && typeof jti !== "string")
    ) {
      throw unauthorized(badCode, `the ${typ} token is not valid`);
    }
    const claims: TokenClaims = { sub, sid, typ, iat, exp, jti: jti as string | undefined };
    if (typ === "access") this.verified.set(token, claims);
    return claims;
  }
}
