/** The form a repeat asks with: a `Date` and, for a meal or an entry, a `Meal`; then its one button. */
import { useState } from "preact/hooks";
import { useSubmit } from "../action";
import { message } from "../api";
import { MEAL_TYPES, type MealType } from "../store";
import { ErrorText, MEAL_LABEL, showAndFocus } from "../ui";

/**
 * Asks a `Date` (and a `Meal`, unless `meal` is null: the whole day keeps each entry's meal), then runs `run`.
 * `label` names the form; `verb` is its button. `title`, when given, is said visibly at its top and brought into
 * view with the focus: an entry's form opens below its meal's whole list, where a tap on the first entry's Move
 * showed nothing happening on a phone.
 */
export function CopyForm({
  label,
  title,
  verb,
  date,
  meal,
  onDone,
  run,
}: {
  label: string;
  title?: string;
  verb: string;
  date: string;
  meal: MealType | null;
  onDone: () => void;
  run: (to: { date: string; meal: MealType | null }) => Promise<void>;
}) {
  const [error, setError] = useState<string | null>(null);
  const [submit, busy] = useSubmit(async (form) => {
    const data = new FormData(form);
    const to = String(data.get("date") ?? "");
    if (!/^\d{4}-\d{2}-\d{2}$/.test(to)) return setError("Pick a date.");
    try {
      await run({ date: to, meal: meal === null ? null : (String(data.get("meal")) as MealType) });
      onDone();
    } catch (e) {
      setError(message(e));
    }
  });
  return (
    <form class="copy-form" aria-label={label} onSubmit={submit}>
      {title && (
        <p class="copy-what" tabIndex={-1} ref={showAndFocus}>
          <strong>{title}</strong>
        </p>
      )}
      <label>
        Date
        <input type="date" name="date" defaultValue={date} required />
      </label>
      {meal !== null && (
        <label>
          Meal
          <select name="meal">
            {MEAL_TYPES.map((t) => (
              <option key={t} value={t} selected={t === meal}>
                {MEAL_LABEL[t]}
              </option>
            ))}
          </select>
        </label>
      )}
      <ErrorText error={error} focus={!!error} />
      <div class="actions">
        <button type="submit" class="primary" disabled={busy}>
          {verb}
        </button>
        <button type="button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
