/** Shared pieces: the app context, dates in the person's time zone, formatting, small components. */
import { round } from "./round";
import { createContext } from "preact";
import { useContext, useEffect, useState } from "preact/hooks";
import type { User } from "./api";
import type { OwnFoods } from "./own-foods";
import type { Local } from "./records";
import type { Store } from "./store";
import type { Sync } from "./sync";

export interface AppCtx {
  db: Store;
  sync: Sync;
  local: Local;
  own: OwnFoods;
  user: User;
  /** Bumps whenever local data changed (a write here, or a sync). */
  version: number;
  /** Opens a view; `replace`: instead of the current one in the history (Back skips it). */
  go(hash: string, replace?: boolean): void;
  toast(t: Toast | null): void;
}

export interface Toast {
  text: string;
  action?: { label: string; run: () => void };
}

export const Ctx = createContext<AppCtx | null>(null);
export const useApp = () => useContext(Ctx)!;

/** YYYY-MM-DD of an instant in a time zone. */
export function dateIn(tz: string, at = new Date()): string {
  try {
    return new Intl.DateTimeFormat("en-CA", { timeZone: tz, year: "numeric", month: "2-digit", day: "2-digit" }).format(
      at,
    );
  } catch {
    return at.toISOString().slice(0, 10);
  }
}

export function addDays(date: string, n: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** The day view's heading (WEBAPP.md): `Today`, else the weekday and date, "Saturday 28 November". */
export function dayTitle(date: string, today: string): string {
  if (date === today) return "Today";
  return new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", weekday: "long", day: "numeric", month: "long" }).format(
    new Date(`${date}T12:00:00Z`),
  );
}

/**
 * A date in a sentence, named as the day view names it (one way everywhere: not "Yesterday" here and "Monday 30
 * November" there): "Today", else "Sat 28 Nov" (long: "Saturday 28 November").
 */
export function sayDay(date: string, today: string, long = false): string {
  if (date === today) return "Today";
  return long ? dayTitle(date, today) : shortDay(date);
}

export const shortDay = (date: string) =>
  new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", weekday: "short", day: "numeric", month: "short" }).format(
    new Date(`${date}T12:00:00Z`),
  );

export const kcal = (v: number | null | undefined) => (v === null || v === undefined ? "–" : `${round(v)}`);
export const grams = (v: number | null | undefined) => (v === null || v === undefined ? "–" : `${round(v, 1)}`);

export const MEAL_LABEL: Record<string, string> = {
  breakfast: "Breakfast",
  lunch: "Lunch",
  dinner: "Dinner",
  snack: "Snack",
};

/** Re-reads `load` whenever local data changes. */
export function useData<T>(load: () => Promise<T>, deps: unknown[]): T | undefined {
  const { version } = useApp();
  const [value, setValue] = useState<T>();
  useEffect(() => {
    let live = true;
    load().then((v) => live && setValue(v));
    return () => {
      live = false;
    };
  }, [version, ...deps]);
  return value;
}

/**
 * An error, moved into view and focused when it appears (a phone scrolled to a form's button would
 * otherwise not see a message at the top of the form). `focus` false: an error that comes while the
 * person types elsewhere (a search's), which must not take the caret away.
 */
export function ErrorText({ error, focus = true }: { error: string | null; focus?: boolean }) {
  return error ? (
    <p class="error" role="alert" tabIndex={-1} ref={focus ? showAndFocus : undefined} key={error}>
      {error}
    </p>
  ) : null;
}

/** Brings an element that just appeared (an error, a one-time code) into view and gives it the focus. */
export function showAndFocus(el: HTMLElement | null): void {
  if (!el || el.dataset.shown) return;
  el.dataset.shown = "1";
  el.scrollIntoView({ block: "center" });
  el.focus({ preventScroll: true });
}

/**
 * WEBAPP.md names the password field a textbox; browsers give password inputs no role, so the
 * role is stated (test tools and screen readers then find it by that role and its label).
 */
export const PASSWORD_ROLE = { role: "textbox" } as Record<string, string>;

/** A meal's name: its food's, or a quick add's description. */
export const mealName = (m: { food: { name: string } | null; description?: string | null }) =>
  m.food?.name ?? m.description ?? "Quick add";

/** "HH:MM" of an instant in a time zone. */
export function clockIn(tz: string, iso: string): string {
  return new Intl.DateTimeFormat("en-GB", {
    timeZone: tz,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(new Date(iso));
}

/** The instant a local date and "HH:MM" name in a time zone (RFC 3339, UTC). */
export function instantIn(tz: string, date: string, time: string): string {
  const wall = Date.parse(`${date}T${time}:00Z`);
  const offset = (at: number) => {
    const p = Object.fromEntries(
      new Intl.DateTimeFormat("en-US", {
        timeZone: tz,
        hourCycle: "h23",
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
        second: "2-digit",
      })
        .formatToParts(new Date(at))
        .map((x) => [x.type, x.value]),
    );
    return Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!) - at;
  };
  let at = wall - offset(wall);
  at = wall - offset(at); // once more, across a DST change
  return new Date(at).toISOString().replace(/\.\d+Z$/, "Z");
}

/** The meal that fits the time of day in a time zone. */
export function mealForNow(tz: string, at = new Date()): "breakfast" | "lunch" | "dinner" | "snack" {
  const h = Number(new Intl.DateTimeFormat("en-GB", { timeZone: tz, hour: "2-digit", hourCycle: "h23" }).format(at));
  if (h >= 4 && h < 11) return "breakfast";
  if (h >= 11 && h < 15) return "lunch";
  if (h >= 17 && h < 22) return "dinner";
  return "snack";
}
