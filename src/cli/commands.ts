/** The commands besides `serve`: import-off, backup, restore, user reset-password. */
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { DEFAULT_PASSWORD_COST } from "../app";
import { configFrom } from "../config";
import { DataDirInUse, lockDataDir } from "../db/lock";
import type { CommandLine } from "./args";
import { explainStartError, prepareDataDir, StartError } from "./startup";
import { backup, restore } from "../db/backup";
import { openDatabase } from "../db/client";
import { sessions, users } from "../db/schema";
import { inTx } from "../db/tx";
import { importOff } from "../features/imported/import";
import { checkEmail, checkPassword } from "../features/auth/validate";
import { progressBar } from "../lib/progress";
import { COMMAND_HELP, HELP } from "./help";

function fail(command: string, message: string, code = 1): never {
  console.error(`morsel ${command}: ${message}`);
  process.exit(code);
}

/** Exactly `n` bare words, or a usage error (exit 2). */
function words(cl: CommandLine, n: number, usage: string): string[] {
  if (cl.positionals.length < n) fail(cl.command, `${usage}\n\n${COMMAND_HELP[cl.command] ?? HELP}`, 2);
  if (cl.positionals.length > n) fail(cl.command, `unexpected argument "${cl.positionals[n]}"; ${usage}`, 2);
  return cl.positionals;
}

export async function importCommand(cl: CommandLine): Promise<void> {
  const [file] = words(cl, 1, "give the export file to import");
  const config = configFrom(cl.values);
  if (!(await Bun.file(file!).exists())) fail("import-off", `no file at ${file}`, 2);
  prepareDataDir(config.dataDir);
  const db = openDatabase(join(config.dataDir, "morsel.db"));
  const bar = progressBar("importing");
  const report = await importOff(db, file!, {
    onProgress: ({ bytesRead, bytesTotal, lines }) => bar.update(bytesRead, bytesTotal, `${lines.toLocaleString("en")} lines`),
  });
  bar.done();
  const rate = Math.round(report.lines / Math.max(report.seconds, 0.001));
  console.log(
    `${file}: ${report.format}${report.gzip ? " (gzip)" : ""}, ${report.lines} lines in ${report.seconds.toFixed(1)} s (${rate} lines/s): ` +
      `${report.inserted} new, ${report.updated} updated, ${report.unchanged} unchanged, ${report.skippedCount} skipped`,
  );
  for (const s of report.skipped) console.log(`  line ${s.line}: ${s.reason}`);
  if (report.skippedCount > report.skipped.length) console.log(`  … and ${report.skippedCount - report.skipped.length} more skipped lines`);
  if (report.error) fail("import-off", report.error);
}

export function backupCommand(cl: CommandLine, command: "backup" | "restore"): void {
  const [path] = words(cl, 1, "give the backup file's path");
  const config = configFrom(cl.values);
  const live = join(config.dataDir, "morsel.db");
  try {
    if (command === "backup") {
      const s = backup(live, path!);
      console.log(`backed up ${live} → ${path}: ${s.users} users, ${s.meals} meals, ${s.customFoods} custom foods; integrity ${s.integrity}`);
    } else {
      prepareDataDir(config.dataDir);
      let lock;
      try {
        lock = lockDataDir(config.dataDir);
      } catch (e) {
        if (!(e instanceof DataDirInUse)) throw e;
        fail(command, `${e.message}; stop the server first (a restore under a running server would lose the writes it takes afterwards), then run restore again. Nothing was changed.`);
      }
      let result;
      try {
        result = restore(path!, live);
      } finally {
        lock.release();
      }
      const { summary: s, previous } = result;
      console.log(`restored ${path} → ${live}: ${s.users} users, ${s.meals} meals, ${s.customFoods} custom foods; integrity ${s.integrity}`);
      if (previous) console.log(`the database it replaced is kept at ${previous}`);
    }
  } catch (e) {
    fail(command, e instanceof StartError ? e.message : explainStartError(e));
  }
}

/** `morsel user reset-password EMAIL [--password P]` */
export async function resetPasswordCommand(cl: CommandLine): Promise<void> {
  const [sub, emailRaw] = words(cl, 2, "usage: morsel user reset-password EMAIL [--password P]");
  if (sub !== "reset-password") fail("user", `unknown subcommand "${sub}"; usage: morsel user reset-password EMAIL [--password P]`, 2);
  const password = cl.values.password;
  const email = checkEmail(emailRaw);
  if (!email.ok) fail("user", `email ${email.message}`, 2);
  const given = typeof password === "string";
  const pw = given ? checkPassword(password) : { ok: true as const, value: Buffer.from(crypto.getRandomValues(new Uint8Array(15))).toString("base64url") };
  if (!pw.ok) fail("user", `--password ${pw.message}`, 2);
  const config = configFrom(cl.values);
  const db = openDatabase(join(config.dataDir, "morsel.db"));
  const user = db.select().from(users).where(eq(users.email, email.value)).get();
  if (!user) fail("user", `no account with email ${email.value} in ${config.dataDir}`);
  const hash = await Bun.password.hash(pw.value, { algorithm: "argon2id", ...DEFAULT_PASSWORD_COST });
  const now = new Date().toISOString();
  inTx(db, () => {
    db.update(users).set({ passwordHash: hash, updatedAt: now }).where(eq(users.id, user.id)).run();
    db.update(sessions).set({ revokedAt: now, revokedReason: "password_reset" }).where(eq(sessions.userId, user.id)).run();
  });
  console.log(`password of ${email.value} reset; every session ended`);
  if (!given) console.log(`new password: ${pw.value}`);
}
