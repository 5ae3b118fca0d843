/**
 * Which Morsel account a person the provider vouched for is (API.md §Single sign-on):
 * - the account already linked to the provider's subject; else
 * - an account with the same email, which the person must confirm with its password once
 *   (POST /auth/oidc/link): a provider where anyone may set any email must not take over an account;
 * - else a new account, under the registration mode, as POST /register makes one.
 * Nothing here is told to anyone but the person the provider verified, so no answer tells a
 * stranger whether an email has an account here.
 *
 * The outcome reaches the web app as a one-time code in the callback's redirect (`/#/oidc?code=…`),
 * never as tokens in a URL: the app trades it for Morsel's own token pair (POST /auth/oidc/token).
 */
import { rateKey } from "../../lib/ip";
import { isUniqueViolation, tx } from "../../db/q";
import { AppError, invalid } from "../../lib/errors";
import type { Oidc } from "./oidc-client";
import type { Person } from "./oidc-flow";
import type { Account, OidcRepo } from "./oidc-repo";
import { toPublicUser } from "./repo";
import { hash, newSession, reserve, type AuthCtx, type TokenPair } from "./service";
import { unauthorized } from "./tokens";

/** How long the web app has to trade a sign-in's code, and the person to confirm a link. */
const SIGN_IN_CODE_MS = 2 * 60_000;
const LINK_CODE_MS = 10 * 60_000;

export interface OidcCtx extends AuthCtx {
  oidc: Oidc;
  oidcRepo: OidcRepo;
}

export type Outcome = { kind: "signed_in"; code: string } | { kind: "link"; code: string };

/** Whether the provider's claims put the person in the admin group (--oidc-admin-claim, --oidc-admin-group). */
export function claimsAdmin(oidc: Oidc, claims: Record<string, unknown>): boolean {
  const { adminClaim, adminGroup } = oidc.settings;
  if (!adminGroup) return false;
  const value = claims[adminClaim];
  return Array.isArray(value) ? value.includes(adminGroup) : value === adminGroup;
}

const usable = (a: Account) => {
  if (a.disabledAt) throw new AppError("forbidden", "this account is disabled; ask the server's admin");
};

/** Decides the account after a verified callback and hands out the code the web app trades. */
export async function signInOutcome(ctx: OidcCtx, person: Person): Promise<Outcome> {
  const expiresAt = (ms: number) => new Date(ctx.now.getTime() + ms);
  const issue = async (userId: number, kind: "oidc" | "oidc_link", note: string | null, ms: number) =>
    (
      await ctx.store.run(
        ctx.codes.create(kind, { createdBy: null, userId, note, now: ctx.now, expiresAt: expiresAt(ms) }),
      )
    ).code;
  const admin = claimsAdmin(ctx.oidc, person.claims);
  const linked = await ctx.store.run(ctx.oidcRepo.userFor(person.issuer, person.subject));
  if (linked) {
    usable(linked);
    if (admin && linked.role !== "admin") await ctx.store.run(ctx.oidcRepo.promote(linked.id, ctx.now.toISOString()));
    return { kind: "signed_in", code: await issue(linked.id, "oidc", null, SIGN_IN_CODE_MS) };
  }
  if (!person.email)
    throw unauthorized(
      "invalid_credentials",
      "the provider sent no email address; the server's admin must let this client have the email scope",
    );
  if (!person.emailVerified)
    throw new AppError(
      "forbidden",
      `the provider does not say that ${person.email} is verified; verify it there (or ask its admin to), then sign in again`,
    );
  const existing = await ctx.store.run(ctx.repo.userByEmail(person.email));
  if (existing) {
    const note = JSON.stringify({ issuer: person.issuer, subject: person.subject, admin });
    return { kind: "link", code: await issue(existing.id, "oidc_link", note, LINK_CODE_MS) };
  }
  const account = await newAccount(ctx, person, admin);
  return { kind: "signed_in", code: await issue(account.id, "oidc", null, SIGN_IN_CODE_MS) };
}

/** A new account under the registration mode (the first one on a server is its admin, whatever the mode). */
async function newAccount(ctx: OidcCtx, person: Person, admin: boolean): Promise<Account> {
  const email = person.email!;
  const r = ctx.registration;
  const hasUsers = await ctx.store.run(r.hasUsers());
  const mode = hasUsers ? await ctx.store.run(r.mode()) : "open";
  const name = ctx.oidc.settings.name;
  if (mode === "closed")
    throw new AppError("forbidden", `registration is closed on this server; ask its admin for an account or an invite`);
  if (mode === "invite" && !person.invite)
    throw invalid(
      "invite_code",
      `is required: this server registers people by invitation; open the invite link from its admin, then choose Sign in with ${name}`,
    );
  if (mode === "open" && hasUsers) {
    const wait = ctx.registrations.take(rateKey(ctx.address), ctx.now.getTime());
    if (wait > 0)
      throw new AppError(
        "rate_limited",
        `too many accounts were registered from this address; try again in ${wait} seconds`,
        undefined,
        { "retry-after": String(wait) },
      );
  }
  if (mode === "invite") reserve(ctx, ctx.inviteThrottle, email, "too many wrong invite codes");
  const badInvite = () => invalid("invite_code", "is not a live invite code (unknown, already used or expired)");
  const passwordHash = await hash(ctx, crypto.randomUUID() + crypto.randomUUID());
  const { codes, oidcRepo } = ctx;
  const now = ctx.now;
  try {
    const made = await ctx.store.run(
      tx(function* () {
        const invite = mode === "invite" ? yield* codes.spend("invite", person.invite!, now, null) : null;
        if (mode === "invite" && !invite) throw badInvite();
        const created = yield* oidcRepo.create(
          {
            email,
            name: (person.name ?? email.split("@")[0]!).slice(0, 100),
            passwordHash,
            issuer: person.issuer,
            subject: person.subject,
            now: now.toISOString(),
          },
          admin ? "admin" : null,
        );
        if (invite) yield* codes.setUsedBy(invite.id, created.id);
        return created;
      }),
    );
    if (mode === "invite") ctx.inviteThrottle.succeed(email, ctx.address);
    return made;
  } catch (e) {
    // a second sign-in of the same person raced this one (an invite, if any, was not spent: its transaction rolled back)
    if (isUniqueViolation(e))
      throw unauthorized("invalid_credentials", "this sign-in raced another one of yours; start it again");
    throw e;
  }
}

const badCode = () =>
  unauthorized("invalid_credentials", "this sign-in code is unknown, used or expired; sign in with the provider again");

/** POST /auth/oidc/token: the sign-in code for Morsel's own token pair (a session whose method is oidc). */
export async function tradeCode(ctx: OidcCtx, code: string, device: string | null): Promise<TokenPair> {
  const row = await ctx.store.run(ctx.codes.spend("oidc", code, ctx.now, null));
  if (!row?.userId) throw badCode();
  const user = await ctx.store.run(ctx.repo.userById(row.userId));
  if (!user) throw badCode();
  usable(user);
  return newSession(ctx, toPublicUser(user), device, "oidc");
}

/**
 * POST /auth/oidc/link: the account's password, once, links it to the provider's subject and signs
 * in. Wrong passwords count toward the login limits of that account's email, as at POST /login.
 */
export async function confirmLink(
  ctx: OidcCtx,
  code: string,
  password: string,
  device: string | null,
): Promise<TokenPair> {
  const row = await ctx.store.run(ctx.codes.peek("oidc_link", code, ctx.now));
  if (!row?.userId || !row.note) throw badCode();
  const user = await ctx.store.run(ctx.repo.userById(row.userId));
  if (!user) throw badCode();
  reserve(ctx, ctx.throttle, user.email, "too many wrong passwords");
  if (!(await Bun.password.verify(password, user.passwordHash)))
    throw unauthorized("invalid_credentials", "the password is wrong");
  ctx.throttle.succeed(user.email, ctx.address);
  usable(user);
  const { issuer, subject, admin } = JSON.parse(row.note) as { issuer: string; subject: string; admin: boolean };
  const { codes, oidcRepo } = ctx;
  const now = ctx.now;
  let spent: boolean;
  try {
    spent = await ctx.store.run(
      tx(function* () {
        if (!(yield* codes.spend("oidc_link", code, now, user.id))) return false;
        yield* oidcRepo.link(user.id, issuer, subject, now.toISOString());
        if (admin) yield* oidcRepo.promote(user.id, now.toISOString());
        return true;
      }),
    );
  } catch (e) {
    if (!isUniqueViolation(e)) throw e;
    spent = false; // linked by a racing confirmation
  }
  if (!spent) throw badCode();
  return newSession(ctx, toPublicUser({ ...user, role: admin ? "admin" : user.role }), device, "oidc");
}
