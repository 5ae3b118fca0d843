import type { Settings } from "./admin-data";

/** This server's settings: who may register, and whether a barcode may be looked up online. */
export function ServerSettings({
  settings,
  setting,
}: {
  settings: Settings;
  /** A setting shown as changed at once, then sent. */
  setting: (patch: Partial<Settings>) => void;
}) {
  return (
    <section aria-labelledby="server-title">
      <h2 id="server-title">This server</h2>
      <label>
        Registration
        <select
          onChange={(e) => setting({ registration: (e.target as HTMLSelectElement).value as Settings["registration"] })}
        >
          {(["open", "invite", "closed"] as const).map((m) => (
            <option key={m} value={m} selected={settings.registration === m}>
              {m}
            </option>
          ))}
        </select>
      </label>
      <p class="muted">
        open: anyone who reaches the server may make an account; invite: only with a code from you; closed: nobody new.
      </p>
      <label class="check">
        <input
          type="checkbox"
          checked={settings.online_lookup}
          onChange={(e) => setting({ online_lookup: (e.target as HTMLInputElement).checked })}
        />
        Online barcode lookup
      </label>
      <p class="muted">
        When on, a barcode nobody here knows may be looked up at Open Food Facts (the barcode leaves this server; the
        answer is kept). Off, nothing leaves.
      </p>
    </section>
  );
}
