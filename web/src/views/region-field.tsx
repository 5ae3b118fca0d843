/**
 * Settings → Region (PATCH /me `region`): the country whose pints, cups and tablespoons amounts are read in,
 * and whose food words are read first ("chips"; API.md §Foods, Measures and words by region).
 */
import { useState } from "preact/hooks";
import { updateMe } from "../account";
import { currentSession, setSession } from "../api";
import { ErrorText, useApp } from "../ui";
import { accountError } from "./account";

/** The countries offered first; the account's own, if another, is offered too. */
const REGIONS = ["AU", "CA", "IE", "IN", "NZ", "ZA", "GB", "US"];
const names = new Intl.DisplayNames(["en"], { type: "region" });

export function RegionField() {
  const app = useApp();
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const region = app.user.region ?? "US";
  const offered = REGIONS.includes(region) ? REGIONS : [...REGIONS, region];

  async function change(value: string) {
    setNote(null);
    setError(null);
    try {
      const user = await updateMe({ region: value });
      setSession({ ...currentSession()!, user });
      setNote(`Amounts are read as in ${names.of(value) ?? value} now.`);
    } catch (err) {
      setError(accountError(err));
    }
  }

  return (
    <div>
      <label>
        Region
        <select name="region" onChange={(e) => void change((e.currentTarget as HTMLSelectElement).value)}>
          {offered.map((code) => (
            <option key={code} value={code} selected={code === region}>
              {names.of(code) ?? code}
            </option>
          ))}
        </select>
      </label>
      <p class="muted">Decides what a pint, a cup and a tablespoon hold, and words such as “chips”.</p>
      <ErrorText error={error} />
      {note && (
        <p class="notice" aria-live="polite">
          {note}
        </p>
      )}
    </div>
  );
}
