import type { Meal } from "../store";
import { listName } from "../foods";
import { servingLabel, type LastServings } from "../serving";
import { rowServing, Tick, type RecentHit } from "./pick";
import type { TickedRows } from "./add-selection";

/** What a list of foods in Add food needs: the ticks, the servings last logged, and what a tap on a food does. */
export interface ListProps extends Pick<TickedRows, "sel" | "toggle"> {
  last: LastServings;
  onPick: (f: RecentHit) => void;
}

/**
 * Foods to tick or tap, in Recent or Results. Recent rows (`recent` given) show the serving last logged, at this
 * meal when the list is this meal's; a result list shows an unsure first match's Alternatives.
 */
export function FoodList({
  items,
  label,
  recent,
  sel,
  toggle,
  last,
  onPick,
}: ListProps & {
  items: RecentHit[];
  label: string;
  recent?: { atMeal: boolean; meals: Map<number, Meal> };
}) {
  return (
    <ul class="results picks" aria-label={label}>
      {items.map((f, at) => (
        <li key={f.id}>
          <Tick
            id={`food:${f.id}`}
            label={listName(f)}
            sel={sel}
            onToggle={() => toggle(`food:${f.id}`, { kind: "food", hit: f, atMeal: !!recent?.atMeal })}
          />
          <button type="button" class="result" onClick={() => onPick(f)}>
            <span class="name">{listName(f)}</span>
            {listName(f) !== f.name && <span class="muted full-name">{f.name}</span>}
            <span class="muted">
              {/* only the first result can be the sure one (API.md §Foods, How sure a match is) */}
              {!recent && at === 0 && f.sure === false ? "Not sure · " : ""}
              {f.origin === "composed" ? "made from USDA foods · " : ""}
              {f.brand ? `${f.brand} · ` : ""}
              {recent
                ? rowServing(f, recent.atMeal ? recent.meals : new Map(), last).text || servingLabel(f, last)
                : servingLabel(f, last)}
            </span>
          </button>
          {/* WEBAPP.md: an unsure match shows its Alternatives, one button per food, here as in quick entry */}
          {!recent && at === 0 && f.sure === false && items.length > 1 && (
            <div role="group" aria-label="Alternatives" class="item-actions">
              {items.slice(1, 4).map((a) => (
                <button key={a.id} type="button" onClick={() => onPick(a)}>
                  {listName(a)}
                </button>
              ))}
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
