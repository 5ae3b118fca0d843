/**
 * Settings → your account (PATCH /me): name and email, the weight unit every weight is shown and typed in, and
 * the password. An email or password change needs the current password (API.md §Accounts); the server's
 * refusals are put in words a person understands.
 */
import { UNIT_WORDS, type WeightUnit } from "../weight-units";
import { useSubmit } from "../action";
import { useState } from "preact/hooks";
import { updateMe } from "../account";
import { ApiError, currentSession, isOffline, message, setSession, type User } from "../api";
import { ErrorText, PASSWORD_ROLE, useApp } from "../ui";

/** What went wrong, for a person: the field the server named, else its message. */
export function accountError(e: unknown): string {
  if (isOffline(e)) return "This needs the server, which cannot be reached now. Try again when you are online.";
  if (!(e instanceof ApiError)) return message(e);
  if (e.code === "email_taken") return "Another account already uses that email.";
  if (e.code === "rate_limited") return "Too many wrong tries. Wait a few minutes, then try again.";
  if (e.code === "forbidden") return "Sign in again to change this.";
  const field = e.details[0]?.field;
  if (field === "current_password") return "That is not your current password.";
  if (field === "password") return "The new password must be 8 to 128 characters long.";
  if (field === "email") return "Enter an email address such as ana@example.org.";
  if (field === "name") return "Enter a name of 1 to 100 characters.";
  if (field === "code")
    return "That reset code does not fit this email, was used already, or is more than a day old. Ask your admin for a new one.";
  return message(e);
}

const keep = (user: User) => setSession({ ...currentSession()!, user });

export function AccountForm() {
  const app = useApp();
  const [email, setEmail] = useState(app.user.email);
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const newEmail = email.trim().toLowerCase() !== app.user.email;

  async function save(e: Event) {
    e.preventDefault();
    const f = new FormData(e.currentTarget as HTMLFormElement);
    const body: Record<string, string> = { name: String(f.get("name")) };
    if (newEmail) {
      body.email = email;
      body.current_password = String(f.get("confirm_password") ?? "");
    }
    setNote(null);
    setError(null);
    try {
      keep(await updateMe(body));
      setNote(newEmail ? "Saved. Sign in with your new email from now on." : "Saved.");
    } catch (err) {
      setError(accountError(err));
    }
  }

  return (
    <form onSubmit={save} aria-labelledby="account-title">
      <h2 id="account-title">Your account</h2>
      <label>
        Name
        <input name="name" autocomplete="name" required maxLength={100} defaultValue={app.user.name} />
      </label>
      <label>
        Email
        <input
          name="email"
          type="email"
          autocomplete="email"
          required
          value={email}
          onInput={(e) => setEmail((e.currentTarget as HTMLInputElement).value)}
        />
      </label>
      {newEmail && (
        <label>
          Your password, to confirm the new email
          <input name="confirm_password" type="password" {...PASSWORD_ROLE} autocomplete="current-password" required />
        </label>
      )}
      <ErrorText error={error} />
      {note && (
        <p class="notice" aria-live="polite">
          {note}
        </p>
      )}
      <button type="submit">Save account</button>
    </form>
  );
}

export function WeightUnitField() {
  const app = useApp();
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const unit = app.user.weight_unit ?? "kg";

  async function change(value: string) {
    setNote(null);
    setError(null);
    try {
      keep(await updateMe({ weight_unit: value }));
      setNote(`Weights are shown in ${UNIT_WORDS[value as WeightUnit]} now.`);
    } catch (err) {
      setError(accountError(err));
    }
  }

  return (
    <section aria-labelledby="units-title">
      <h2 id="units-title">Units</h2>
      <label>
        Weight unit
        <select name="weight_unit" onChange={(e) => void change((e.currentTarget as HTMLSelectElement).value)}>
          <option value="kg" selected={unit === "kg"}>
            kg
          </option>
          <option value="lb" selected={unit === "lb"}>
            lb
          </option>
          <option value="st" selected={unit === "st"}>
            st lb
          </option>
        </select>
      </label>
      <p class="muted">
        Weigh-ins, the weight chart, expenditure and weekly rates follow it. Weights are kept exactly.
      </p>
      <ErrorText error={error} />
      {note && (
        <p class="notice" aria-live="polite">
          {note}
        </p>
      )}
    </section>
  );
}

export function PasswordRegion() {
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  // busy at once (the server checks the old password and hashes the new one: on a loaded box, seconds)
  const [submit, busy] = useSubmit(change);
  async function change(form: HTMLFormElement) {
    const f = new FormData(form);
    setNote(null);
    setError(null);
    try {
      keep(
        await updateMe({
          password: String(f.get("new_password")),
          current_password: String(f.get("current_password")),
        }),
      );
      form.reset();
      setNote("Password changed. Your other devices are signed out; sign in there with the new password.");
    } catch (err) {
      setError(accountError(err));
    }
  }

  return (
    <section aria-labelledby="password-title">
      <h2 id="password-title">Password</h2>
      <form onSubmit={submit} noValidate aria-busy={busy}>
        <label>
          Current password
          <input name="current_password" type="password" {...PASSWORD_ROLE} autocomplete="current-password" required />
        </label>
        <label>
          New password
          <input
            name="new_password"
            type="password"
            {...PASSWORD_ROLE}
            autocomplete="new-password"
            required
            minLength={8}
            maxLength={128}
            aria-describedby="new-password-rule"
          />
        </label>
        <p id="new-password-rule" class="muted hint">
          At least 8 characters.
        </p>
        <ErrorText error={error} />
        {note && (
          <p class="notice" aria-live="polite">
            {note}
          </p>
        )}
        <button type="submit" disabled={busy}>
          {busy ? "Changing password…" : "Change password"}
        </button>
      </form>
    </section>
  );
}
