/**
 * The day view's repeat tools: one line per logged entry (short name, serving, kcal; Edit, Delete, Copy,
 * Move), and per meal region `Save as meal` and `Copy to…`, and `Copy to…` for the whole day. Copies made
 * by a region or the day have ids derived from what they copy (repeats.ts), so a second press adds nothing.
 */
import { countOf, gramWords } from "../amount-words";
import { useState } from "preact/hooks";
import { useSubmit } from "../action";
import { CopyForm } from "./copy-form";
import { EntryButton } from "./entry-icons";
import { message } from "../api";
import { askOffline } from "../offline-search";
import { regionalName } from "../../../src/features/foods/region";
import { copyMeals, entryOf, moveMeal, saveMeal } from "../repeats";
import type { Meal, MealType, Store } from "../store";
import { addDays, dateIn, ErrorText, kcal, MEAL_LABEL, mealName, sayDay, useApp, useData } from "../ui";

/** The short name of each food on the day: kept with the meal or the food here, else the catalogue copy's. */
export function useShortNames(meals: Meal[]): Map<number, string> {
  const app = useApp();
  const ids = [...new Set(meals.flatMap((m) => (m.food && !m.food.short_name ? [m.food.id] : [])))];
  return useData(() => shortNames(app.db, ids), [ids.join(",")]) ?? new Map();
}

async function shortNames(db: Store, ids: number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  const missing: number[] = [];
  for (const id of ids) {
    const f = await db.get("foods", id);
    if (f?.short_name) out.set(id, f.short_name);
    else if (!f?.custom && id > 0) missing.push(id);
  }
  if (missing.length) {
    try {
      for (const [id, s] of await askOffline({ kind: "short-names", ids: missing })) out.set(id, s);
    } catch {} // no catalogue copy: the full names stay
  }
  return out;
}

/**
 * As people say it: "2 cookies", "1 medium (7" to 7-7/8" long)", "237 g", "quick add" (amount-words.ts); an amount
 * logged by a regional measure as it was said, the grams after it ("1 pint (568 ml) · 571 g").
 */
export const servingText = (m: Meal) =>
  !m.food
    ? "quick add"
    : m.measure
      ? `${m.measure} · ${gramWords(m.grams)} g`
      : m.portion
        ? countOf(m.quantity, m.portion.name)
        : `${gramWords(m.quantity)} g`;

/** `shown`: the entry's name as its row shows it ("Crisps, salted"), for the form's title. */
type Open = { kind: "copy" | "move"; meal: Meal; shown?: string } | null;

/** One logged entry on one line; Copy and Move open a form below the list (CopyForm). */
export function EntryRow({
  meal,
  short,
  onRemove,
  onOpen,
}: {
  meal: Meal;
  short: string | undefined;
  onRemove: () => void;
  onOpen: (o: Open) => void;
}) {
  const app = useApp();
  const name = mealName(meal);
  const shown = regionalName(meal.food?.short_name ?? short ?? name, app.user.region);
  // two short lines on a phone (the name and kcal; the serving and the four buttons), one line on a wide screen
  return (
    <li class="entry">
      <div class="entry-top">
        <a class="meal-main" href={`#/edit/${meal.id}`} title={name}>
          {shown === name ? (
            <span class="name">{name}</span>
          ) : (
            <>
              <span class="name" aria-hidden="true">
                {shown}
              </span>
              <span class="sr">{name}</span>
            </>
          )}
        </a>
        <span class="kcal">{kcal(meal.nutrients.energy_kcal)} kcal</span>
      </div>
      <div class="entry-bottom">
        <span class="muted serving" title={servingText(meal)}>
          {servingText(meal)}
          {meal.note ? ` · ${meal.note}` : ""}
          {meal.version === null ? " · not sent yet" : ""}
        </span>
        {/* Copy and Move stay in the row on a phone too: WEBAPP.md has each logged meal offer them */}
        <span class="entry-btns">
          <EntryButton act="Edit" title={`Edit ${name}`} onClick={() => app.go(`#/edit/${meal.id}`)} />
          <EntryButton act="Delete" title={`Delete ${name}`} onClick={onRemove} />
          <EntryButton act="Copy" title={`Copy ${name}`} onClick={() => onOpen({ kind: "copy", meal, shown })} />
          <EntryButton act="Move" title={`Move ${name}`} onClick={() => onOpen({ kind: "move", meal, shown })} />
        </span>
      </div>
    </li>
  );
}

/** `Copy` or `Move` of one entry, below its region's list. */
export function EntryForm({ open, onDone }: { open: NonNullable<Open>; onDone: () => void }) {
  const app = useApp();
  const { meal } = open;
  const name = mealName(meal);
  const verb = open.kind === "copy" ? "Copy" : "Move";
  return (
    <CopyForm
      label={`${verb} ${name}`}
      title={`${verb} ${open.shown ?? name}`}
      verb={open.kind === "copy" ? "Copy" : "Move"}
      date={meal.date /* the day shown: the person picks the meal (a next-day default copied to the wrong day) */}
      meal={meal.meal_type}
      onDone={onDone}
      run={async (to) => {
        const where = `${MEAL_LABEL[to.meal!] ?? to.meal}, ${sayDay(to.date, dateIn(app.user.timezone))}`;
        if (open.kind === "move") {
          await moveMeal(app.sync, meal, { date: to.date, mealType: to.meal! });
          app.toast({
            text: `Moved ${name} to ${where}.`,
            action: {
              label: "Undo",
              run: () =>
                void app.db
                  .get("meals", meal.id)
                  .then((now) =>
                    now ? moveMeal(app.sync, now, { date: meal.date, mealType: meal.meal_type }) : undefined,
                  ),
            },
          });
        } else {
          const { copies } = await copyMeals(app.sync, [meal], to.date, { toMeal: to.meal!, stable: false });
          app.toast({
            text: `Copied ${name} to ${where}.`,
            action: { label: "Undo", run: () => void app.local.deleteCopies(copies) },
          });
        }
      }}
    />
  );
}

/** Copies `meals` (stable ids) and says what happened; a repeat says it was already done. */
export async function copyAndTell(
  app: ReturnType<typeof useApp>,
  meals: Meal[],
  to: { date: string; meal?: MealType },
  where: string,
): Promise<void> {
  const sorted = [...meals].sort((a, b) => a.eaten_at.localeCompare(b.eaten_at));
  const { copies, already } = await copyMeals(app.sync, sorted, to.date, { toMeal: to.meal, stable: true });
  const n = (k: number) => `${k} ${k === 1 ? "entry" : "entries"}`;
  if (!copies.length) {
    app.toast({ text: already ? `Already copied: ${n(already)} in ${where}.` : "Nothing to copy." });
    return;
  }
  app.toast({
    text: `Copied ${n(copies.length)} to ${where}.${already ? ` ${n(already)} were there already.` : ""}`,
    action: { label: "Undo", run: () => void app.local.deleteCopies(copies) },
  });
}

/** Where a meal's or the day's `Copy to…` starts: today when another day is shown, else tomorrow. */
export const copyTarget = (day: string, today: string) => (day === today ? addDays(today, 1) : today);

/** `Save as meal` and `Copy to…` of one meal region. */
export function RegionTools({ type, day, list }: { type: MealType; day: string; list: Meal[] }) {
  const app = useApp();
  const [open, setOpen] = useState<"save" | "copy" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [save, saving] = useSubmit(async (form) => {
    const name = String(new FormData(form).get("name") ?? "").trim();
    if (!name) return setError("Give the meal a name.");
    try {
      const sorted = [...list].sort((a, b) => a.eaten_at.localeCompare(b.eaten_at));
      await saveMeal(app.sync, null, name, sorted.map(entryOf));
      setOpen(null);
      app.toast({ text: `Saved “${name}”: find it under My meals in Add food.` });
    } catch (e) {
      setError(message(e));
    }
  });
  if (!list.length) return null;
  return (
    <>
      <div class="group-actions more-actions">
        <button type="button" aria-expanded={open === "save"} onClick={() => setOpen(open === "save" ? null : "save")}>
          Save as meal
        </button>
        <button type="button" aria-expanded={open === "copy"} onClick={() => setOpen(open === "copy" ? null : "copy")}>
          Copy to…
        </button>
      </div>
      {open === "save" && (
        <form class="copy-form" aria-label={`Save ${MEAL_LABEL[type]} as a meal`} onSubmit={save}>
          <label>
            Meal name
            <input type="text" name="name" maxLength={100} required />
          </label>
          <ErrorText error={error} focus={!!error} />
          <div class="actions">
            <button type="submit" class="primary" disabled={saving}>
              Save
            </button>
            <button type="button" onClick={() => setOpen(null)}>
              Cancel
            </button>
          </div>
        </form>
      )}
      {open === "copy" && (
        <CopyForm
          label={`Copy ${MEAL_LABEL[type]} to`}
          verb="Copy"
          date={copyTarget(day, dateIn(app.user.timezone))}
          meal={type}
          onDone={() => setOpen(null)}
          run={(to) =>
            copyAndTell(
              app,
              list,
              { date: to.date, meal: to.meal! },
              `${MEAL_LABEL[to.meal!] ?? to.meal}, ${sayDay(to.date, dateIn(app.user.timezone))}`,
            )
          }
        />
      )}
    </>
  );
}

/** `Copy to…` for the whole day: every entry onto the date picked, each under its own meal. */
export function DayCopy({ day, meals }: { day: string; meals: Meal[] }) {
  const app = useApp();
  const [open, setOpen] = useState(false);
  if (!meals.length) return null;
  return (
    <section class="day-copy" aria-label="Whole day">
      <button type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
        Copy to…
      </button>
      <span class="muted">
        {" "}
        the whole day ({meals.length} {meals.length === 1 ? "entry" : "entries"})
      </span>
      {open && (
        <CopyForm
          label="Copy the whole day to"
          verb="Copy"
          date={copyTarget(day, dateIn(app.user.timezone))}
          meal={null}
          onDone={() => setOpen(false)}
          run={(to) => copyAndTell(app, meals, { date: to.date }, sayDay(to.date, dateIn(app.user.timezone)))}
        />
      )}
    </section>
  );
}
