/**
 * The app's URLs, one table: `#/<page>/<a>/<b>` → a view. A route answers null when its parts do not fit
 * (an `#/add/` without a meal), and the day opens instead, as it does for any address not here. The views
 * opened now and then (Settings, Weight, Report, Admin) are chunks of their own, loaded when first opened,
 * which keeps the first load in its budget. Written by hand rather than taken from a router library: nine
 * pages of at most two parts need no patterns, and the URLs (the browser tests' and people's bookmarks)
 * stay exactly as they were.
 */
import type { VNode } from "preact";
import type { MealType } from "./store";
import { AddView } from "./views/add";
import { DayView } from "./views/day";
import { EditView } from "./views/edit";
import { FoodFormView, FoodsView, RecipeFormView } from "./views/foods";
import { lazyView } from "./views/lazy";
import type { Period } from "./views/report";
import { SavedMealFormView } from "./views/saved-meals";
import { WeekView } from "./views/week";

// Admin is for admins alone: its chunk loads when one opens it
const AdminView = lazyView<Record<string, never>>(() => import("./views/admin").then((m) => m.AdminView));
const SettingsView = lazyView<{ signOut: () => void }>(() => import("./views/settings").then((m) => m.SettingsView));
const WeightView = lazyView<Record<string, never>>(() => import("./views/weight").then((m) => m.WeightView));
const ReportView = lazyView<{ period: Period; to: string | null }>(() =>
  import("./views/report").then((m) => m.ReportView),
);

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MEALS: readonly string[] = ["breakfast", "lunch", "dinner", "snack"] satisfies MealType[];
const isDate = (s: string | undefined): s is string => !!s && DATE.test(s);
const isMeal = (s: string | undefined): s is MealType => !!s && MEALS.includes(s);
const todayFallback = () => new Date().toISOString().slice(0, 10);

/** What a route's view is given: the address's two parts after the page, the whole hash, and the shell's sign-out. */
interface At {
  a: string | undefined;
  b: string | undefined;
  hash: string;
  signOut: () => void;
}

function foods({ a, b }: At): VNode {
  const id = b && /^-?\d+$/.test(b) ? Number(b) : null;
  if (a === "new") return <FoodFormView key="new" id={null} />;
  if (a === "edit" && id !== null) return <FoodFormView key={id} id={id} />;
  if (a === "recipe") return <RecipeFormView key={b ?? "new"} id={id} />;
  if (a === "meal" && b) return <SavedMealFormView key={b} id={b} />;
  return <FoodsView />;
}

/** page → its view. */
export const ROUTES: Record<string, (at: At) => VNode | null> = {
  day: ({ a }) => (isDate(a) ? <DayView key={a} date={a} /> : null),
  add: ({ a, b, hash }) =>
    isMeal(a) ? <AddView key={hash} mealType={a} date={isDate(b) ? b : todayFallback()} /> : null,
  edit: ({ a }) => (a ? <EditView key={a} id={a} /> : null),
  week: ({ a, b }) => <WeekView end={isDate(a) ? a : null} range={b} />,
  weight: () => <WeightView />,
  report: ({ a, b }) => <ReportView period={a === "month" ? "month" : "week"} to={isDate(b) ? b : null} />,
  foods,
  settings: ({ signOut }) => <SettingsView signOut={signOut} />,
  admin: () => <AdminView />,
};

/** The view of a signed-in address; the day (today) for any other. */
export function Route({ hash, signOut }: { hash: string; signOut: () => void }) {
  const [page = "", a, b] = hash.replace(/^#\/?/, "").split("/");
  const view = Object.hasOwn(ROUTES, page) ? ROUTES[page]!({ a, b, hash, signOut }) : null;
  return view ?? <DayView date={null} />;
}

/** The sign-in page's modes by the address's start; sign-in for any other. */
const AUTH_MODES = [
  ["#/register", "register"],
  ["#/reset-password", "reset"],
  ["#/oidc", "oidc"],
] as const;
export const authMode = (hash: string) => AUTH_MODES.find(([start]) => hash.startsWith(start))?.[1] ?? "signin";
