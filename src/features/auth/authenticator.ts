/**
 * Checks a request's credential for the auth macro (http/auth.ts). Two credentials: a session's JWT
 * access token (scopes read, write and account) and a personal access token (`morsel_pat_…`, read
 * and/or write).
 *
 * Cost per request: one lookup of the token in a cache that empties whenever the database changes;
 * on a miss, an HS256 verification and one primary-key join (sessions ⋈ users). Either way a
 * logout, password change or disabled account ends access tokens at once, because each is a write
 * (bench/auth.ts). A personal token is one SHA-256 and one unique-index join.
 */
import type { AuthedUser, Scope } from "../../context";
import { FreshMap } from "../../db/fresh-map";
import type { Store } from "../../db/store";
import type { AppError } from "../../lib/errors";
import { TOKEN_PREFIX, type AccessTokens } from "./access-tokens";
import type { AuthRepo } from "./repo";
import { unauthorized, type Tokens } from "./tokens";

const SESSION_SCOPES: readonly Scope[] = ["read", "write", "account"];

export class TokenAuthenticator {
  /**
   * A verified access token's user, by the token, until the database changes (db/fresh-map.ts: a
   * logout, a password change or a disabled account is a write) or the token expires: one lookup
   * instead of the verification cache, the session ⋈ user read (a third of an authenticated read
   * when it was read per request) and a new object per request.
   */
  private readonly signedIn: FreshMap<string, { user: AuthedUser; exp: number }>;

  constructor(
    private readonly store: Store,
    private readonly tokens: Tokens,
    private readonly repo: AuthRepo,
    private readonly accessTokens: AccessTokens,
  ) {
    this.signedIn = new FreshMap(store);
  }

  missing(): AppError {
    return unauthorized("missing_token", "this endpoint needs 'Authorization: Bearer <access_token>'");
  }

  /** Records the credential's use when a record is due (AuthRepo.touch); most requests have nothing to do. */
  private touch(userId: number, sid: string | null, now: Date): unknown {
    const work = this.repo.touch(userId, sid, now);
    return work && this.store.run(work);
  }

  async authenticate(header: string | null, now: Date): Promise<AuthedUser | null> {
    if (!header) return null;
    const m = header.match(/^Bearer\s+(\S+)\s*$/i);
    if (!m) throw unauthorized("invalid_token", "the Authorization header must be 'Bearer <access_token>'");
    const token = m[1]!;
    if (token.startsWith(TOKEN_PREFIX)) {
      const found = await this.store.run(this.accessTokens.authenticate(token, now));
      if (found === "expired")
        throw unauthorized("token_expired", "this personal access token has expired; make a new one");
      if (!found)
        throw unauthorized(
          "invalid_token",
          "this personal access token is not valid (revoked, unknown, or its account is disabled)",
        );
      await this.touch(found.user.id, null, now);
      return { ...found.user, sid: null, tokenId: found.tokenId, scopes: found.scopes };
    }
    const known = this.signedIn;
    const since = known.stamp();
    const hit = known.peek(token, since);
    if (hit && hit.exp > now.getTime() / 1000) {
      await this.touch(hit.user.id, hit.user.sid, now);
      return hit.user;
    }
    const claims = await this.tokens.verify(token, "access", now, "invalid_token");
    const row = await this.store.run(this.repo.userForSession(claims.sid));
    if (!row || String(row.id) !== claims.sub)
      throw unauthorized("invalid_token", "this session has ended; sign in again");
    const { graceSince, ...user } = row;
    // the first use of an access token issued at the last rotation ends the spent refresh token's grace
    if (graceSince !== null && claims.iat * 1000 > Date.parse(graceSince) - 1000)
      await this.store.run(this.repo.endGrace(claims.sid, graceSince));
    await this.touch(user.id, claims.sid, now);
    const authed: AuthedUser = Object.freeze({ ...user, sid: claims.sid, tokenId: null, scopes: SESSION_SCOPES });
    // kept until the database changes, unless it changed since before the session's read
    known.keep(token, { user: authed, exp: claims.exp }, since);
    return authed;
  }
}
