/**
 * One day: totals against the goals, the meals by meal type (each with Add food, Quick add and Copy
 * from yesterday), the day's nutrients, `Day complete` (the day's log is whole: the expenditure estimate
 * then trusts it; saved here first and synced, as weigh-ins are), and one Log food button that is always
 * in reach.
 */
import { useEffect, useState } from "preact/hooks";
import { useAction } from "../action";
import { getMeta, mealsOn, MEAL_TYPES, type Meal, type MealType } from "../store";
import { goalsFor, netCarbsOn, type GoalsRecord } from "../goals";
import { addDays, dateIn, dayTitle, grams, kcal, MEAL_LABEL, mealForNow, mealName, useApp, useData } from "../ui";
import { QuickAddForm } from "./quick-add";
import { Nutrients, sum, Totals } from "./totals";

export { sum };

export function DayView({ date }: { date: string | null }) {
  const app = useApp();
  const today = dateIn(app.user.timezone);
  const day = date ?? today;
  const data = useData(async () => {
    const meals = (await mealsOn(app.db, day)).sort(
      (a, b) => a.eaten_at.localeCompare(b.eaten_at) || a.id.localeCompare(b.id),
    );
    const before = await mealsOn(app.db, addDays(day, -1));
    const record = (await getMeta<{ goals: GoalsRecord | null }>(app.db, "goals"))?.goals ?? null;
    const goals = goalsFor(record, day);
    const netCarbs = netCarbsOn(record, day);
    const mark = (await app.db.get("days", day)) ?? null;
    return { meals, before, goals, mark, netCarbs };
  }, [day]);
  const meals = data?.meals ?? [];
  // the tick shows at once, before the local write and the re-read come back (a controlled box snapped back)
  const stored = data?.mark?.complete === true;
  const [ticked, setTicked] = useState<boolean | null>(null);
  useEffect(() => setTicked(null), [stored, day]);
  const goTo = (d: string) => app.go(d === today ? "#/" : `#/day/${d}`);

  return (
    <main class="day">
      <header class="day-head">
        <button type="button" class="icon" aria-label="Previous day" onClick={() => goTo(addDays(day, -1))}>
          ‹
        </button>
        <h1>{dayTitle(day, today)}</h1>
        <button type="button" class="icon" aria-label="Next day" onClick={() => goTo(addDays(day, 1))}>
          ›
        </button>
      </header>
      <Totals totals={sum(meals)} goals={data?.goals ?? null} netCarbs={data?.netCarbs} />
      {MEAL_TYPES.map((type) => (
        <MealGroup
          key={type}
          type={type}
          day={day}
          today={today}
          list={meals.filter((m) => m.meal_type === type)}
          yesterday={(data?.before ?? []).filter((m) => m.meal_type === type)}
        />
      ))}
      <Nutrients meals={meals} date={day} />
      <label class="day-complete">
        <input
          type="checkbox"
          checked={ticked ?? stored}
          aria-describedby="day-complete-note"
          onChange={(e) => {
            const v = (e.target as HTMLInputElement).checked;
            setTicked(v);
            void app.local.markDay(day, v);
          }}
        />
        Day complete
      </label>
      <p id="day-complete-note" class="muted">
        Every meal of this day is logged. The expenditure estimate then uses it; once you mark days, it uses only those.
      </p>
      <button type="button" class="primary fab" onClick={() => app.go(`#/add/${mealForNow(app.user.timezone)}/${day}`)}>
        Log food
      </button>
    </main>
  );
}

function MealGroup({
  type,
  day,
  today,
  list,
  yesterday,
}: {
  type: MealType;
  day: string;
  today: string;
  list: Meal[];
  yesterday: Meal[];
}) {
  const app = useApp();
  const [quick, setQuick] = useState(false);
  const group = sum(list);
  const id = `group-${type}`;

  async function remove(meal: Meal) {
    await app.local.deleteMeal(meal);
    app.toast({
      text: `Deleted ${mealName(meal)}.`,
      action: { label: "Undo", run: () => void app.local.restoreMeal(meal) },
    });
  }

  // one tap, one copy (a double tap copied the meal twice), undone like any other write
  const [copy, copying] = useAction(async () => {
    if (!yesterday.length) {
      app.toast({ text: `Nothing in ${MEAL_LABEL[type]} the day before.` });
      return;
    }
    const copied = [...yesterday].sort((a, b) => a.eaten_at.localeCompare(b.eaten_at));
    const copies = await app.local.copyMeals(copied, day);
    app.toast({
      text: `Copied ${copies.length} ${copies.length === 1 ? "entry" : "entries"} to ${MEAL_LABEL[type]}.`,
      action: { label: "Undo", run: () => void app.local.deleteCopies(copies) },
    });
  });

  return (
    <section class="group" aria-labelledby={id}>
      <div class="group-head">
        <h2 id={id}>{MEAL_LABEL[type]}</h2>
        <span class="muted">
          {kcal(group.energy_kcal)} kcal · P {grams(group.protein_g)} · F {grams(group.fat_g)} · C{" "}
          {grams(group.carbohydrate_g)}
        </span>
      </div>
      {list.length > 0 && (
        <ul class="meals">
          {list.map((m) => (
            <li key={m.id}>
              <a class="meal-main" href={`#/edit/${m.id}`}>
                <span class="name">{mealName(m)}</span>
                <span class="muted">
                  {m.food ? (m.portion ? `${m.quantity} × ${m.portion.name}` : `${m.quantity} g`) : "quick add"} · P{" "}
                  {grams(m.nutrients.protein_g)} · F {grams(m.nutrients.fat_g)} · C {grams(m.nutrients.carbohydrate_g)}
                  {m.note ? ` · ${m.note}` : ""}
                  {m.version === null ? " · not sent yet" : ""}
                </span>
              </a>
              <span class="kcal">{kcal(m.nutrients.energy_kcal)} kcal</span>
              <button
                type="button"
                aria-label="Edit"
                title={`Edit ${mealName(m)}`}
                onClick={() => app.go(`#/edit/${m.id}`)}
              >
                Edit
              </button>
              <button type="button" aria-label="Delete" title={`Delete ${mealName(m)}`} onClick={() => void remove(m)}>
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
      {quick && (
        <QuickAddForm
          submitLabel="Add"
          onCancel={() => setQuick(false)}
          onSubmit={async (v) => {
            await app.local.quickAdd({ ...v, mealType: type, date: day, today: day === today });
            setQuick(false);
          }}
        />
      )}
      {!quick && ( // while the form is open its Add is the one button here that adds
        <div class="group-actions">
          <button type="button" class="add" onClick={() => app.go(`#/add/${type}/${day}`)}>
            Add food
          </button>
          <button type="button" onClick={() => setQuick(true)}>
            Quick add
          </button>
          <button type="button" disabled={copying} onClick={() => void copy()}>
            Copy from yesterday
          </button>
        </div>
      )}
    </section>
  );
}
