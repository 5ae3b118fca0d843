/** Every query of OpenID Connect sign-in: the links between a provider's subjects and accounts, and accounts it makes. */
import { and, eq, sql } from "drizzle-orm";
import { exec, one, serialize, tx, type Q } from "../../db/q";
import type { users } from "../../db/schema";
import { FIRST_ACCOUNT_LOCK } from "./service";

/** An account row, as POST /login reads it (its disabled mark included). */
export type Account = typeof users.$inferSelect;

export interface NewOidcAccount {
  email: string;
  name: string;
  /** An unusable hash (of a random secret): the account signs in through its provider until it sets a password. */
  passwordHash: string;
  issuer: string;
  subject: string;
  now: string;
}

export class OidcRepo {
  /** The account linked to the provider's subject, or null. */
  *userFor(issuer: string, subject: string): Q<Account | null> {
    const found = yield* one((db, t) =>
      db
        .select({ user: t.users })
        .from(t.oidcIdentities)
        .innerJoin(t.users, eq(t.users.id, t.oidcIdentities.userId))
        .where(and(eq(t.oidcIdentities.issuer, issuer), eq(t.oidcIdentities.subject, subject))),
    );
    return found ? found.user : null;
  }

  /** Links the subject to the account (a second link of the same subject is refused by the unique index). */
  *link(userId: number, issuer: string, subject: string, now: string): Q<void> {
    yield* exec((db, t) => db.insert(t.oidcIdentities).values({ userId, issuer, subject, createdAt: now }));
  }

  /** Makes the account and its link in one transaction; the first account on a server is its admin, as at POST /register. */
  *create(a: NewOidcAccount, role: "admin" | "user" | null): Q<Account> {
    return yield* tx(function* () {
      yield* serialize(FIRST_ACCOUNT_LOCK);
      const created = yield* one((db, t) =>
        db
          .insert(t.users)
          .values({
            email: a.email,
            passwordHash: a.passwordHash,
            name: a.name,
            createdAt: a.now,
            updatedAt: a.now,
            role: role ?? sql`(CASE WHEN EXISTS (SELECT 1 FROM users) THEN 'user' ELSE 'admin' END)`,
          })
          .returning(),
      );
      yield* exec((db, t) =>
        db
          .insert(t.oidcIdentities)
          .values({ userId: created!.id, issuer: a.issuer, subject: a.subject, createdAt: a.now }),
      );
      return created!;
    });
  }

  /** Makes the account an admin (its provider's group claim names it one). */
  *promote(userId: number, now: string): Q<void> {
    yield* exec((db, t) => db.update(t.users).set({ role: "admin", updatedAt: now }).where(eq(t.users.id, userId)));
  }
}
