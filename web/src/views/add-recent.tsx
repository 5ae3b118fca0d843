import type { FoodHit } from "../foods";
import type { Meal, MealType } from "../store";
import { MEAL_LABEL } from "../ui";
import { FoodList, type ListProps } from "./add-list";
import { matches, MyMeals, RecentMeals, type RecentHit } from "./pick";

export type RepeatsTab = "recent" | "saved";

/**
 * Recent and My meals, two tabs over one panel: the foods logged lately (at this meal when there are enough) with
 * the saved meals made of them, or every saved meal. What is typed in the search box narrows Recent.
 */
export function Repeats({
  tab,
  setTab,
  recent,
  atMeal,
  mealType,
  date,
  today,
  q,
  ...list
}: ListProps & {
  tab: RepeatsTab;
  setTab: (t: RepeatsTab) => void;
  /** The recent foods, null while they load; `atMeal`: they are this meal's. */
  recent: { recent: FoodHit[]; atMeal: boolean } | null;
  /** The meal each recent food was last logged as at this meal (its serving is shown). */
  atMeal: Map<number, Meal>;
  mealType: MealType;
  date: string;
  today: string;
  q: string;
}) {
  const { sel, toggle } = list;
  const typed = q.trim();
  const shownRecent: RecentHit[] = (recent?.recent ?? []).filter((f) => !typed || matches(f, typed));
  return (
    <>
      <div class="tabs" role="tablist" aria-label="Repeats">
        <button
          type="button"
          role="tab"
          id="tab-recent"
          aria-selected={tab === "recent"}
          aria-controls="panel-picks"
          onClick={() => setTab("recent")}
        >
          Recent
        </button>
        <button
          type="button"
          role="tab"
          id="tab-saved"
          aria-selected={tab === "saved"}
          aria-controls="panel-picks"
          onClick={() => setTab("saved")}
        >
          My meals
        </button>
      </div>
      <section
        id="panel-picks"
        role="tabpanel"
        aria-labelledby={tab === "recent" ? "tab-recent" : "tab-saved"}
        class={sel.size > 0 ? "picks-panel has-bar" : "picks-panel"}
      >
        {tab === "saved" ? (
          <MyMeals sel={sel} toggle={toggle} mealType={mealType} date={date} today={today} />
        ) : (
          recent && (
            <>
              <h2 id="recent-title">
                {recent.atMeal ? `Recent at ${(MEAL_LABEL[mealType] ?? mealType).toLowerCase()}` : "Recent"}
              </h2>
              {recent.atMeal && (
                <RecentMeals
                  sel={sel}
                  toggle={toggle}
                  mealType={mealType}
                  date={date}
                  today={today}
                  q={q}
                  recentIds={new Set(recent.recent.map((f) => f.id))}
                />
              )}
              {shownRecent.length > 0 ? (
                <FoodList
                  {...list}
                  items={shownRecent}
                  label="Recent foods"
                  recent={{ atMeal: recent.atMeal, meals: atMeal }}
                />
              ) : (
                !typed && <p class="muted">Foods you log show up here.</p>
              )}
            </>
          )
        )}
      </section>
    </>
  );
}
