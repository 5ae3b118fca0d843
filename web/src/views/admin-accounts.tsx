import { useState } from "preact/hooks";
import { deleteAccount, issueResetCode, updateAccount } from "../admin";
import { day, type Account, type Run } from "./admin-data";

/** What a row's buttons do: an admin call, a confirmation asked or put away, a code shown once. */
interface Acts {
  run: Run;
  setConfirm: (id: number | null) => void;
  setShown: (text: string) => void;
}

/** The accounts: disable, enable, role, reset code, delete (asked twice); the admin's own row has none. */
export function Accounts({
  users,
  me,
  run,
  setShown,
}: {
  users: Account[];
  /** The signed-in admin's id. */
  me: number;
  run: Run;
  setShown: (text: string) => void;
}) {
  const [confirm, setConfirm] = useState<number | null>(null);
  const act: Acts = { run, setConfirm, setShown };
  return (
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
            {users.map((u) => (
              <AccountRow key={u.id} u={u} me={u.id === me} confirm={confirm === u.id} {...act} />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function AccountRow({
  u,
  me,
  confirm,
  run,
  setConfirm,
  setShown,
}: { u: Account; me: boolean; confirm: boolean } & Acts) {
  return (
    <tr>
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
          ) : confirm ? (
            <>
              <button
                type="button"
                class="danger"
                onClick={() => void run(() => deleteAccount(u.id)).then(() => setConfirm(null))}
              >
                Delete {u.email} and all their data
              </button>
              <button type="button" onClick={() => setConfirm(null)}>
                Keep
              </button>
            </>
          ) : (
            <>
              <button type="button" onClick={() => void run(() => updateAccount(u.id, { disabled: !u.disabled }))}>
                {u.disabled ? "Enable" : "Disable"}
              </button>
              <button
                type="button"
                onClick={() => void run(() => updateAccount(u.id, { role: u.role === "admin" ? "user" : "admin" }))}
              >
                {u.role === "admin" ? "Make user" : "Make admin"}
              </button>
              <button
                type="button"
                onClick={() =>
                  void run(
                    () => issueResetCode(u.id),
                    (r) => setShown(`Password reset code for ${u.email}, shown this once (valid 24 hours): ${r.code}`),
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
}
