/** What the accounts feature adds to the container (src/context.ts). */
import type { RateWindow } from "../../lib/rate-window";
import type { AccessTokens } from "./access-tokens";
import type { AccountCodes } from "./account-codes-repo";
import type { TokenAuthenticator } from "./authenticator";
import type { Registration } from "./registration";
import type { AuthRepo } from "./repo";
import type { PasswordCost } from "./service";
import type { LoginThrottle } from "./throttle";
import type { Tokens } from "./tokens";
import type { TotpRepo } from "./two-factor-repo";
import type { ForwardAuth } from "./forward-auth";
import type { Oidc } from "./oidc-client";
import type { OidcRepo } from "./oidc-repo";

/** Accounts, sessions, tokens and codes. */
export interface AuthServices {
  repo: AuthRepo;
  tokens: Tokens;
  throttle: LoginThrottle;
  inviteThrottle: LoginThrottle;
  registrations: RateWindow;
  passwordCost: PasswordCost;
  accessTokens: AccessTokens;
  registration: Registration;
  codes: AccountCodes;
  totp: TotpRepo;
  /** Trusted-header sign-in, or null when off (the default). */
  forwardAuth: ForwardAuth | null;
  /** Single sign-on through an OpenID Provider, or null when not configured (the default). */
  oidc: Oidc | null;
  oidcRepo: OidcRepo;
  /** Whether POST /login and POST /register take a password (--password-login; default true). */
  passwordLogin: boolean;
}

declare module "../../context" {
  interface Deps {
    auth: AuthServices;
    /** Checks a request's credential for the auth macro (http/auth.ts). */
    authenticator: TokenAuthenticator;
  }
}
