import { createInvite, withdrawInvite } from "../admin";
import { day, type Invite, type Run } from "./admin-data";

/** Invites: made with a note and the code shown once; withdrawn while unused. */
export function Invites({ invites, run, setShown }: { invites: Invite[]; run: Run; setShown: (text: string) => void }) {
  async function invite(e: Event) {
    e.preventDefault();
    const form = e.currentTarget as HTMLFormElement;
    const note = String(new FormData(form).get("note") ?? "").trim();
    await run(
      () => createInvite(note),
      (r) => {
        setShown(`Invite code${note ? ` for ${note}` : ""}, shown this once: ${r.code}`);
        form.reset();
      },
    );
  }
  return (
    <section aria-labelledby="invites-title">
      <h2 id="invites-title">Invites</h2>
      <form onSubmit={invite} aria-label="New invite">
        <label>
          Invite note
          <input name="note" autocomplete="off" placeholder="Who it is for" />
        </label>
        <button type="submit">Create invite</button>
      </form>
      {invites.length === 0 && <p class="muted">No invites.</p>}
      <ul class="meals" aria-label="Invites">
        {invites.map((i) => (
          <li key={i.id}>
            <span class="meal-main">
              <span class="name">{i.note ?? "Invite"}</span>
              <span class="muted">
                {i.used_at ? `used ${day(i.used_at)}` : `made ${day(i.created_at)} · expires ${day(i.expires_at)}`}
              </span>
            </span>
            {!i.used_at && (
              <button type="button" onClick={() => void run(() => withdrawInvite(i.id))}>
                Withdraw
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
