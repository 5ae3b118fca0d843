/** What the Admin view's parts share: the API's shapes, how a date is shown, and how an admin call is run. */
import type { Schemas } from "../api-data";

export type Account = Schemas["AdminUser"];
export type Invite = Schemas["Invite"];
export type Settings = Schemas["ServerSettings"];

/**
 * One admin call, made by a function of web/src/admin.ts (then everything is read again); `after` gets the
 * answer, only when the call went through.
 */
export type Run = <T>(call: () => Promise<T>, after?: (r: T) => void) => Promise<void>;

export const day = (iso: string | null) =>
  iso ? new Intl.DateTimeFormat("en-GB", { dateStyle: "medium" }).format(new Date(iso)) : "never";
