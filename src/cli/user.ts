/**
 * `morsel user …`: for the self-hoster at the shell, beside a running server or not.
 *   reset-password EMAIL [--password P]  set a password (random when not given), end every session
 *   list                                  accounts, their role, state and last use
 *   promote EMAIL                         make an account an admin (a lost admin, a second one)
 */
import { DEFAULT_PASSWORD_COST } from "../features/auth/service";
import { configFrom } from "../config";
import { openForCommand, type UserDatabase } from "../db/open";
import { AuthRepo } from "../features/auth/repo";
import { checkEmail, checkPassword } from "../features/auth/validate";
import { MealsRepo } from "../features/meals/repo";
import type { CommandLine } from "../args";
import { fail, words } from "./commands";

const USAGE = "usage: morsel user reset-password EMAIL [--password P] | morsel user list | morsel user promote EMAIL";

function open(cl: CommandLine): Promise<UserDatabase> {
  const config = configFrom(cl.values);
  return openForCommand(config.database, config.dataDir);
}

async function account(cl: CommandLine, raw: string | undefined) {
  const email = checkEmail(raw);
  if (!email.ok) fail("user", `email ${email.message}`, 2);
  const database = await open(cl);
  const user = await database.store.run(new AuthRepo().userByEmail(email.value));
  if (!user) {
    await database.close();
    fail("user", `no account with email ${email.value} in ${database.where}`);
  }
  return { database, user };
}

export async function userCommand(cl: CommandLine): Promise<void> {
  const sub = cl.positionals[0];
  if (sub === "list") return listUsers(cl);
  if (sub === "promote") return promote(cl);
  if (sub === "reset-password") return resetPassword(cl);
  fail("user", sub === undefined ? USAGE : `unknown subcommand "${sub}"; ${USAGE}`, 2);
}

async function resetPassword(cl: CommandLine): Promise<void> {
  const [, emailRaw] = words(cl, 2, "usage: morsel user reset-password EMAIL [--password P]");
  const password = cl.values.password;
  const given = typeof password === "string";
  const pw = given
    ? checkPassword(password)
    : { ok: true as const, value: Buffer.from(crypto.getRandomValues(new Uint8Array(15))).toString("base64url") };
  if (!pw.ok) fail("user", `--password ${pw.message}`, 2);
  const { database, user } = await account(cl, emailRaw);
  const hash = await Bun.password.hash(pw.value, { algorithm: "argon2id", ...DEFAULT_PASSWORD_COST });
  await database.store.run(new AuthRepo().resetPassword(user.id, hash, new Date().toISOString(), "password_reset"));
  await database.close();
  console.log(`password of ${user.email} reset; every session ended`);
  if (!given) console.log(`new password: ${pw.value}`);
}

async function promote(cl: CommandLine): Promise<void> {
  const [, emailRaw] = words(cl, 2, "usage: morsel user promote EMAIL");
  const { database, user } = await account(cl, emailRaw);
  if (user.role !== "admin")
    await database.store.run(new AuthRepo().setRole(user.id, "admin", new Date().toISOString()));
  await database.close();
  console.log(user.role === "admin" ? `${user.email} is already an admin` : `${user.email} is now an admin`);
}

async function listUsers(cl: CommandLine): Promise<void> {
  words(cl, 1, "usage: morsel user list");
  const database = await open(cl);
  const counts = await database.store.run(new MealsRepo().countsByUser());
  const rows = await database.store.run(new AuthRepo().allUsers());
  await database.close();
  if (!rows.length) return void console.log(`no accounts in ${database.where}`);
  const table = [
    ["ID", "EMAIL", "NAME", "ROLE", "STATE", "CREATED", "LAST SEEN", "MEALS"],
    ...rows.map((r) => [
      String(r.id),
      r.email,
      r.name,
      r.role,
      r.disabledAt ? "disabled" : "active",
      r.createdAt.slice(0, 10),
      r.lastSeenAt?.slice(0, 16).replace("T", " ") ?? "never",
      String(counts.get(r.id) ?? 0),
    ]),
  ];
  const widths = table[0]!.map((_, i) => Math.max(...table.map((row) => row[i]!.length)));
  for (const row of table)
    console.log(
      row
        .map((c, i) => c.padEnd(widths[i]!))
        .join("  ")
        .trimEnd(),
    );
}
