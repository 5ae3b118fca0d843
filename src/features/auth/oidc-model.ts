/** Shapes of single sign-on (API.md §Single sign-on). */
import { t } from "elysia";
import { Text } from "../../schema/schemas";

const device = t.Optional(
  Text({ description: "what to call this session in GET /sessions, 1–100 characters; default: from the User-Agent" }),
);

export const OidcTokenBody = t.Object({
  code: Text({ description: "the one-time code from the callback's redirect (`/#/oidc?code=…`), good for 2 minutes" }),
  device,
});

export const OidcLinkBody = t.Object({
  code: Text({ description: "the link code from the callback's redirect (`/#/oidc?link=…`), good for 10 minutes" }),
  password: Text({ description: "the existing account's password, confirmed once to link it to the provider" }),
  device,
});

export const OidcStartQuery = t.Object({
  invite_code: t.Optional(
    Text({ description: "on a server that registers by invitation: the code, for a person who has no account yet" }),
  ),
});

export const AuthProviders = t.Object(
  {
    password: t.Boolean({ description: "whether POST /login and POST /register take a password (--password-login)" }),
    oidc: t.Union(
      [
        t.Object({
          name: t.String({ description: "the provider's name for the button: Sign in with <name> (--oidc-name)" }),
          start: t.String({ description: "where the browser goes to sign in: GET /api/v1/auth/oidc/start" }),
        }),
        t.Null(),
      ],
      { description: "single sign-on through an OpenID Provider, or null when not configured" },
    ),
    forward_auth: t.Boolean({ description: "whether trusted-header sign-in (POST /login/header) is on" }),
  },
  { title: "AuthProviders" },
);
