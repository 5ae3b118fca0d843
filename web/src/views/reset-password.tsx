/**
 * Sign-in → Forgot password?: redeems the reset code an admin made for this account (POST /password-reset,
 * API.md §Accounts). There is no mail: the admin gives the code in person, and it works once, for a day.
 */
import { useState } from "preact/hooks";
import { resetPassword } from "../sign-in";
import { ErrorText, PASSWORD_ROLE } from "../ui";
import { accountError } from "./account";

export function ResetPassword() {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  async function submit(e: Event) {
    e.preventDefault();
    const f = new FormData(e.currentTarget as HTMLFormElement);
    setBusy(true);
    setError(null);
    try {
      await resetPassword({
        email: String(f.get("email")),
        code: String(f.get("code")),
        password: String(f.get("password")),
      });
      setDone(true);
    } catch (err) {
      setError(accountError(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <main class="auth">
      <h1>Reset your password</h1>
      {done ? (
        <p class="notice" role="status">
          Your password is reset, and every device that was signed in is signed out. <a href="#/signin">Sign in</a> with
          the new password.
        </p>
      ) : (
        <>
          <p class="muted">
            Ask the admin of this Morsel for a reset code (Admin → the accounts). It works once, for 24 hours.
          </p>
          <form onSubmit={submit} noValidate>
            <label>
              Email
              <input name="email" type="email" autocomplete="email" required />
            </label>
            <label>
              Reset code
              <input name="code" autocomplete="one-time-code" autocapitalize="characters" spellcheck={false} required />
            </label>
            <label>
              New password
              <input
                name="password"
                type="password"
                {...PASSWORD_ROLE}
                autocomplete="new-password"
                required
                aria-describedby="reset-password-rule"
              />
            </label>
            <p id="reset-password-rule" class="muted hint">
              At least 8 characters.
            </p>
            <ErrorText error={error} />
            <button type="submit" class="primary" disabled={busy}>
              Reset password
            </button>
          </form>
          <p>
            Remembered it? <a href="#/signin">Sign in</a>
          </p>
        </>
      )}
    </main>
  );
}
