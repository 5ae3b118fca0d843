/**
 * One day: totals against the goals, the meals by meal type (each with Add food, Quick add and Copy
 * from yesterday), the day's nutrients, `Day complete` (the day's log is whole: the expenditure estimate
 * then trusts it; saved here first and synced, as weigh-ins are), and one Log food button that is always
 * in reach.
 */
import { DayName } from "./day-name";
import { useEffect, useState } from "preact/hooks";
import { useAction } from "../action";
import { copyAndTell, DayCopy, EntryForm, EntryRow, RegionTools, useShortNames } from "./meal-tools";
import { useReturnTo } from "./return-to";
import { getMeta, mealsOn, MEAL_TYPES, type Meal, type MealType } from "../store";
import { goalsFor, netCarbsOn, type GoalsRecord } from "../goals";
import { addDays, dateIn, grams, kcal, MEAL_LABEL, mealForNow, mealName, useApp, useData } from "../ui";
import { QuickAddForm } from "./quick-add";
import { Nutrients, sum, Totals } from "./totals";
import { dayActivity } from "../activity";
import { DayActivity } from "./day-activity";
import { lazyView } from "./lazy";

/** The goal step and the estimate's offer: seldom shown, so a chunk of their own. */
const DayGoal = lazyView<{ today: string }>(() => import("./day-goal").then((m) => m.DayGoal), null);

export { sum };

export function DayView({ date }: { date: string | null }) {
  const app = useApp();
  const today = dateIn(app.user.timezone);
  const day = date ?? today;
  const data = useData(async () => {
    const meals = (await mealsOn(app.db, day)).sort(
      (a, b) => a.eaten_at.localeCompare(b.eaten_at) || a.id.localeCompare(b.id),
    );
    const record = (await getMeta<{ goals: GoalsRecord | null }>(app.db, "goals"))?.goals ?? null;
    const goals = goalsFor(record, day);
    const netCarbs = netCarbsOn(record, day);
    const mark = (await app.db.get("days", day)) ?? null;
    const activity = await dayActivity(app.db, day);
    return { meals, goals, mark, activity, netCarbs };
  }, [day]);
  const meals = data?.meals ?? [];
  // the tick shows at once, before the local write and the re-read come back (a controlled box snapped back)
  const stored = data?.mark?.complete === true;
  const [ticked, setTicked] = useState<boolean | null>(null);
  useEffect(() => setTicked(null), [stored, day]);
  const goTo = (d: string) => app.go(d === today ? "#/" : `#/day/${d}`);
  const shorts = useShortNames(meals);
  useReturnTo(data !== undefined);

  return (
    <main class="day">
      <header class="day-head">
        <button type="button" class="icon" aria-label="Previous day" onClick={() => goTo(addDays(day, -1))}>
          ‹
        </button>
        <h1>
          <DayName date={day} today={today} />
        </h1>
        <button type="button" class="icon" aria-label="Next day" onClick={() => goTo(addDays(day, 1))}>
          ›
        </button>
        {/* in the day's header, which stays in reach (sticky on a phone): it never floats over a control */}
        <button
          type="button"
          class="primary log-food"
          onClick={() => app.go(`#/add/${mealForNow(app.user.timezone)}/${day}`)}
        >
          Log food
        </button>
      </header>
      {day === today && <DayGoal today={today} />}
      <Totals
        totals={sum(meals)}
        goals={data?.goals ?? null}
        netCarbs={data?.netCarbs}
        exercise={data?.activity.settings.exercise_in_budget ? data.activity.exerciseKcal : null}
        exerciseLeftOut={data && !data.activity.settings.exercise_in_budget ? data.activity.exerciseKcal : null}
      />
      {MEAL_TYPES.map((type) => (
        <MealGroup
          key={type}
          type={type}
          day={day}
          today={today}
          list={meals.filter((m) => m.meal_type === type)}
          shorts={shorts}
        />
      ))}
      <DayCopy day={day} meals={meals} />
      {data && <DayActivity day={day} activity={data.activity} />}
      <Nutrients meals={meals} date={day} />
      {/* a normal checkbox with its label beside it, in a card like the rest (it was a large box on its own) */}
      <div class="group day-complete">
        <label class="check">
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
          Every meal of this day is logged. The expenditure estimate then uses it; once you mark days, it uses only
          those.
        </p>
      </div>
    </main>
  );
}

function MealGroup({
  type,
  day,
  today,
  list,
  shorts,
}: {
  type: MealType;
  day: string;
  today: string;
  list: Meal[];
  shorts: Map<number, string>;
}) {
  const app = useApp();
  const [quick, setQuick] = useState(false);
  const [entry, setEntry] = useState<Parameters<typeof EntryForm>[0]["open"] | null>(null);
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
    // read at the press, not from the view (a tap before the view had read the day said "Nothing" wrongly)
    const before = (await mealsOn(app.db, addDays(day, -1))).filter((m) => m.meal_type === type);
    if (!before.length) {
      app.toast({ text: `Nothing in ${MEAL_LABEL[type]} the day before.` });
      return;
    }
    // the copies' ids come from the originals and this day: a second press finds them and adds nothing
    await copyAndTell(app, before, { date: day, meal: type }, MEAL_LABEL[type] ?? type);
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
            <EntryRow
              key={m.id}
              meal={m}
              short={m.food ? shorts.get(m.food.id) : undefined}
              onRemove={() => void remove(m)}
              onOpen={setEntry}
            />
          ))}
        </ul>
      )}
      {entry && <EntryForm key={`${entry.kind}${entry.meal.id}`} open={entry} onDone={() => setEntry(null)} />}
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
      <RegionTools type={type} day={day} list={list} />
    </section>
  );
}
