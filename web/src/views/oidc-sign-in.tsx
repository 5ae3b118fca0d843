/**
 * Single sign-on in the web app (API.md §Single sign-on). The sign-in page asks GET /auth/providers
 * whether to show `Sign in with <name>` and whether the password form stays. The server's callback
 * comes back to `#/oidc?code=…` (traded here for the token pair: tokens never travel in a URL),
 * `#/oidc?link=…` (an account with this email exists: its password, once) or `#/oidc?error=…`.
 */
import { useEffect, useState } from "preact/hooks";
import type { Schemas } from "../api-data";
import { message, setSession } from "../api";
import { fetchProviders, oidcLink, oidcToken } from "../sign-in";
import { ErrorText, PASSWORD_ROLE } from "../ui";

type Providers = Schemas["AuthProviders"];

/** Remembered so signing out also offers the provider's own sign-out (RP-initiated logout). */
const SIGNED_IN_WITH = "morsel-signed-in-with";
export const signedInWithOidc = () => localStorage.getItem(SIGNED_IN_WITH) === "oidc";
export const forgetOidc = () => localStorage.removeItem(SIGNED_IN_WITH);

/** GET /auth/providers: undefined while asking, null when it cannot be asked (offline, an older server). */
export function useProviders(): Providers | null | undefined {
  const [providers, setProviders] = useState<Providers | null | undefined>(undefined);
  useEffect(() => {
    fetchProviders()
      .then(setProviders)
      .catch(() => setProviders(null));
  }, []);
  return providers;
}

/**
 * `Sign in with <name>`. On a server that registers by invitation a new person's code goes with them
 * to the provider: the sign-up form's (`invite`), or, with the password form off, a field of its own.
 */
export function OidcButton({
  providers,
  invite,
  askInvite,
}: {
  providers: Providers | null | undefined;
  invite?: string;
  askInvite?: boolean;
}) {
  const [own, setOwn] = useState("");
  if (!providers?.oidc) return null;
  const { start, name } = providers.oidc;
  const code = (askInvite ? own : (invite ?? "")).trim();
  const href = code ? `${start}?invite_code=${encodeURIComponent(code)}` : start;
  return (
    <>
      {askInvite && (
        <label>
          Invite code (if you are new here)
          <input
            name="oidc_invite_code"
            autocomplete="off"
            autocapitalize="characters"
            spellcheck={false}
            maxLength={40}
            onInput={(e) => setOwn(e.currentTarget.value)}
          />
        </label>
      )}
      <p>
        <button type="button" class="primary" onClick={() => location.assign(href)}>
          Sign in with {name}
        </button>
      </p>
    </>
  );
}

function signedIn(pair: Schemas["TokenPair"]) {
  localStorage.setItem(SIGNED_IN_WITH, "oidc");
  setSession({ access_token: pair.access_token, refresh_token: pair.refresh_token, user: pair.user });
  location.hash = "#/";
}

/** `#/oidc?…`: the end of the round trip through the provider. */
export function OidcReturn() {
  const params = new URLSearchParams(location.hash.split("?")[1] ?? "");
  const code = params.get("code");
  const link = params.get("link");
  const [error, setError] = useState<string | null>(params.get("message"));
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!code) return;
    // the code is spent at once; the address bar forgets it
    history.replaceState(null, "", "#/oidc");
    oidcToken(code)
      .then(signedIn)
      .catch((e) => setError(message(e)));
  }, [code]);

  async function confirm(e: Event) {
    e.preventDefault();
    if (!link) return; // the form is shown with a link alone
    const password = String(new FormData(e.currentTarget as HTMLFormElement).get("password"));
    setBusy(true);
    setError(null);
    try {
      signedIn(await oidcLink(link, password));
    } catch (err) {
      setError(message(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <main class="auth">
      <h1>Single sign-on</h1>
      {code && !error && <p role="status">Signing you in…</p>}
      {link && (
        <form onSubmit={confirm}>
          <p>
            This server already has an account with your email. Confirm it is yours with its password, once: after that,
            single sign-on alone signs you in.
          </p>
          <label>
            Password
            <input name="password" type="password" {...PASSWORD_ROLE} autocomplete="current-password" required />
          </label>
          <ErrorText error={error} />
          <button type="submit" class="primary" disabled={busy}>
            Link account
          </button>
        </form>
      )}
      {!link && <ErrorText error={error} />}
      <p>
        <a href="#/signin">Back to sign-in</a>
      </p>
    </main>
  );
}
