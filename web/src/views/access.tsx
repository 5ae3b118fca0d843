/**
 * Settings → Sessions and Access tokens (API.md §Sessions and personal access tokens). These live on
 * the server only, so they need it: offline, each region says so and reads again once back.
 */
import type { Schemas } from "../api-data";
import { useEffect, useState } from "preact/hooks";
import { createToken, endSession, listSessions, listTokens, revokeToken } from "../account";
import { isOffline, message } from "../api";
import { ErrorText, showAndFocus, useApp } from "../ui";

type Session = Schemas["Session"];
type Token = Schemas["AccessToken"];

const when = (iso: string | null) =>
  iso ? new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso)) : "never";
/** How a session signed in (API.md §Sessions: `method`). */
const HOW: Record<Session["method"], string> = {
  password: "with the password",
  totp: "with the password and a code",
  recovery_code: "with the password and a recovery code",
  passkey: "with a passkey",
  header: "through the sign-in proxy",
  oidc: "through single sign-on",
};
const OFFLINE = "This needs the server, which cannot be reached now. It shows again once you are back online.";

/** `load`'s items, again after each change and when the browser comes back online. */
function useServerList<T>(load: () => Promise<{ items: T[] }>): {
  items: T[] | null;
  error: string | null;
  reload: () => void;
  setError: (e: string | null) => void;
} {
  const { sync } = useApp();
  const [items, setItems] = useState<T[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [n, setN] = useState(0);
  useEffect(() => {
    let live = true;
    load().then(
      (r) => live && (setItems(r.items), setError(null)),
      (e) => live && setError(isOffline(e) ? OFFLINE : message(e)),
    );
    return () => {
      live = false;
    };
  }, [n, sync.state.online]);
  useEffect(() => {
    const on = () => setN((x) => x + 1);
    addEventListener("online", on);
    return () => removeEventListener("online", on);
  }, []);
  return { items, error, reload: () => setN((x) => x + 1), setError };
}

export function SessionsRegion({ signOut }: { signOut: () => void }) {
  const list = useServerList<Session>(listSessions);
  async function end(s: Session | null) {
    if (s?.current) return signOut();
    try {
      await endSession(s ? s.id : null);
      list.reload();
    } catch (e) {
      list.setError(isOffline(e) ? OFFLINE : message(e));
    }
  }
  return (
    <section aria-labelledby="sessions-title">
      <h2 id="sessions-title">Sessions</h2>
      <p class="muted">Where your account is signed in. Ending a session signs that device out at once.</p>
      <ErrorText error={list.error} focus={false} />
      {list.items && (
        <ul class="meals">
          {list.items.map((s) => (
            <li key={s.id}>
              <span class="meal-main">
                <span class="name">
                  {s.device ?? "Unnamed device"}
                  {s.current ? " (this device)" : ""}
                </span>
                <span class="muted">
                  Signed in {when(s.created_at)} {HOW[s.method]} · last used {when(s.last_used_at)}
                </span>
              </span>
              <button
                type="button"
                onClick={() => void end(s)}
                title={s.current ? "Sign out on this device" : `End the session on ${s.device ?? "that device"}`}
              >
                End session
              </button>
            </li>
          ))}
        </ul>
      )}
      {list.items && list.items.length > 1 && (
        <button type="button" onClick={() => void end(null)}>
          End all other sessions
        </button>
      )}
    </section>
  );
}

export function TokensRegion() {
  const list = useServerList<Token>(listTokens);
  const [made, setMade] = useState<{ name: string; token: string } | null>(null);

  async function create(e: Event) {
    e.preventDefault();
    const form = e.currentTarget as HTMLFormElement;
    const f = new FormData(form);
    const days = String(f.get("expires") ?? "");
    const body = {
      name: String(f.get("name") ?? ""),
      scopes: String(f.get("scopes")).split(","),
      expires_in_days: days ? Number(days) : null,
    };
    try {
      const t = await createToken(body);
      setMade({ name: t.name, token: t.token });
      form.reset();
      list.reload();
    } catch (err) {
      list.setError(isOffline(err) ? OFFLINE : message(err));
    }
  }

  async function revoke(t: Token) {
    try {
      await revokeToken(t.id);
      list.reload();
    } catch (e) {
      list.setError(isOffline(e) ? OFFLINE : message(e));
    }
  }

  return (
    <section aria-labelledby="tokens-title">
      <h2 id="tokens-title">Access tokens</h2>
      <p class="muted">
        For scripts and other apps (a dashboard, Home Assistant): they act as you, without your password, and cannot
        manage your account.
      </p>
      <form onSubmit={create} aria-label="New access token">
        <label>
          Token name
          <input name="name" autocomplete="off" placeholder="Kitchen dashboard" />
        </label>
        <div class="row">
          <label>
            Access
            <select name="scopes">
              <option value="read">Read only</option>
              <option value="read,write">Read and write</option>
            </select>
          </label>
          <label>
            Expires
            <select name="expires">
              <option value="90">in 90 days</option>
              <option value="365">in a year</option>
              <option value="">never</option>
            </select>
          </label>
        </div>
        <button type="submit">Create token</button>
      </form>
      {made && (
        // shown once: brought into view and focused, as the admin's codes are
        <div class="notice" role="status" tabIndex={-1} ref={showAndFocus} key={made.token}>
          <p>
            The token <strong>{made.name}</strong>, shown this once: copy it now.
          </p>
          <p>
            <code class="secret">{made.token}</code>
          </p>
          <button type="button" onClick={() => void navigator.clipboard?.writeText(made.token)}>
            Copy
          </button>
        </div>
      )}
      <ErrorText error={list.error} focus={false} />
      {list.items && list.items.length === 0 && <p class="muted">No access tokens.</p>}
      {list.items && list.items.length > 0 && (
        <ul class="meals" aria-label="Your access tokens">
          {list.items.map((t) => (
            <li key={t.id}>
              <span class="meal-main">
                <span class="name">{t.name}</span>
                <span class="muted">
                  {t.scopes.join(" and ")} · made {when(t.created_at)} · last used {when(t.last_used_at)} ·{" "}
                  {t.expires_at ? `expires ${when(t.expires_at)}` : "does not expire"}
                </span>
              </span>
              <button type="button" onClick={() => void revoke(t)} title={`Revoke ${t.name}`}>
                Revoke
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
