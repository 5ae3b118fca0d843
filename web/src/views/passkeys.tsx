/**
 * Settings → Security → Passkeys: add one (the browser asks the device: fingerprint, face, PIN or a
 * security key), and per passkey its name, when it was added and last used, Rename and Remove.
 */
import { useEffect, useState } from "preact/hooks";
import type { Schemas } from "../api-data";
import { listPasskeys, removePasskey, renamePasskey } from "../account";
import { isOffline, message } from "../api";
import { addPasskey } from "../passkeys";
import { ErrorText } from "../ui";

type Passkey = Schemas["Passkey"];
const OFFLINE = "This needs the server, which cannot be reached now.";
const day = (iso: string) => new Intl.DateTimeFormat("en-GB", { dateStyle: "medium" }).format(new Date(iso));

export function PasskeysPart() {
  const [items, setItems] = useState<Passkey[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [renaming, setRenaming] = useState<number | null>(null);
  const [n, setN] = useState(0);
  const fail = (e: unknown) => setError(isOffline(e) ? OFFLINE : message(e));
  useEffect(() => {
    listPasskeys().then((r) => setItems(r.items), fail);
  }, [n]);
  const reload = () => {
    setError(null);
    setN((x) => x + 1);
  };

  async function add() {
    setBusy(true);
    setError(null);
    try {
      await addPasskey();
      reload();
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  }
  async function remove(p: Passkey) {
    try {
      await removePasskey(p.id);
      reload();
    } catch (e) {
      fail(e);
    }
  }
  async function rename(e: Event, p: Passkey) {
    e.preventDefault();
    const name = String(new FormData(e.currentTarget as HTMLFormElement).get("name")).trim();
    try {
      await renamePasskey(p.id, name);
      setRenaming(null);
      reload();
    } catch (err) {
      fail(err);
    }
  }

  return (
    <>
      <h3>Passkeys</h3>
      <p class="muted">
        A passkey signs you in with this device's fingerprint, face or PIN (or a security key), without your password;
        after your password, it can stand in for the authenticator app's code.
      </p>
      <ErrorText error={error} focus={false} />
      {items && items.length > 0 && (
        <ul class="meals" aria-label="Passkeys">
          {items.map((p) => (
            <li key={p.id}>
              {renaming === p.id ? (
                <form onSubmit={(e) => void rename(e, p)} aria-label="Rename passkey" class="meal-main">
                  <label>
                    Passkey name
                    <input name="name" defaultValue={p.name} required maxLength={100} autoFocus />
                  </label>
                  <button type="submit">Save</button>
                </form>
              ) : (
                <span class="meal-main">
                  <span class="name">{p.name}</span>
                  <span class="muted">
                    added {day(p.created_at)} · {p.last_used_at ? `last used ${day(p.last_used_at)}` : "not used yet"}
                  </span>
                </span>
              )}
              {renaming !== p.id && (
                <button type="button" onClick={() => setRenaming(p.id)} title={`Rename ${p.name}`}>
                  Rename
                </button>
              )}
              <button type="button" onClick={() => void remove(p)} title={`Remove ${p.name}`}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {items && items.length === 0 && <p class="muted">No passkeys yet.</p>}
      <button type="button" onClick={() => void add()} disabled={busy}>
        Add a passkey
      </button>
    </>
  );
}
