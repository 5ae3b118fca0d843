/**
 * Shapes of passkeys (API.md §Accounts and tokens, "Passkeys"). The WebAuthn options and credentials are
 * the JSON forms of the W3C WebAuthn Level 3 dictionaries, as browsers' `toJSON()` and
 * @simplewebauthn/browser make and read them: declared by their main members, other members kept.
 */
import { t } from "elysia";
import { Enum, Int, Nullable, Text } from "../../schema/schemas";

const B64url = (description: string, maxLength = 4096) =>
  t.String({ pattern: "^[A-Za-z0-9_-]*={0,2}$", maxLength, description });
/** 1023 bytes in base64url. */
const CREDENTIAL_ID_CHARS = 1364;
/** The client's extension results: only credProps is read (other members are dropped unread). */
const Extensions = t.Object({ credProps: t.Optional(t.Object({ rk: t.Optional(t.Boolean()) })) });
const Transports = t.Array(Text({ maxLength: 32 }), { maxItems: 10 });

export const PasskeyCreationOptions = t.Object(
  {
    challenge: t.String({ description: "base64url; good once, for 5 minutes" }),
    rp: t.Object({ id: t.Optional(t.String()), name: t.String() }, { additionalProperties: t.Unknown() }),
    user: t.Object({ id: t.String(), name: t.String(), displayName: t.String() }),
  },
  {
    title: "PasskeyCreationOptions",
    additionalProperties: t.Unknown(),
    description:
      "PublicKeyCredentialCreationOptionsJSON: hand it to navigator.credentials.create (@simplewebauthn/browser's startRegistration)",
  },
);

export const PasskeyRequestOptions = t.Object(
  {
    challenge: t.String({ description: "base64url; good once, for 5 minutes" }),
    rpId: t.Optional(t.String()),
    allowCredentials: t.Optional(
      t.Array(t.Object({ id: t.String(), type: t.String(), transports: t.Optional(Transports) })),
    ),
  },
  {
    title: "PasskeyRequestOptions",
    additionalProperties: t.Unknown(),
    description:
      "PublicKeyCredentialRequestOptionsJSON: hand it to navigator.credentials.get (@simplewebauthn/browser's startAuthentication)",
  },
);

export const RegistrationCredential = t.Object(
  {
    id: B64url("the credential id (at most 1023 bytes: WebAuthn §5.8.3)", CREDENTIAL_ID_CHARS),
    rawId: B64url("the credential id", CREDENTIAL_ID_CHARS),
    type: t.Literal("public-key"),
    response: t.Object({
      clientDataJSON: B64url("holds the challenge and the page's origin"),
      attestationObject: B64url("the authenticator's data and attestation", 65536),
      authenticatorData: t.Optional(B64url("", 65536)),
      transports: t.Optional(Transports),
      publicKeyAlgorithm: t.Optional(t.Integer()),
      publicKey: t.Optional(B64url("")),
    }),
    authenticatorAttachment: t.Optional(Enum(["platform", "cross-platform"])),
    clientExtensionResults: Extensions,
  },
  { title: "RegistrationCredential", description: "RegistrationResponseJSON: what navigator.credentials.create gave" },
);

export const AuthenticationCredential = t.Object(
  {
    id: B64url("the credential id (at most 1023 bytes: WebAuthn §5.8.3)", CREDENTIAL_ID_CHARS),
    rawId: B64url("the credential id", CREDENTIAL_ID_CHARS),
    type: t.Literal("public-key"),
    response: t.Object({
      clientDataJSON: B64url("holds the challenge and the page's origin"),
      authenticatorData: B64url("", 65536),
      signature: B64url(""),
      userHandle: t.Optional(B64url("")),
    }),
    authenticatorAttachment: t.Optional(Enum(["platform", "cross-platform"])),
    clientExtensionResults: Extensions,
  },
  { title: "AuthenticationCredential", description: "AuthenticationResponseJSON: what navigator.credentials.get gave" },
);

const Device = t.Optional(
  Text({ description: "what to call this session in GET /sessions, 1–100 characters; default: from the User-Agent" }),
);
const PasskeyName = Text({ minLength: 1, maxLength: 100, description: "1–100 characters" });

export const PasskeyRegisterBody = t.Object({
  credential: RegistrationCredential,
  name: t.Optional(PasskeyName),
});

export const PasskeyLoginBody = t.Object({ credential: AuthenticationCredential, device: Device });

export const PasskeyChallengeBody = t.Object({
  challenge_token: Text({ description: "from POST /login's TwoFactorChallenge" }),
});

export const PasskeySecondFactorBody = t.Object({
  challenge_token: Text({ description: "from POST /login's TwoFactorChallenge" }),
  credential: AuthenticationCredential,
  device: Device,
});

export const Passkey = t.Object(
  {
    id: Int({ minimum: 1 }),
    name: t.String(),
    transports: t.Array(t.String(), { description: "how the authenticator is reached (internal, hybrid, usb, …)" }),
    created_at: t.String({ format: "date-time" }),
    last_used_at: Nullable(t.String({ format: "date-time", description: "its last sign-in; null: none yet" })),
  },
  { title: "Passkey" },
);
export const PasskeyList = t.Object({ items: t.Array(Passkey) }, { title: "PasskeyList" });
export const PasskeyRenameBody = t.Object({ name: PasskeyName });
