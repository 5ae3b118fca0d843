/**
 * Admin (shown to admins only; API.md §Admin): the server's settings (registration mode, the online
 * barcode lookup), the accounts (disable, enable, role, reset code, delete) and invites (made with
 * the code shown once, withdrawn). All of it lives on the server, so offline the view says so.
 */
import type { Schemas } from "../api-data";
import { useEffect, useRef, useState } from "preact/hooks";
import { api, isOffline, message } from "../api";
import { ErrorText, showAndFocus, useApp } from "../ui";

type Account = Schemas["AdminUser"];
type Invite = Schemas["Invite"];
type Settings = Schemas["ServerSettings"];
/** What the Admin view loads: three API answers side by side (this view's own grouping). */
interface Data {
  settings: Settings;
  users: Account[];
  invites: Invite[];
}

const day = (iso: string | null) =>
  iso ? new Intl.DateTimeFormat("en-GB", { dateStyle: "medium" }).format(new Date(iso)) : "never";

export function AdminView() {
  const app = useApp();
  const [data, setData] = useState<Data | null>(null);
  // what a read found wrong (cleared by the next good read) and what the last action found wrong
  // (cleared by the next action): the read that follows a refused action must not wipe its reason
  const [readError, setReadError] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [shown, setShown] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<number | null>(null);
  const [n, setN] = useState(0);
  // a read started before a change is stale when it lands: only the latest read is shown
  const seq = useRef(0);

  useEffect(() => {
    const mine = ++seq.current;
    Promise.all([
      api<Settings>("GET", "/admin/settings"),
      api<{ items: Account[] }>("GET", "/admin/users"),
      api<{ items: Invite[] }>("GET", "/admin/invites"),
    ]).then(
      ([settings, users, invites]) =>
        mine === seq.current && (setData({ settings, users: users.items, invites: invites.items }), setReadError(null)),
      (e) =>
        mine === seq.current &&
        setReadError(
          isOffline(e)
            ? "Admin needs the server, which cannot be reached now. It shows again once you are back online."
            : message(e),
        ),
    );
  }, [n, app.sync.state.online]);

  /** A setting shown as changed at once, then sent. */
  function setting(patch: Partial<Settings>) {
    if (data) setData({ ...data, settings: { ...data.settings, ...patch } });
    void run("PATCH", "/admin/settings", patch);
  }

  /** One admin call; then everything is read again. */
  async function run(method: string, path: string, body?: unknown, after?: (r: unknown) => void) {
    seq.current++;
    setActionError(null);
    try {
      const r = await api(method, path, body);
      after?.(r);
    } catch (e) {
      setActionError(isOffline(e) ? "The server cannot be reached now; nothing was changed." : message(e));
    }
    setN((x) => x + 1);
  }

  async function invite(e: Event) {
    e.preventDefault();
    const form = e.currentTarget as HTMLFormElement;
    const note = String(new FormData(form).get("note") ?? "").trim();
    await run("POST", "/admin/invites", note ? { note } : {}, (r) => {
      setShown(`Invite code${note ? ` for ${note}` : ""}, shown this once: ${(r as { code: string }).code}`);
      form.reset();
    });
  }

  return (
    <main>
      <h1>Admin</h1>
      <ErrorText error={actionError ?? readError} />
      {shown && (
        // a code made far down the page (an invite) is brought into view and focused, centred: at the top
        // edge it sat under the sticky header, and off screen on a phone scrolled to the invites
        <p class="notice" role="status" tabIndex={-1} ref={showAndFocus} key={shown}>
          <code class="secret">{shown}</code>
        </p>
      )}
      {data && (
        <>
          <section aria-labelledby="server-title">
            <h2 id="server-title">This server</h2>
            <label>
              Registration
              <select
                onChange={(e) =>
                  setting({ registration: (e.target as HTMLSelectElement).value as Settings["registration"] })
                }
              >
                {(["open", "invite", "closed"] as const).map((m) => (
                  <option key={m} value={m} selected={data.settings.registration === m}>
                    {m}
                  </option>
                ))}
              </select>
            </label>
            <p class="muted">
              open: anyone who reaches the server may make an account; invite: only with a code from you; closed: nobody
              new.
            </p>
            <label class="check">
              <input
                type="checkbox"
                checked={data.settings.online_lookup}
                onChange={(e) => setting({ online_lookup: (e.target as HTMLInputElement).checked })}
              />
              Online barcode lookup
            </label>
            <p class="muted">
              When on, a barcode nobody here knows may be looked up at Open Food Facts (the barcode leaves this server;
              the answer is kept). Off, nothing leaves.
            </p>
          </section>
          <section aria-labelledby="accounts-title">
            <h2 id="accounts-title">Accounts</h2>
            <div class="table-scroll" tabIndex={0} role="region" aria-label="Accounts table (scrolls sideways)">
              <table class="accounts" aria-labelledby="accounts-title">
                <thead>
                  <tr>
                    <th scope="col">Account</th>
                    <th scope="col">Role</th>
                    <th scope="col">Actions</th>
                  </tr>
                </thead>
                <tbody>
                  {data.users.map((u) => {
                    const me = u.id === app.user.id;
                    return (
                      <tr key={u.id}>
                        <th scope="row">
                          {u.name}
                          <span class="muted"> {u.email}</span>
                          <span class="muted">
                            last seen {day(u.last_seen_at)} · {u.meal_count} {u.meal_count === 1 ? "meal" : "meals"}
                          </span>
                          {u.disabled && <span class="warn"> (disabled)</span>}
                        </th>
                        <td>{u.role}</td>
                        <td class="actions-cell">
                          <div class="row-actions">
                            {me ? (
                              <span class="muted">you</span>
                            ) : confirm === u.id ? (
                              <>
                                <button
                                  type="button"
                                  class="danger"
                                  onClick={() =>
                                    void run("DELETE", `/admin/users/${u.id}`).then(() => setConfirm(null))
                                  }
                                >
                                  Delete {u.email} and all their data
                                </button>
                                <button type="button" onClick={() => setConfirm(null)}>
                                  Keep
                                </button>
                              </>
                            ) : (
                              <>
                                <button
                                  type="button"
                                  onClick={() => void run("PATCH", `/admin/users/${u.id}`, { disabled: !u.disabled })}
                                >
                                  {u.disabled ? "Enable" : "Disable"}
                                </button>
                                <button
                                  type="button"
                                  onClick={() =>
                                    void run("PATCH", `/admin/users/${u.id}`, {
                                      role: u.role === "admin" ? "user" : "admin",
                                    })
                                  }
                                >
                                  {u.role === "admin" ? "Make user" : "Make admin"}
                                </button>
                                <button
                                  type="button"
                                  onClick={() =>
                                    void run("POST", `/admin/users/${u.id}/password-reset`, {}, (r) =>
                                      setShown(
                                        `Password reset code for ${u.email}, shown this once (valid 24 hours): ${(r as { code: string }).code}`,
                                      ),
                                    )
                                  }
                                >
                                  Reset code
                                </button>
                                <button type="button" onClick={() => setConfirm(u.id)}>
                                  Delete
                                </button>
                              </>
                            )}
                          </div>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          </section>
          <section aria-labelledby="invites-title">
            <h2 id="invites-title">Invites</h2>
            <form onSubmit={invite} aria-label="New invite">
              <label>
                Invite note
                <input name="note" autocomplete="off" placeholder="Who it is for" />
              </label>
              <button type="submit">Create invite</button>
            </form>
            {data.invites.length === 0 && <p class="muted">No invites.</p>}
            <ul class="meals" aria-label="Invites">
              {data.invites.map((i) => (
                <li key={i.id}>
                  <span class="meal-main">
                    <span class="name">{i.note ?? "Invite"}</span>
                    <span class="muted">
                      {i.used_at
                        ? `used ${day(i.used_at)}`
                        : `made ${day(i.created_at)} · expires ${day(i.expires_at)}`}
                    </span>
                  </span>
                  {!i.used_at && (
                    <button type="button" onClick={() => void run("DELETE", `/admin/invites/${i.id}`)}>
                      Withdraw
                    </button>
                  )}
                </li>
              ))}
            </ul>
          </section>
        </>
      )}
    </main>
  );
}
