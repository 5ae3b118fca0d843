/**
 * Where an entry logged on another day than today goes, offline as the server would place it (src/lib/meal-time.ts):
 * the meal's usual time (the person's median over their recent entries of it, else a common time), a second after
 * the meal's latest entry when that is later, so a quick entry's or a saved meal's items keep their order. Not the
 * clock's time: an entry logged on 28 Nov at 20:30 for that morning's breakfast was eaten at breakfast time.
 */
import { OWN_DAYS, placeOnDay, type MealKind } from "../../src/lib/meal-time";
import { addDays } from "../../src/lib/time";
import { mealsOn, type Store } from "./store";

export async function pastEatenAt(db: Store, tz: string, date: string, kind: MealKind, today: string): Promise<string> {
  const recent = await db.getAllFromIndex("meals", "date", IDBKeyRange.lowerBound(addDays(today, -OWN_DAYS)));
  const own = recent.filter((m) => m.meal_type === kind).map((m) => m.eaten_at);
  const latest =
    (await mealsOn(db, date))
      .filter((m) => m.meal_type === kind)
      .map((m) => m.eaten_at)
      .sort()
      .at(-1) ?? null;
  return placeOnDay(kind, date, tz, own, latest)
    .toISOString()
    .replace(/\.\d+Z$/, "Z");
}
