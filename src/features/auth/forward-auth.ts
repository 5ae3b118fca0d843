/**
 * Trusted-header sign-in (forward auth): Authelia, Authentik and their like sign the person in at
 * the proxy and pass who it is in request headers (Remote-User, Remote-Email). Anyone can write
 * those headers, so they are read only when the feature is on (--forward-auth) and only on requests
 * whose direct peer is a --trust-proxy address; from any other peer they are ignored, as if absent.
 * The proxy's word is exchanged once for an ordinary session (POST /login/header), so API clients and
 * the auth macro know only Morsel's own tokens.
 */
import { AppError } from "../../lib/errors";
import { isIP, newBlockList, parseCidr } from "../../net";
import { normaliseIp } from "../../lib/ip";
import { toPublicUser } from "./repo";
import { newSession, type AuthCtx, type TokenPair } from "./service";
import { unauthorized } from "./tokens";
import { checkEmail } from "./validate";
import type { BlockList } from "node:net";

export interface ForwardAuthHeaders {
  userHeader: string;
  emailHeader: string;
}

export class ForwardAuth {
  private readonly trusted: BlockList = newBlockList();
  constructor(
    readonly headers: ForwardAuthHeaders,
    cidrs: readonly string[],
  ) {
    for (const c of cidrs) {
      const p = parseCidr(c);
      if (p) this.trusted.addSubnet(p.address, p.prefix, p.family);
    }
  }

  /** Whether the request's direct peer (never a forwarded address) is a trusted proxy. */
  trusts(peer: string | undefined): boolean {
    if (!peer) return false;
    const ip = normaliseIp(peer);
    return isIP(ip) !== 0 && this.trusted.check(ip, isIP(ip) === 6 ? "ipv6" : "ipv4");
  }
}

/**
 * POST /login/header. Off: 404. From an untrusted peer, or without the email header: 401 (the
 * headers are not read at all). The email must be an existing account's: the proxy vouches for
 * who the person is, not for whether this server should make them an account.
 */
export async function loginByHeader({
  ctx,
  forwardAuth,
  peer,
  headers,
}: {
  ctx: AuthCtx;
  forwardAuth: ForwardAuth | null;
  peer: string | undefined;
  headers: Headers;
}): Promise<TokenPair> {
  if (!forwardAuth)
    throw new AppError(
      "not_found",
      "trusted-header sign-in is off on this server (the admin turns it on: --forward-auth)",
    );
  if (!forwardAuth.trusts(peer))
    throw unauthorized(
      "invalid_credentials",
      "this request did not come from a trusted proxy (--trust-proxy); sign in with your email and password",
    );
  const { emailHeader } = forwardAuth.headers;
  const raw = headers.get(emailHeader);
  const email = raw === null ? null : checkEmail(raw);
  if (!email?.ok)
    throw unauthorized("invalid_credentials", `the proxy sent no valid email in ${emailHeader}; check its set-up`);
  const user = await ctx.store.run(ctx.repo.userByEmail(email.value));
  if (!user)
    throw unauthorized(
      "invalid_credentials",
      `no account here has the email ${email.value}; register it first, or ask the admin for an invite`,
    );
  if (user.disabledAt) throw new AppError("forbidden", "this account is disabled; ask the server's admin");
  return newSession(ctx, toPublicUser(user), null, "header");
}
