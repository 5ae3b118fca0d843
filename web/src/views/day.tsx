/** One day: totals against the goals, the meals by meal type, edit and delete (with undo). */
import { MEAL_NUTRIENT_KEYS } from "../../../src/db/nutrients";
import { getMeta, mealsOn, MEAL_TYPES, type Goals, type Meal } from "../store";
import { goalsFor, type GoalsRecord } from "../goals";
import { addDays, dateIn, dayTitle, grams, kcal, MEAL_LABEL, useApp, useData } from "../ui";

type Sums = Record<string, number>;

/** Sums like the server's totals: a nutrient unknown for a meal is left out of its sum. */
export function sum(meals: Meal[]): Sums {
  const out: Sums = Object.fromEntries(MEAL_NUTRIENT_KEYS.map((k) => [k, 0]));
  for (const m of meals) for (const k of MEAL_NUTRIENT_KEYS) out[k]! += m.nutrients[k] ?? 0;
  return out;
}

export function DayView({ date }: { date: string | null }) {
  const app = useApp();
  const today = dateIn(app.user.timezone);
  const day = date ?? today;
  const data = useData(async () => {
    const meals = (await mealsOn(app.db, day)).sort((a, b) => a.eaten_at.localeCompare(b.eaten_at) || a.id.localeCompare(b.id));
    const goals = goalsFor((await getMeta<{ goals: GoalsRecord | null }>(app.db, "goals"))?.goals ?? null, day);
    return { meals, goals };
  }, [day]);
  const meals = data?.meals ?? [];
  const goals = data?.goals ?? null;
  const totals = sum(meals);
  const goTo = (d: string) => app.go(d === today ? "#/" : `#/day/${d}`);

  async function remove(meal: Meal) {
    await app.local.deleteMeal(meal);
    app.toast({ text: `Deleted ${meal.food.name}.`, action: { label: "Undo", run: () => void app.local.restoreMeal(meal) } });
  }

  return (
    <main>
      <header class="day-head">
        <button type="button" class="icon" aria-label="Previous day" onClick={() => goTo(addDays(day, -1))}>
          ‹
        </button>
        <h1>{dayTitle(day, today)}</h1>
        <button type="button" class="icon" aria-label="Next day" onClick={() => goTo(addDays(day, 1))}>
          ›
        </button>
      </header>
      <Totals totals={totals} goals={goals} />
      {MEAL_TYPES.map((type) => {
        const list = meals.filter((m) => m.meal_type === type);
        const group = sum(list);
        const id = `group-${type}`;
        return (
          <section class="group" aria-labelledby={id} key={type}>
            <div class="group-head">
              <h2 id={id}>{MEAL_LABEL[type]}</h2>
              <span class="muted">
                {kcal(group.energy_kcal)} kcal · P {grams(group.protein_g)} · F {grams(group.fat_g)} · C {grams(group.carbohydrate_g)}
              </span>
            </div>
            {list.length > 0 && (
              <ul class="meals">
                {list.map((m) => (
                  <li key={m.id}>
                    <div class="meal-main">
                      <span class="name">{m.food.name}</span>
                      <span class="muted">
                        {m.portion ? `${m.quantity} × ${m.portion.name}` : `${m.quantity} g`} · P {grams(m.nutrients.protein_g)} · F {grams(m.nutrients.fat_g)} · C{" "}
                        {grams(m.nutrients.carbohydrate_g)}
                        {m.version === null ? " · not sent yet" : ""}
                      </span>
                    </div>
                    <span class="kcal">{kcal(m.nutrients.energy_kcal)} kcal</span>
                    <button type="button" aria-label="Edit" title={`Edit ${m.food.name}`} onClick={() => app.go(`#/edit/${m.id}`)}>
                      Edit
                    </button>
                    <button type="button" aria-label="Delete" title={`Delete ${m.food.name}`} onClick={() => void remove(m)}>
                      Delete
                    </button>
                  </li>
                ))}
              </ul>
            )}
            <button type="button" class="add" onClick={() => app.go(`#/add/${type}/${day}`)}>
              Add food
            </button>
          </section>
        );
      })}
    </main>
  );
}

function Totals({ totals, goals }: { totals: Sums; goals: Goals | null }) {
  const rows: [string, string, number, number | null, string][] = [
    ["energy_kcal", "Energy (kcal)", totals.energy_kcal!, goals?.energy_kcal ?? null, "kcal"],
    ["protein_g", "Protein (g)", totals.protein_g!, goals?.protein_g ?? null, "g"],
    ["fat_g", "Fat (g)", totals.fat_g!, goals?.fat_g ?? null, "g"],
    ["carbohydrate_g", "Carbs (g)", totals.carbohydrate_g!, goals?.carbohydrate_g ?? null, "g"],
  ];
  const fmt = (v: number, unit: string) => (unit === "kcal" ? kcal(v) : grams(v));
  const energyGoal = goals?.energy_kcal ?? null;
  const pct = energyGoal ? Math.min(100, (100 * totals.energy_kcal!) / energyGoal) : 0;
  return (
    <section class="totals" aria-labelledby="totals-title">
      <h2 id="totals-title">Totals</h2>
      <p class="big">
        <span>{kcal(totals.energy_kcal)} kcal eaten</span>
        {energyGoal !== null && (
          <span>
            {" "}
            of {kcal(energyGoal)} kcal goal · {kcal(energyGoal - totals.energy_kcal!)} kcal remaining
          </span>
        )}
      </p>
      {energyGoal !== null && (
        <div class="bar" aria-hidden="true">
          <div
            class="fill"
            ref={(el) => {
              if (el) el.style.width = `${pct}%`;
            }}
          />
        </div>
      )}
      <table class="macros">
        <thead>
          <tr>
            <th scope="col"><span class="sr">Nutrient</span></th>
            <th scope="col">Eaten</th>
            <th scope="col">Goal</th>
            <th scope="col">Remaining</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([key, label, eaten, goal, unit]) => (
            <tr key={key}>
              <th scope="row">{label}</th>
              <td>{fmt(eaten, unit)}</td>
              <td>{goal === null ? "–" : fmt(goal, unit)}</td>
              <td>{goal === null ? "–" : fmt(goal - eaten, unit)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
