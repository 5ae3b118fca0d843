/** Account shapes from API.md §Accounts and tokens. Field rules are checked in validate.ts. */
import { Enum, Int, Text } from "../../schema/schemas";
import { t } from "elysia";

/** Who may create an account (registration.ts keeps the mode; declared here so the schema needs no import of it). */
export const REGISTRATION_MODES = ["open", "invite", "closed"] as const;

export const User = t.Object(
  {
    id: Int(),
    email: t.String(),
    name: t.String(),
    timezone: t.String({ description: "IANA time zone" }),
    role: Enum(["admin", "user"], { description: "the first account on a server is its admin" }),
    weight_unit: Enum(["kg", "lb", "st"], {
      description: "how weights are shown (always stored in kg); st: stones and pounds, given in lb by the API",
    }),
    region: t.String({
      description:
        "ISO 3166-1 alpha-2 country (GB, US, AU…): what a pint, a cup and a tablespoon are and which food words are read first",
    }),
  },
  { title: "User" },
);

export const TokenPair = t.Object(
  {
    access_token: t.String({ description: "JWT, valid for exactly 1 hour" }),
    refresh_token: t.String({ description: "JWT, valid for 30 days, spent on use" }),
    token_type: t.Literal("Bearer"),
    expires_in: t.Literal(3600),
    user: User,
  },
  { title: "TokenPair" },
);

export const RegisterBody = t.Object({
  email: Text({ description: "trimmed and lower-cased; a valid address of at most 254 characters" }),
  password: Text({ description: "8–128 characters" }),
  name: Text({ description: "1–100 characters after trimming" }),
  timezone: t.Optional(Text({ description: "IANA time zone, default UTC" })),
  region: t.Optional(
    Text({ description: "ISO 3166-1 alpha-2 country, default US (the web app sends its browser's language's)" }),
  ),
  invite_code: t.Optional(
    Text({ description: "needed when the server registers by invitation: a code from its admin" }),
  ),
  device: t.Optional(
    Text({
      description: "what to call this session in GET /sessions, 1–100 characters; default: from the User-Agent",
    }),
  ),
});

export const LoginBody = t.Object({
  email: Text(),
  password: Text(),
  device: t.Optional(
    Text({
      description: "what to call this session in GET /sessions, 1–100 characters; default: from the User-Agent",
    }),
  ),
});
export const RefreshBody = t.Object({ refresh_token: Text() });

export const PatchMeBody = t.Object({
  name: t.Optional(Text({ description: "1–100 characters after trimming" })),
  timezone: t.Optional(Text({ description: "IANA time zone" })),
  weight_unit: t.Optional(Text({ description: "kg, lb or st (stones and pounds)" })),
  region: t.Optional(Text({ description: "ISO 3166-1 alpha-2 country: GB, US, CA, AU, NZ, IE, IN…" })),
  email: t.Optional(
    Text({ description: "the new email (trimmed, lower-cased, valid, at most 254); needs current_password" }),
  ),
  password: t.Optional(
    Text({ description: "the new password, 8–128 characters; needs current_password; ends every other session" }),
  ),
  current_password: t.Optional(Text({ description: "the account's password; needed to change email or password" })),
});

export const DeleteMeBody = t.Object({ password: Text({ description: "the account's current password" }) });

/** GET /register: how an account is made on this server, and whether trusted-header sign-in is on. */
export const RegistrationSetting = t.Object({
  registration: Enum(REGISTRATION_MODES, {
    description: "open, invite (POST /register needs invite_code) or closed",
  }),
  forward_auth: t.Optional(
    t.Literal(true, { description: "present when trusted-header sign-in (POST /login/header) is on" }),
  ),
});
