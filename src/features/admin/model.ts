/** Shapes of the admin's calls (API.md §Admin). An admin sees accounts, never their data. */
import { t } from "elysia";
import { Enum, Int, Nullable, Text } from "../../schema/schemas";
import { intParam } from "../../schema/validation";

export const AdminUser = t.Object(
  {
    id: Int(),
    email: t.String(),
    name: t.String(),
    role: Enum(["admin", "user"]),
    created_at: t.String({ format: "date-time" }),
    last_seen_at: Nullable(t.String({ format: "date-time", description: "last authenticated call, to the minute" })),
    disabled: t.Boolean(),
    meal_count: Int({ description: "how many meals, never which" }),
  },
  { title: "AdminUser" },
);
export const AdminUserList = t.Object({ items: t.Array(AdminUser) }, { title: "AdminUserList" });
export const UserIdParams = t.Object({ id: intParam("id", { minimum: 1 }) });
export const PatchUserBody = t.Object({
  disabled: t.Optional(
    t.Boolean({ description: "true ends every session and revokes every access token of the account at once" }),
  ),
  role: t.Optional(Enum(["admin", "user"])),
});

export const ResetCode = t.Object(
  {
    code: t.String({ description: "give it to the person; they send it to POST /password-reset with a new password" }),
    expires_at: t.String({ format: "date-time" }),
  },
  { title: "ResetCode" },
);

export const Invite = t.Object(
  {
    id: Int(),
    note: Nullable(t.String()),
    created_at: t.String({ format: "date-time" }),
    expires_at: t.String({ format: "date-time" }),
    used_at: Nullable(t.String({ format: "date-time" })),
    used_by: Nullable(Int({ description: "the account registered with it" })),
  },
  { title: "Invite" },
);
export const NewInvite = t.Composite(
  [Invite, t.Object({ code: t.String({ description: "the code, shown this once: XXXX-XXXX-XXXX-XXXX" }) })],
  {
    title: "NewInvite",
  },
);
export const InviteList = t.Object({ items: t.Array(Invite) }, { title: "InviteList" });
export const CreateInviteBody = t.Object({
  expires_in_hours: t.Optional(Int({ description: "1–720, default 168 (a week)" })),
  note: t.Optional(Nullable(Text({ description: "who it is for, at most 100 characters" }))),
});
export const InviteIdParams = t.Object({ id: intParam("id", { minimum: 1 }) });

const OnlineLookup = t.Boolean({
  description:
    "whether barcode misses and GET /foods/online may ask Open Food Facts (the barcode or the typed words leave this server, nothing about the person); off by default",
});
export const Settings = t.Object(
  {
    registration: Enum(["open", "invite", "closed"], { description: "who may register; see POST /register" }),
    online_lookup: OnlineLookup,
    online_lookup_answered: t.Boolean({
      description:
        "whether online_lookup was ever set (by an admin, or by --online-lookup at a start): the web app asks the first admin once while it is false",
    }),
  },
  { title: "ServerSettings" },
);
export const PatchSettingsBody = t.Object({
  registration: t.Optional(Enum(["open", "invite", "closed"])),
  online_lookup: t.Optional(OnlineLookup),
});
