/** A device as the web app sets one up after sign-in (main.tsx): the account's database, its Sync and its Local. */
import { setSession, type Session } from "../../../web/src/api";
import { fromFood, Local } from "../../../web/src/records";
import { openStore } from "../../../web/src/store";
import { Sync } from "../../../web/src/sync";

export async function device(userId: number) {
  const db = await openStore(userId);
  const sync = new Sync(db);
  return { db, sync, local: new Local(db, sync) };
}

/** Signed in as `s` (kept as the page keeps it); a test offline from the start gives made-up tokens. */
export function signIn(s: Pick<Session, "access_token" | "refresh_token"> & { user: Partial<Session["user"]> }): void {
  setSession({ ...s, user: { id: 1, email: "a@example.org", name: "Ana", timezone: "UTC", ...s.user } } as Session);
}

/** A Food as GET /foods/:id answers (trimmed to what the conversion reads). */
export const BANANA_BODY = {
  id: 1001,
  name: "Bananas, raw",
  short_name: "Banana",
  brand: null,
  barcode: null,
  source: "usda",
  nutrients: { energy_kcal: 89, protein_g: 1.09, fat_g: 0.33, carbohydrate_g: 22.84, potassium_mg: 358 },
  portions: [{ id: 7, name: "medium", amount: 1, grams: 118 }],
  default_portion: { id: 7, name: "medium", amount: 1, grams: 118 },
};
export const banana = fromFood(BANANA_BODY, null);
export const medium = banana.portions[0]!;
