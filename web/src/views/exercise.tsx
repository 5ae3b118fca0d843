/**
 * The day's Exercise region: what was done, its kcal, and `Add exercise`: search the activity catalogue (bundled,
 * so it works offline), the minutes, and `Calories burned (kcal)`, computed from the latest weigh-in as the server
 * computes it (MET × kg × h) until the person types their own (a watch's figure).
 */
import { useEffect, useState } from "preact/hooks";
import { activityByCode, searchActivities, type Activity } from "../../../src/features/activities/catalogue";
import { MAX_KCAL } from "../../../src/features/exercises/kcal";
import { useAction, useSubmit } from "../action";
import { deleteExercise, kcalFor, logExercise, updateExercise, weightOn, type ExerciseRec } from "../activity";
import { NumberInput, notANumber, parseDecimal } from "../number-input";
import { ErrorText, kcal, useApp } from "../ui";
import { FormActions } from "./logform";

export function ExerciseRegion({ day, exercises, total }: { day: string; exercises: ExerciseRec[]; total: number }) {
  const app = useApp();
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState<ExerciseRec | null>(null);
  const [remove] = useAction(async (e: ExerciseRec) => {
    await deleteExercise(app.sync, e);
    app.toast({ text: `Deleted ${e.name}.` });
  });
  return (
    <section class="group exercise" aria-labelledby="exercise-title">
      <div class="group-head">
        <h2 id="exercise-title">Exercise</h2>
        <span class="muted">{kcal(total)} kcal burned</span>
      </div>
      {exercises.length > 0 && (
        <ul class="meals">
          {exercises.map((e) => (
            <li key={e.id}>
              <span class="meal-main">
                <span class="name">{e.name}</span>
                <span class="muted">
                  {e.minutes} min{e.kcal_from === "computed" ? "" : " · your figure"}
                  {e.version === null ? " · not sent yet" : ""}
                </span>
              </span>
              <span class="kcal">{kcal(e.kcal)} kcal</span>
              <button
                type="button"
                aria-label="Edit"
                title={`Edit ${e.name}`}
                onClick={() => {
                  setOpen(false);
                  setEditing(e);
                }}
              >
                Edit
              </button>
              <button type="button" aria-label="Delete" title={`Delete ${e.name}`} onClick={() => void remove(e)}>
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
      {editing ? (
        <ExerciseForm key={editing.id} day={day} editing={editing} onDone={() => setEditing(null)} />
      ) : open ? (
        <ExerciseForm day={day} onDone={() => setOpen(false)} />
      ) : (
        <div class="group-actions">
          <button type="button" class="add" onClick={() => setOpen(true)}>
            Add exercise
          </button>
        </div>
      )}
    </section>
  );
}

/** `Add exercise`'s form, or `Edit` of one logged (`editing`): the same fields, saved with `Save`. */
function ExerciseForm({ day, editing, onDone }: { day: string; editing?: ExerciseRec; onDone: () => void }) {
  const app = useApp();
  const [q, setQ] = useState(editing?.name ?? "");
  const [chosen, setChosen] = useState<Activity | null>(
    editing?.activity ? (activityByCode(editing.activity) ?? null) : null,
  );
  const [minutes, setMinutes] = useState(editing ? String(editing.minutes) : "30");
  const [typed, setTyped] = useState<string | null>(
    editing && editing.kcal_from !== "computed" ? String(editing.kcal) : null,
  );
  // the weigh-in is read once (and again after a sync); the kcal follows the minutes at once, in the same render:
  // computed in a later task, it landed in the field while a person's typing had selected it ("686400")
  const [kg, setKg] = useState<number | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const found = q.trim() && !chosen ? searchActivities(q, 6) : [];
  const mins = parseDecimal(minutes);
  const computed =
    kg === undefined
      ? editing?.kcal_from === "computed"
        ? editing.kcal
        : null
      : kcalFor(chosen?.code ?? null, mins !== null && Number.isFinite(mins) ? mins : 0, kg);

  useEffect(() => {
    let live = true;
    void weightOn(app.db, day).then((w) => live && setKg(w));
    return () => {
      live = false;
    };
  }, [day, app.version]);

  const [submit, busy] = useSubmit(async () => {
    if (mins === null || Number.isNaN(mins)) return setError(notANumber("Minutes", minutes));
    if (mins <= 0 || mins > 1440) return setError("Minutes: from 1 to 1440.");
    const own = typed === null ? null : parseDecimal(typed);
    if (own !== null && (Number.isNaN(own) || own < 0 || own > MAX_KCAL))
      return setError(`Calories burned (kcal): a number from 0 to ${MAX_KCAL}.`);
    const name = chosen?.name ?? q.trim();
    if (!name) return setError("Search for an activity, or type its name.");
    if (own === null && computed === null)
      return setError(
        chosen
          ? "Log your weight first (Weight), or type the calories burned: they are computed from your weight."
          : "Type the calories burned for an activity of your own.",
      );
    // the server refuses a computed figure over the cap a typed one has (checkComputedKcal): say so before it syncs
    if (own === null && computed !== null && computed > MAX_KCAL)
      return setError(
        `Calories burned: computed as ${computed}, over the ${MAX_KCAL} an exercise may have. Type the calories burned, or fewer minutes.`,
      );
    setError(null);
    if (editing) {
      await updateExercise(app.sync, editing, { code: chosen?.code ?? null, name, minutes: mins, kcal: own });
      app.toast({ text: `Saved ${name}.` });
    } else {
      await logExercise(app.sync, { code: chosen?.code ?? null, name, minutes: mins, date: day, kcal: own });
      app.toast({ text: `Logged ${name}.` });
    }
    onDone();
  });

  const shownKcal = typed ?? (computed === null ? "" : String(computed));
  return (
    <form
      class="exercise-form"
      onSubmit={submit}
      noValidate
      aria-label={editing ? `Edit ${editing.name}` : "Add exercise"}
    >
      <label>
        Activity
        <input
          type="search"
          aria-label="Search activities"
          placeholder="running 10 km/h, yoga, cycling…"
          value={chosen ? chosen.name : q}
          onInput={(e) => {
            setChosen(null);
            setQ((e.target as HTMLInputElement).value);
          }}
        />
      </label>
      {found.length > 0 && (
        <ul class="activity-results" aria-label="Activities">
          {found.map((a) => (
            <li key={a.code}>
              <button type="button" onClick={() => setChosen(a)}>
                {a.name} <span class="muted">MET {a.met}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div class="row quick">
        <label>
          Minutes
          <NumberInput name="minutes" value={minutes} onValue={setMinutes} />
        </label>
        <label>
          Calories burned (kcal)
          <NumberInput
            name="kcal"
            value={shownKcal}
            aria-describedby="kcal-note"
            onValue={(v) => setTyped(v.trim() === "" ? null : v)}
          />
        </label>
      </div>
      <p id="kcal-note" class="muted">
        {typed !== null
          ? "Your own figure."
          : computed !== null
            ? `Computed from your weight: MET ${chosen?.met} × kg × hours.`
            : "Computed from your weight once you pick an activity; or type your own."}
      </p>
      <ErrorText error={error} />
      <FormActions submitLabel={editing ? "Save" : "Log exercise"} disabled={busy} onCancel={onDone} />
    </form>
  );
}
