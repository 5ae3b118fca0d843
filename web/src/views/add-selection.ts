/**
 * Add food's ticked rows: foods and saved meals ticked in Recent, My meals or Results, and Add selected, which logs
 * them all at once and goes back to the day (pick.tsx addSelected).
 */
import { useState } from "preact/hooks";
import { message } from "../api";
import { useAction } from "../action";
import type { LastServings } from "../serving";
import type { Meal, MealType } from "../store";
import { useApp } from "../ui";
import { addSelected, type Selection, type Ticked } from "./pick";
import { returnTo } from "./return-to";

export interface TickedRows {
  sel: Selection;
  /** Ticks a row, or unticks it when it is ticked. */
  toggle: (key: string, t: Ticked) => void;
  /** Logs every ticked row; a failure goes to `setError`. */
  addAll: () => Promise<void>;
  /** Add selected is under way (its button waits). */
  adding: boolean;
}

export function useSelection(
  at: { mealType: MealType; date: string; today: string },
  atMeal: Map<number, Meal>,
  last: LastServings,
  setError: (e: string | null) => void,
): TickedRows {
  const app = useApp();
  const [sel, setSel] = useState<Selection>(new Map());
  const toggle = (key: string, t: Ticked) =>
    setSel((s) => {
      const next = new Map(s);
      if (next.has(key)) next.delete(key);
      else next.set(key, t);
      return next;
    });
  const { mealType, date, today } = at;
  const [addAll, adding] = useAction(async () => {
    setError(null);
    try {
      await addSelected(app, sel, { mealType, date, today: date === today }, atMeal, last);
      returnTo(mealType);
      app.go(date === today ? "#/" : `#/day/${date}`, true);
    } catch (e) {
      setError(message(e));
    }
  });
  return { sel, toggle, addAll, adding };
}
