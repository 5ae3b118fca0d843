/**
 * The person's nutrient targets (API.md §Nutrient targets): GET /targets for a date when the server is
 * reachable, kept on this device so the day view and the report still have them offline.
 */
import { api, isOffline } from "./api";
import { getMeta, setMeta, type Store } from "./store";

/** One nutrient's target as GET /targets gives it (the fields the app uses). */
export interface TargetItem {
  key: string;
  name: string;
  unit: string;
  /** At least this much a day (RDA, AI, fibre per energy, or the person's own); null: none. */
  minimum: number | null;
  /** At most this much a day (UL, CDRR, or the person's own); null: none. */
  maximum: number | null;
  minimum_from?: string | null;
  maximum_from?: string | null;
  /** What the upper bound counts: `supplements` and `preformed` limits are never a warning about food. */
  maximum_applies_to?: "total" | "supplements" | "preformed" | null;
  caveat?: string | null;
  /** The DRI values the defaults come from (the person's own bounds replace them). */
  reference?: { minimum: Bound | null; maximum: Bound | null };
}

export interface Bound {
  kind: "RDA" | "AI" | "UL" | "CDRR";
  table: string;
  value: number;
  applies_to?: "total" | "supplements" | "preformed";
  note?: string;
}

export interface TargetsDoc {
  date: string;
  basis: "profile" | "adult_reference";
  basis_note: string;
  source?: { name: string; version: string };
  fiber_per_energy?: boolean;
  energy_goal_kcal?: number | null;
  items: TargetItem[];
}

const KEY = "targets:doc";

/** The targets of `date`: the server's, else the last ones this device was given (null: never any). */
export async function loadTargets(db: Store, date: string): Promise<TargetsDoc | null> {
  try {
    const doc = await api<TargetsDoc>("GET", `/targets?date=${date}`);
    await setMeta(db, KEY, doc);
    return doc;
  } catch (e) {
    if (!isOffline(e) && !(e instanceof Error && "status" in e && (e as { status: number }).status === 404)) throw e;
    return (await getMeta<TargetsDoc>(db, KEY)) ?? null;
  }
}
