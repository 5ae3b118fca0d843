/**
 * Admin (shown to admins only; API.md §Admin): the server's settings (registration mode, the online
 * barcode lookup), the accounts (disable, enable, role, reset code, delete) and invites (made with
 * the code shown once, withdrawn). All of it lives on the server, so offline the view says so.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import { fetchAdmin, updateServerSettings } from "../admin";
import { isOffline, message } from "../api";
import { ErrorText, showAndFocus, useApp } from "../ui";
import { Accounts } from "./admin-accounts";
import type { Account, Invite, Run, Settings } from "./admin-data";
import { Invites } from "./admin-invites";
import { ServerSettings } from "./admin-server";

/** What the Admin view loads: three API answers side by side (this view's own grouping). */
interface Data {
  settings: Settings;
  users: Account[];
  invites: Invite[];
}

export function AdminView() {
  const app = useApp();
  const [data, setData] = useState<Data | null>(null);
  // what a read found wrong (cleared by the next good read) and what the last action found wrong
  // (cleared by the next action): the read that follows a refused action must not wipe its reason
  const [readError, setReadError] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [shown, setShown] = useState<string | null>(null);
  const [n, setN] = useState(0);
  // a read started before a change is stale when it lands: only the latest read is shown
  const seq = useRef(0);

  useEffect(() => {
    const mine = ++seq.current;
    fetchAdmin().then(
      (read) => mine === seq.current && (setData(read), setReadError(null)),
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
    void run(() => updateServerSettings(patch));
  }

  /** One admin call; then everything is read again. */
  const run: Run = async (call, after) => {
    seq.current++;
    setActionError(null);
    try {
      const r = await call();
      after?.(r);
    } catch (e) {
      setActionError(isOffline(e) ? "The server cannot be reached now; nothing was changed." : message(e));
    }
    setN((x) => x + 1);
  };

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
          <ServerSettings settings={data.settings} setting={setting} />
          <Accounts users={data.users} me={app.user.id} run={run} setShown={setShown} />
          <Invites invites={data.invites} run={run} setShown={setShown} />
        </>
      )}
    </main>
  );
}
