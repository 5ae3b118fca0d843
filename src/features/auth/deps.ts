/** What the accounts feature adds to the container (src/context.ts). */
import type { RateWindow } from "../../lib/rate-window";
import type { AccessTokens } from "./access-tokens";
import type { AccountCodes } from "./account-codes";
import type { TokenAuthenticator } from "./authenticator";
import type { Registration } from "./registration";
import type { AuthRepo } from "./repo";
import type { PasswordCost } from "./service";
import type { LoginThrottle } from "./throttle";
import type { Tokens } from "./tokens";
import type { TotpRepo } from "./two-factor-repo";
import type { ForwardAuth } from "./forward-auth";

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
}

declare module "../../context" {
  interface Deps {
    auth: AuthServices;
    /** Checks a request's credential for the auth macro (http/auth.ts). */
    authenticator: TokenAuthenticator;
  }
}
