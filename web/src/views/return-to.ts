/**
 * After a log the day view comes back at the meal just logged, not at its top (a person logging dinner
 * scrolled past breakfast and lunch once already). The add view names the meal; the day view, once its
 * meals are read, brings that meal's region into view and gives it the focus.
 */
import { useEffect } from "preact/hooks";
import type { MealType } from "../store";

let pending: MealType | null = null;

/** The next day view opens at this meal's region. */
export function returnTo(meal: MealType): void {
  pending = meal;
}

/** In the day view: once `ready` (its meals are shown), scrolls to the meal named by returnTo, once. */
export function useReturnTo(ready: boolean): void {
  useEffect(() => {
    if (!ready || !pending) return;
    const region = document.getElementById(`group-${pending}`)?.closest("section");
    pending = null;
    if (!region) return;
    region.scrollIntoView({ block: "start" });
    region.setAttribute("tabindex", "-1");
    region.focus({ preventScroll: true });
  }, [ready]);
}
