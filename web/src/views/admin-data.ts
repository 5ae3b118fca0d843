/** What the Admin view's parts share: the API's shapes, how a date is shown, and how an admin call is made. */
import type { Schemas } from "../api-data";

export type Account = Schemas["AdminUser"];
export type Invite = Schemas["Invite"];
export type Settings = Schemas["ServerSettings"];

/** One admin call (then everything is read again); `after` gets the answer, only when the call went through. */
export type Run = (method: string, path: string, body?: unknown, after?: (r: unknown) => void) => Promise<void>;

export const day = (iso: string | null) =>
  iso ? new Intl.DateTimeFormat("en-GB", { dateStyle: "medium" }).format(new Date(iso)) : "never";
