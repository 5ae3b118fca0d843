/**
 * The sign-in's second step: the password was right and the account asks for a code (POST /login
 * answered `two_factor_required`). The authenticator's 6-digit code or a recovery code, or one of the
 * account's passkeys.
 */
import { useState } from "preact/hooks";
import { message } from "../api";
import { logInTwoFactor, startSession } from "../sign-in";
import { ErrorText } from "../ui";
import { secondFactorWithPasskey } from "../passkeys";

export function CodeStep({ challenge, onRestart }: { challenge: string; onRestart: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function verify(e: Event) {
    e.preventDefault();
    const code = String(new FormData(e.currentTarget as HTMLFormElement).get("code")).trim();
    setBusy(true);
    try {
      startSession(await logInTwoFactor(challenge, code));
    } catch (err) {
      setError(message(err));
    } finally {
      setBusy(false);
    }
  }
  async function withPasskey() {
    setBusy(true);
    try {
      await secondFactorWithPasskey(challenge);
    } catch (err) {
      setError(message(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form onSubmit={verify}>
      <p>Enter the code from your authenticator app, or one of your recovery codes.</p>
      <label>
        Code
        <input name="code" autocomplete="one-time-code" autoFocus required maxLength={64} />
      </label>
      <ErrorText error={error} />
      <button type="submit" class="primary" disabled={busy}>
        Verify
      </button>
      <p>
        <button type="button" onClick={() => void withPasskey()} disabled={busy}>
          Use a passkey instead
        </button>{" "}
        <button type="button" onClick={onRestart}>
          Start again
        </button>
      </p>
    </form>
  );
}
