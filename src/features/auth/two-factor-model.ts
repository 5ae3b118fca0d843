/** Shapes of the TOTP second factor (API.md §Accounts and tokens, "Two-factor sign-in"). */
import { t } from "elysia";
import { Int, Text } from "../../schema/schemas";

export const TwoFactorChallenge = t.Object(
  {
    two_factor_required: t.Literal(true),
    challenge_token: t.String({ description: "send it with the code to POST /login/two-factor; 5 minutes" }),
    expires_in: t.Literal(300),
  },
  { title: "TwoFactorChallenge", description: "the password was right; the account asks for a code too" },
);

export const TwoFactorLoginBody = t.Object({
  challenge_token: Text({ description: "from POST /login's answer" }),
  code: Text({ description: "the authenticator app's 6-digit code, or one of the recovery codes" }),
  device: t.Optional(
    Text({
      description: "what to call this session in GET /sessions, 1–100 characters; default: from the User-Agent",
    }),
  ),
});

export const TwoFactorStatus = t.Object(
  {
    enabled: t.Boolean({ description: "sign-in asks for a code" }),
    pending: t.Boolean({ description: "a set-up was begun and awaits its confirmation code" }),
    recovery_codes_left: Int({ description: "unused recovery codes (0 while off)" }),
  },
  { title: "TwoFactorStatus" },
);

export const TwoFactorEnrolment = t.Object(
  {
    secret: t.String({ description: "base32, for typing into an authenticator app by hand" }),
    otpauth_uri: t.String({ description: "otpauth://totp/… (SHA1, 6 digits, 30 seconds)" }),
    qr_svg: t.String({ description: "the otpauth URI as a QR code, an SVG document made on the server" }),
  },
  { title: "TwoFactorEnrolment" },
);

export const TwoFactorCodeBody = t.Object({
  code: Text({ description: "a current 6-digit code from the authenticator app" }),
});

export const TwoFactorOffBody = t.Object({
  code: Text({ description: "a current 6-digit code, or an unused recovery code" }),
});

export const RecoveryCodes = t.Object(
  {
    recovery_codes: t.Array(t.String(), {
      minItems: 10,
      maxItems: 10,
      description: "10 single-use codes, shown in this answer only; each signs in once in place of a code",
    }),
  },
  { title: "RecoveryCodes" },
);
