/**
 * What the server would refuse, said in the form's words. `checks()` loads the server's validators
 * (checks.ts, a chunk of its own); `inWords` turns an API field ("nutrients.energy_kcal", "invite_code")
 * into the label the person sees ("Energy (kcal)", "Invite code").
 */
import { useEffect, useState } from "preact/hooks";
import type { Refusal } from "./checks";

export type { Refusal };
type Loaded = typeof import("./checks");
let loaded: Loaded | null = null;
/** The validators: at once once loaded (a form's write then starts in the same tick as the tap), else loaded. */
export const checks = async (): Promise<Loaded> => loaded ?? (loaded = await import("./checks"));
export const loadedChecks = () => loaded;

/** Labels people know for the API's fields; a form passes its own first. */
const COMMON: Record<string, string> = {
  email: "Email",
  password: "Password",
  name: "Name",
  invite_code: "Invite code",
  code: "Code",
  new_password: "New password",
  current_password: "Current password",
  quantity: "Quantity",
  portion_id: "Unit",
  meal_type: "Meal",
  date: "Date",
  eaten_at: "Time",
  note: "Note",
  brand: "Brand",
  barcode: "Barcode",
  servings: "Servings",
  cooked_grams: "Cooked weight (g)",
  ingredients: "Ingredients",
  kg: "Weight",
  lb: "Weight",
  energy_kcal: "Energy (kcal)",
  protein_g: "Protein (g)",
  fat_g: "Fat (g)",
  carbohydrate_g: "Carbs (g)",
  description: "Description",
  from: "Apply from",
  timezone: "Time zone",
};

/** The label of an API field: the form's own, else a known one, else the field's last part in plain words. */
export function labelOf(field: string, labels: Record<string, string> = {}): string {
  const parts = field.split(".");
  for (let i = 0; i < parts.length; i++) {
    const tail = parts.slice(i).join(".");
    const hit = labels[tail] ?? labels[tail.replace(/\.\d+\./, ".*.")] ?? COMMON[tail];
    if (hit) return hit;
  }
  const last = parts.filter((p) => !/^\d+$/.test(p)).pop() ?? field;
  const words = last.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** "Energy (kcal) must be a number from 0 to 1000 per 100 g." — a message with the field in the form's words. */
export function inWords(r: Refusal | { field?: string; message: string }, labels: Record<string, string> = {}) {
  const text = r.message.replace(/, or null$/, "").replace(/\.$/, "");
  if (!r.field) return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
  // "must be …", "is required" read on from the label; any other sentence stands after a colon
  return /^(must|is|are|has|cannot|give|should) /.test(text)
    ? `${labelOf(r.field, labels)} ${text}.`
    : `${labelOf(r.field, labels)}: ${text}.`;
}

/** An API error in the form's words: its first field detail, else its message with any field name at its start replaced. */
export function apiErrorInWords(
  e: { message: string; details?: { field?: string; message: string }[] },
  labels: Record<string, string> = {},
) {
  const d = e.details?.find((x) => x.field);
  if (d) return inWords(d, labels);
  const m = /^([a-z_]+(?:\.[a-z0-9_]+)*) (.*)$/.exec(e.message);
  return m && (m[1]!.includes("_") || m[1]!.includes(".") || COMMON[m[1]!])
    ? inWords({ field: m[1]!, message: m[2]! }, labels)
    : e.message;
}

type Checks = Awaited<ReturnType<typeof checks>>;

/** The server's validators once their chunk is loaded (null until then; a form awaits `checks()` on submit). */
export function useChecks(): Checks | null {
  const [c, set] = useState<Checks | null>(loaded);
  useEffect(() => {
    let live = true;
    checks()
      .then((m) => live && set(m))
      .catch(() => {}); // not cached yet and offline: the form checks again on submit
    return () => {
      live = false;
    };
  }, []);
  return c;
}
