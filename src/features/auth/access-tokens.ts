/**
 * Personal access tokens (API.md §Access tokens): long-lived Bearer credentials for scripts and
 * home automation, limited to scopes `read` (GET) and/or `write`. Shown once; kept as SHA-256;
 * listed with their last use; revocable. They never carry the `account` scope, so they cannot
 * change the password, make tokens, see or end sessions, delete the account, or act as admin.
 */
import type { Q } from "../../db/q";
import { type AccessTokenRow, AccessTokensRepo } from "./access-tokens-repo";
import { AppError, invalid } from "../../lib/errors";
import { checkName, validateAll } from "./validate";
import { OnceAMinute } from "../../lib/once-a-minute";
import { hashSecret, newSecret } from "./secrets";
import type { Scope, UserRow } from "../../context";
import type { AccessToken } from "./credential-model";

export const TOKEN_PREFIX = "morsel_pat_";
export const TOKEN_SCOPES = ["read", "write"] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];
export type { Scope };
export const MAX_TOKENS_PER_USER = 50;
const MAX_EXPIRY_DAYS = 3650;

/** The AccessToken schema's shape (credential-model.ts): a token as listed. */
export type AccessTokenView = typeof AccessToken.static;

const view = (r: AccessTokenRow): AccessTokenView => ({
  id: r.id,
  name: r.name,
  scopes: r.scopes.split(",") as TokenScope[],
  created_at: r.createdAt,
  expires_at: r.expiresAt,
  last_used_at: r.lastUsedAt,
});

export class AccessTokens {
  private readonly touched = new OnceAMinute<number>();
  private readonly repo = new AccessTokensRepo();

  /** POST /tokens: validates, stores the hash, returns the token once. */
  *create(userId: number, input: Record<string, unknown>, now: Date): Q<AccessTokenView & { token: string }> {
    const scopes = input.scopes;
    const days = input.expires_in_days;
    const v = validateAll({
      name: checkName(input.name),
      scopes:
        Array.isArray(scopes) &&
        scopes.length > 0 &&
        scopes.every((s) => (TOKEN_SCOPES as readonly unknown[]).includes(s))
          ? { ok: true, value: TOKEN_SCOPES.filter((s) => scopes.includes(s)) }
          : { ok: false, message: `must be a non-empty list of ${TOKEN_SCOPES.map((s) => `"${s}"`).join(" and ")}` },
      expires_in_days:
        days === undefined || days === null
          ? { ok: true, value: null }
          : Number.isInteger(days) && (days as number) >= 1 && (days as number) <= MAX_EXPIRY_DAYS
            ? { ok: true, value: days as number }
            : {
                ok: false,
                message: `must be a whole number of days from 1 to ${MAX_EXPIRY_DAYS}, or null for no expiry`,
              },
    });
    if ((yield* this.list(userId)).length >= MAX_TOKENS_PER_USER)
      throw invalid("name", `you already have ${MAX_TOKENS_PER_USER} tokens; revoke one first`);
    const token = newSecret(TOKEN_PREFIX);
    const row = yield* this.repo.insert({
      userId,
      name: v.name,
      tokenHash: hashSecret(token),
      scopes: v.scopes.join(","),
      createdAt: now.toISOString(),
      expiresAt:
        v.expires_in_days === null ? null : new Date(now.getTime() + v.expires_in_days * 86_400_000).toISOString(),
    });
    return { ...view(row), token };
  }

  /** The caller's live tokens (not revoked), newest first; expired ones are listed as expired. */
  *list(userId: number): Q<AccessTokenView[]> {
    return (yield* this.repo.live(userId)).map(view);
  }

  /** DELETE /tokens/:id; another user's id is not found, as is an unknown one. */
  *revoke(userId: number, id: number, now: Date): Q<void> {
    const n = yield* this.repo.revoke(userId, id, now.toISOString());
    if (n !== 1) throw new AppError("not_found", `you have no access token ${id}`);
  }

  /** Every token of the user (an admin disabled the account). */
  *revokeAll(userId: number, now: Date): Q<void> {
    yield* this.repo.revokeAll(userId, now.toISOString());
  }

  /** The user and scopes of a live token; "expired"; or null (unknown, revoked, user disabled). */
  *authenticate(
    token: string,
    now: Date,
  ): Q<{ user: UserRow; tokenId: number; scopes: TokenScope[] } | "expired" | null> {
    const row = yield* this.repo.byHash(hashSecret(token));
    if (!row) return null;
    if (row.expires_at !== null && row.expires_at <= now.toISOString()) return "expired";
    if (this.touched.due(row.token_id, now)) {
      yield* this.repo.touch(row.token_id, now.toISOString());
    }
    const { token_id, scopes, expires_at: _e, ...user } = row;
    return { user, tokenId: token_id, scopes: scopes.split(",") as TokenScope[] };
  }
}
