/** Sign in, create account, and reset a forgotten password. The time zone of a new account is the browser's. */
import { useEffect, useState } from "preact/hooks";
import type { Body } from "../api-data";
import { message } from "../api";
import { logIn, register as registerAccount, startSession, whoMayRegister } from "../sign-in";
import { ErrorText, PASSWORD_ROLE } from "../ui";
import { ResetPassword } from "./reset-password";
import { regionOfLanguage } from "../../../src/features/foods/region";
import { CodeStep } from "./code-step";
import { useForwardSignIn } from "./forward-sign-in";
import { signInWithPasskey } from "../passkeys";
import { OidcButton, OidcReturn, useProviders } from "./oidc-sign-in";

export function Auth({ mode, notice }: { mode: "signin" | "register" | "reset" | "oidc"; notice: string | null }) {
  if (mode === "reset") return <ResetPassword />;
  if (mode === "oidc") return <OidcReturn />;
  return <SignIn mode={mode} notice={notice} />;
}

function SignIn({ mode, notice }: { mode: "signin" | "register"; notice: string | null }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const register = mode === "register";
  /** The challenge of a right password when the account asks for a code too (code-step.tsx). */
  const [challenge, setChallenge] = useState<string | null>(null);
  useForwardSignIn(!register);
  const providers = useProviders();
  /** --password-login false: single sign-on is the way in, so the password form is not offered. */
  const noPassword = providers?.password === false;
  /** The invite code typed in the sign-up form, which single sign-on takes along too. */
  const [invite, setInvite] = useState("");
  /** Who may register here (GET /register): undefined while asking, null when the server cannot be asked. */
  const [registration, setRegistration] = useState<"open" | "invite" | "closed" | null | undefined>(undefined);
  useEffect(() => {
    // asked on the sign-up form, and where single sign-on is the only way in (a new person may need an invite)
    if (!register && !noPassword) return;
    whoMayRegister()
      .then((r) => setRegistration(r.registration))
      .catch(() => setRegistration(null)); // offline or an older server: offer the field, optional
  }, [register, noPassword]);

  async function withPasskey() {
    setBusy(true);
    setError(null);
    try {
      await signInWithPasskey();
    } catch (err) {
      setError(message(err));
    } finally {
      setBusy(false);
    }
  }

  async function submit(e: Event) {
    e.preventDefault();
    const form = new FormData(e.currentTarget as HTMLFormElement);
    const login = { email: String(form.get("email")), password: String(form.get("password")) };
    // the country of the browser's language ("en-GB"): its pints, cups and words (the server's default is US)
    const region = regionOfLanguage(navigator.language);
    const invite = String(form.get("invite_code") ?? "").trim();
    const body: Body<"register"> = {
      ...login,
      name: String(form.get("name")),
      timezone: Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC",
      ...(region && { region }),
      ...(invite && { invite_code: invite }), // a server that registers by invitation needs it
    };
    setBusy(true);
    setError(null);
    try {
      const pair = register ? await registerAccount(body) : await logIn(login);
      if ("two_factor_required" in pair) return setChallenge(pair.challenge_token);
      startSession(pair);
    } catch (err) {
      setError(message(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <main class="auth">
      <h1>{register ? "Create account" : "Sign in to Morsel"}</h1>
      {notice && <p class="notice">{notice}</p>}
      {challenge && !register && <CodeStep challenge={challenge} onRestart={() => setChallenge(null)} />}
      {!challenge && (
        <OidcButton providers={providers} invite={invite} askInvite={noPassword && registration === "invite"} />
      )}
      <form
        hidden={(Boolean(challenge) && !register) || noPassword}
        onSubmit={submit}
        aria-busy={register && registration === undefined}
      >
        {register && (
          <label>
            Name
            <input name="name" autocomplete="name" required maxLength={100} />
          </label>
        )}
        <label>
          Email
          <input name="email" type="email" autocomplete="email" required />
        </label>
        <label>
          Password
          <input
            name="password"
            type="password"
            {...PASSWORD_ROLE}
            autocomplete={register ? "new-password" : "current-password"}
            required
            minLength={register ? 8 : 1}
            aria-describedby={register ? "password-rule" : undefined}
          />
        </label>
        {register && (
          <p id="password-rule" class="muted hint">
            At least 8 characters.
          </p>
        )}
        {register && registration === "closed" && (
          <p class="notice" role="status">
            This server is not taking new accounts. Ask its admin to create one for you, or for an invite code.
          </p>
        )}
        {register && registration !== "open" && registration !== undefined && (
          <label>
            {registration === null ? "Invite code (if you were given one)" : "Invite code"}
            <input
              name="invite_code"
              autocomplete="off"
              autocapitalize="characters"
              spellcheck={false}
              maxLength={40}
              required={registration === "invite"}
              onInput={(e) => setInvite(e.currentTarget.value)}
            />
          </label>
        )}
        <ErrorText error={error} />
        <button type="submit" class="primary" disabled={busy}>
          {register ? "Create account" : "Sign in"}
        </button>
      </form>
      {!register && !challenge && (
        <p>
          <button type="button" onClick={() => void withPasskey()} disabled={busy}>
            Sign in with a passkey
          </button>
        </p>
      )}
      {noPassword ? null : register ? (
        <p>
          Have an account? <a href="#/signin">Sign in</a>
        </p>
      ) : (
        <>
          <p>
            <a href="#/reset-password">Forgot password?</a>
          </p>
          <p>
            New here? <a href="#/register">Create account</a>
          </p>
        </>
      )}
    </main>
  );
}
