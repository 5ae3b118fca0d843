/**
 * Settings → Security: two-factor sign-in (API.md §Accounts and tokens, "Two-factor sign-in"), and passkeys (passkeys.tsx). Set-up
 * shows the server's QR code and the secret, asks for the app's first code, then shows the 10 recovery
 * codes once: the server keeps only their hashes, so this is the one chance to write them down.
 */
import { useEffect, useState } from "preact/hooks";
import type { Schemas } from "../api-data";
import { beginTwoFactor, confirmTwoFactor, turnOffTwoFactor, twoFactorStatus } from "../account";
import { isOffline, message } from "../api";
import { ErrorText } from "../ui";
import { PasskeysPart } from "./passkeys";

type Status = Schemas["TwoFactorStatus"];
type Enrolment = Schemas["TwoFactorEnrolment"];
const OFFLINE = "This needs the server, which cannot be reached now.";

export function SecurityRegion() {
  const [status, setStatus] = useState<Status | null>(null);
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [n, setN] = useState(0);
  const fail = (e: unknown) => setError(isOffline(e) ? OFFLINE : message(e));
  useEffect(() => {
    twoFactorStatus().then(setStatus, fail);
  }, [n]);

  async function begin() {
    setError(null);
    setCodes(null);
    try {
      setEnrolment(await beginTwoFactor());
    } catch (e) {
      fail(e);
    }
  }
  async function confirm(e: Event) {
    e.preventDefault();
    const code = String(new FormData(e.currentTarget as HTMLFormElement).get("code")).trim();
    try {
      const r = await confirmTwoFactor(code);
      setError(null);
      setEnrolment(null);
      setCodes(r.recovery_codes);
      setN((x) => x + 1);
    } catch (err) {
      fail(err);
    }
  }
  async function turnOff(e: Event) {
    e.preventDefault();
    const code = String(new FormData(e.currentTarget as HTMLFormElement).get("code")).trim();
    try {
      await turnOffTwoFactor(code);
      setError(null);
      setCodes(null);
      setN((x) => x + 1);
    } catch (err) {
      fail(err);
    }
  }

  return (
    <section aria-labelledby="security-title">
      <h2 id="security-title">Security</h2>
      <h3>Two-factor</h3>
      {status && (
        <p class="muted">
          {status.enabled
            ? `Two-factor sign-in is on: signing in asks for a code from your authenticator app. ${status.recovery_codes_left} recovery codes left.`
            : "Two-factor sign-in is off: your password alone signs you in."}
        </p>
      )}
      <ErrorText error={error} focus={false} />
      {codes && (
        <div role="status">
          <p>
            Two-factor sign-in is on. Keep these recovery codes somewhere safe: each signs you in once without your
            phone, and they are shown only now.
          </p>
          <ul aria-label="Recovery codes">
            {codes.map((c) => (
              <li key={c}>
                <code>{c}</code>
              </li>
            ))}
          </ul>
          <button type="button" onClick={() => setCodes(null)}>
            I have saved them
          </button>
        </div>
      )}
      {enrolment ? (
        <form onSubmit={confirm} aria-label="Confirm two-factor">
          <p>Scan this with your authenticator app, or type the key in it.</p>
          <img
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qr_svg)}`}
            alt="QR code for your authenticator app"
            width={200}
            height={200}
          />
          <p>
            Key: <code data-secret>{enrolment.secret}</code>
          </p>
          <label>
            Code
            <input name="code" inputMode="numeric" autocomplete="one-time-code" required maxLength={6} />
          </label>
          <button type="submit" class="primary">
            Confirm
          </button>
        </form>
      ) : status && !status.enabled ? (
        <button type="button" onClick={() => void begin()}>
          Set up two-factor
        </button>
      ) : status?.enabled && !codes ? (
        <form onSubmit={turnOff} aria-label="Turn off two-factor">
          <label>
            Code or recovery code
            <input name="code" autocomplete="one-time-code" required maxLength={64} />
          </label>
          <button type="submit">Turn off two-factor</button>
        </form>
      ) : null}
      <PasskeysPart />
    </section>
  );
}
