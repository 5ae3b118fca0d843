/** Single sign-on's flags and environment (config.ts): what each needs, and what is never printed. */
import { describe, expect, test } from "bun:test";
import { ConfigError, describeConfig, loadConfig } from "../../src/config";
import { HELP } from "../../src/cli/help";

const env = { HOME: "/home/ana" };
const FULL = [
  "--public-url",
  "https://morsel.example.org/",
  "--oidc-issuer",
  "https://auth.example.org",
  "--oidc-client-id",
  "morsel",
  "--oidc-client-secret",
  "s3cret-value-never-printed",
];

describe("--oidc-* and --password-login", () => {
  test("a full set-up: the redirect URI and the app's URL come from --public-url; the secret is never printed", () => {
    const c = loadConfig([...FULL, "--oidc-name", "Authelia", "--oidc-admin-group", "morsel-admins"], env);
    expect(c.oidc).toEqual({
      issuer: "https://auth.example.org",
      clientId: "morsel",
      clientSecret: "s3cret-value-never-printed",
      name: "Authelia",
      adminClaim: "groups",
      adminGroup: "morsel-admins",
      redirectUri: "https://morsel.example.org/api/v1/auth/oidc/callback",
      appUrl: "https://morsel.example.org/",
    });
    expect(c.passwordLogin).toBe(true);
    expect(JSON.stringify(describeConfig(c))).not.toContain("s3cret");
    expect(String(describeConfig(c).oidc)).toContain("Sign in with Authelia");
  });

  test("the environment works as the flags do; flags win", () => {
    const c = loadConfig(["--oidc-name", "Keycloak"], {
      ...env,
      MORSEL_PUBLIC_URL: "https://m.example.org",
      MORSEL_OIDC_ISSUER: "https://kc.example.org/realms/home",
      MORSEL_OIDC_CLIENT_ID: "morsel",
      MORSEL_OIDC_NAME: "ignored",
      MORSEL_OIDC_ADMIN_CLAIM: "roles",
      MORSEL_PASSWORD_LOGIN: "false",
    });
    expect(c.oidc).toMatchObject({ name: "Keycloak", clientSecret: null, adminClaim: "roles" });
    expect(c.passwordLogin).toBe(false);
  });

  test.each([
    [["--oidc-issuer", "https://auth.example.org", "--oidc-client-id", "m"], "--public-url"],
    [["--public-url", "https://m.example.org", "--oidc-issuer", "https://auth.example.org"], "--oidc-client-id"],
    [["--oidc-client-id", "m"], "--oidc-issuer"],
    [
      ["--public-url", "https://m.example.org", "--oidc-issuer", "auth.example.org", "--oidc-client-id", "m"],
      "issuer URL",
    ],
    [["--password-login", "false"], "no way to sign in"],
    [["--password-login", "maybe"], "true or false"],
  ])("%p is refused, naming %s", (argv, words) => {
    expect(() => loadConfig(argv, env)).toThrow(ConfigError);
    expect(() => loadConfig(argv, env)).toThrow(words);
  });

  test("--password-login given bare means true; false with single sign-on is accepted", () => {
    expect(loadConfig(["--password-login"], env).passwordLogin).toBe(true);
    expect(loadConfig([...FULL, "--password-login", "false"], env).passwordLogin).toBe(false);
  });

  test("--help names every flag", () => {
    for (const flag of [
      "--oidc-issuer",
      "--oidc-client-id",
      "--oidc-client-secret",
      "--oidc-name",
      "--oidc-admin-group",
      "--oidc-admin-claim",
      "--password-login",
    ])
      expect(HELP).toContain(flag);
  });
});
