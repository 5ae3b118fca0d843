/** Shapes of sessions, personal access tokens and password resets (API.md §Sessions and access tokens). */
import { t } from "elysia";
import { Enum, Int, Nullable, Text } from "../../schema/schemas";
import { intParam } from "../../schema/validation";

export const Session = t.Object(
  {
    id: t.String({ format: "uuid" }),
    device: Nullable(t.String({ description: "login's `device`, else a summary of the User-Agent" })),
    method: Enum(["password", "totp", "recovery_code", "passkey", "header", "oidc"], {
      description:
        "how it signed in: password alone; password then an authenticator code (totp) or a recovery code; a passkey (alone, or in place of the code); a trusted proxy's header; or an OpenID Provider (oidc)",
    }),
    created_at: t.String({ format: "date-time" }),
    last_used_at: t.String({ format: "date-time", description: "updated at most once a minute" }),
    current: t.Boolean({ description: "the session of the token making this call" }),
  },
  { title: "Session" },
);
export const SessionList = t.Object({ items: t.Array(Session) }, { title: "SessionList" });
export const SessionIdParams = t.Object({ id: t.String({ format: "uuid", description: "session id" }) });
export const EndedSessions = t.Object(
  { ended: Int({ description: "how many sessions were ended" }) },
  { title: "EndedSessions" },
);

const Scopes = t.Array(Enum(["read", "write"]), {
  minItems: 1,
  uniqueItems: true,
  description: '"read" (GET calls) and/or "write" (every other call)',
});

export const AccessToken = t.Object(
  {
    id: Int(),
    name: t.String(),
    scopes: Scopes,
    created_at: t.String({ format: "date-time" }),
    expires_at: Nullable(t.String({ format: "date-time" })),
    last_used_at: Nullable(t.String({ format: "date-time", description: "updated at most once a minute" })),
  },
  { title: "AccessToken" },
);
export const NewAccessToken = t.Composite(
  [AccessToken, t.Object({ token: t.String({ description: "the token itself, shown this once: morsel_pat_…" }) })],
  { title: "NewAccessToken" },
);
export const AccessTokenList = t.Object({ items: t.Array(AccessToken) }, { title: "AccessTokenList" });
export const CreateTokenBody = t.Object({
  name: Text({ description: "what it is for, 1–100 characters" }),
  scopes: t.Array(Text(), { description: '"read" and/or "write"' }),
  expires_in_days: t.Optional(Nullable(Int({ description: "1–3650; null or absent: never expires" }))),
});
export const TokenIdParams = t.Object({ id: intParam("id", { minimum: 1 }) });

export const PasswordResetBody = t.Object({
  email: Text(),
  code: Text({ description: "the reset code the admin gave you (case, spaces and hyphens do not matter)" }),
  password: Text({ description: "the new password, 8–128 characters" }),
});
