/**
 * An item the match is not sure of (API.md §Foods, How sure a match is): `Not sure`, and a group
 * `Alternatives` with one button per other food, named by it, and `Keep` for the food shown. Quick entry's
 * `Log all` waits until each such item is picked, kept or removed.
 */
import { type FoodHit, listName } from "../foods";
import { kcal } from "../ui";

export function UnsureChoice({
  alternatives,
  onPick,
  onKeep,
}: {
  alternatives: readonly FoodHit[];
  onPick: (food: FoodHit) => void;
  onKeep: () => void;
}) {
  return (
    <div class="unsure">
      <p class="muted">Not sure</p>
      <div role="group" aria-label="Alternatives" class="item-actions">
        {alternatives.map((a) => {
          const grams = a.serving?.grams ?? a.default_portion?.grams ?? 100;
          const energy = a.energy_kcal === null ? null : (a.energy_kcal * grams) / 100;
          const name = listName(a);
          return (
            <button key={a.id} type="button" aria-label={name} onClick={() => onPick(a)}>
              {name}
              {energy !== null && <span class="muted"> {kcal(energy)} kcal</span>}
            </button>
          );
        })}
        <button type="button" onClick={onKeep}>
          Keep
        </button>
      </div>
    </div>
  );
}
