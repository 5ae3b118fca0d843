/**
 * Goals (queued like every change), your account (account.tsx: name, email, weight unit, password), time zone,
 * export (JSON and CSV), import (import.tsx), sessions and access tokens, sign out, delete account.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import { deleteMe, exportFile, updateMe } from "../account";
import { currentSession, message, setSession } from "../api";
import type { GoalsRecord } from "../goals";
import { getMeta } from "../store";
import { ErrorText, PASSWORD_ROLE, useApp } from "../ui";
import { SessionsRegion, TokensRegion } from "./access";
import { SecurityRegion } from "./security";
import { AccountForm, PasswordRegion, WeightUnitField } from "./account";
import { RegionField } from "./region-field";
import { GoalsForm } from "./goals-form";
import { ImportRegion } from "./import";
import { lazyView } from "./lazy";

/** Profile and Targets (with the DRI tables): their own chunk. */
const NutritionSettings = lazyView<{ onSaved: (note: string) => void }>(() =>
  import("./nutrition-settings").then((m) => m.NutritionSettings),
);
import { ActivitySettingsRegion } from "./activity-settings";
import { SettingsSections } from "./settings-sections";
import { TimeZonePicker } from "./timezone-picker";

export function SettingsView({ signOut }: { signOut: () => void }) {
  const app = useApp();
  const [goals, setGoals] = useState<GoalsRecord | null | undefined>(undefined);
  const [note, setNote] = useState<string | null>(null);
  const [goalsNote, setGoalsNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    getMeta<{ goals: GoalsRecord | null }>(app.db, "goals").then((g) => setGoals(g?.goals ?? null));
  }, [app.version]);

  async function saveZone(e: Event) {
    e.preventDefault();
    const tz = String(new FormData(e.currentTarget as HTMLFormElement).get("timezone"));
    try {
      const user = await updateMe({ timezone: tz });
      setSession({ ...currentSession()!, user });
      setNote("Time zone saved.");
    } catch (err) {
      setError(message(err));
    }
  }

  async function exportData(format: "json" | "csv") {
    setError(null);
    try {
      const blob = await exportFile(format);
      const a = document.createElement("a");
      a.href = URL.createObjectURL(blob);
      a.download = `morsel-export.${format}`;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
    } catch (err) {
      setError(message(err));
    }
  }

  async function deleteAccount(e: Event) {
    e.preventDefault();
    const password = String(new FormData(e.currentTarget as HTMLFormElement).get("password"));
    if (!confirm("Delete your account and everything in it? This cannot be undone.")) return;
    try {
      await deleteMe(password);
      await indexedDB.deleteDatabase(`morsel-${app.user.id}`);
      setSession(null);
    } catch (err) {
      setError(message(err));
    }
  }

  const zones = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [app.user.timezone];
  if (!zones.includes(app.user.timezone)) zones.unshift(app.user.timezone);

  return (
    <main class="settings">
      <h1>Settings</h1>
      <p class="muted">
        Signed in as {app.user.name} ({app.user.email})
      </p>
      <SettingsSections />
      {note && (
        <p class="notice" aria-live="polite">
          {note}
        </p>
      )}
      <ErrorText error={error} />
      {goals !== undefined && <GoalsForm key={JSON.stringify(goals)} record={goals} onSaved={setGoalsNote} />}
      {/* said below the form, where the person pressed Save goals (at the top it was off-screen on a phone) */}
      {goalsNote && <SavedNote text={goalsNote} />}
      <NutritionSettings onSaved={setNote} />
      <WeightUnitField />
      <RegionField />
      <ActivitySettingsRegion />
      <form onSubmit={saveZone} aria-labelledby="tz-title">
        <h2 id="tz-title">Time zone</h2>
        <TimeZonePicker key={app.user.timezone} zones={zones} value={app.user.timezone} />
        <button type="submit">Save time zone</button>
      </form>
      <section aria-labelledby="export-title">
        <h2 id="export-title">Your data</h2>
        <p class="muted">Everything you own, as JSON (to import into another Morsel) or as CSV (one row per meal).</p>
        <div class="actions">
          <button type="button" onClick={() => void exportData("json")}>
            Export data
          </button>
          <button type="button" onClick={() => void exportData("csv")}>
            Export CSV
          </button>
        </div>
      </section>
      <ImportRegion />
      <AccountForm />
      <PasswordRegion />
      <SecurityRegion />
      <SessionsRegion signOut={signOut} />
      <div class="actions">
        <button type="button" onClick={signOut}>
          Sign out
        </button>
      </div>
      <TokensRegion />
      <form onSubmit={deleteAccount} aria-labelledby="delete-title" class="danger">
        <h2 id="delete-title">Delete account</h2>
        <label>
          Your password
          <input name="password" type="password" {...PASSWORD_ROLE} autocomplete="current-password" required />
        </label>
        <button type="submit">Delete account</button>
      </form>
    </main>
  );
}

/** A confirmation shown where it was earned, scrolled into view when the form's re-render moved it off-screen. */
function SavedNote({ text }: { text: string }) {
  const el = useRef<HTMLParagraphElement>(null);
  useEffect(() => el.current?.scrollIntoView({ block: "nearest" }), [text]);
  return (
    <p class="notice saved" aria-live="polite" ref={el}>
      {text}
    </p>
  );
}
