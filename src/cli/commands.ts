/** The commands besides `serve`: import-off, backup, restore (user: cli/user.ts; healthcheck: cli/healthcheck.ts). */
import { join } from "node:path";
import { configFrom } from "../config";
import { DataDirInUse, lockDataDir } from "../db/lock";
import type { CommandLine } from "../args";
import { explainStartError, prepareDataDir, StartError } from "./startup";
import { backup, restore } from "../db/backup";
import { openForCommand } from "../db/open";
import { importOff } from "../features/imported/import";
import { progressBar } from "../lib/progress";
import { COMMAND_HELP, HELP } from "./help";

export function fail(command: string, message: string, code = 1): never {
  console.error(`morsel ${command}: ${message}`);
  process.exit(code);
}

/** Exactly `n` bare words, or a usage error (exit 2). */
export function words(cl: CommandLine, n: number, usage: string): string[] {
  if (cl.positionals.length < n) fail(cl.command, `${usage}\n\n${COMMAND_HELP[cl.command] ?? HELP}`, 2);
  if (cl.positionals.length > n) fail(cl.command, `unexpected argument "${cl.positionals[n]}"; ${usage}`, 2);
  return cl.positionals;
}

export async function importCommand(cl: CommandLine): Promise<void> {
  const [file] = words(cl, 1, "give the export file to import");
  const config = configFrom(cl.values);
  if (!(await Bun.file(file!).exists())) fail("import-off", `no file at ${file}`, 2);
  prepareDataDir(config.dataDir);
  const database = await openForCommand(config.database, config.dataDir);
  const bar = progressBar("importing");
  const report = await importOff(database.store, file!, {
    onProgress: ({ bytesRead, bytesTotal, lines }) =>
      bar.update(bytesRead, bytesTotal, `${lines.toLocaleString("en")} lines`),
  });
  bar.done();
  const rate = Math.round(report.lines / Math.max(report.seconds, 0.001));
  console.log(
    `${file}: ${report.format}${report.gzip ? " (gzip)" : ""}, ${report.lines} lines in ${report.seconds.toFixed(1)} s (${rate} lines/s): ` +
      `${report.inserted} new, ${report.updated} updated, ${report.unchanged} unchanged, ${report.skippedCount} skipped`,
  );
  for (const s of report.skipped) console.log(`  line ${s.line}: ${s.reason}`);
  if (report.skippedCount > report.skipped.length)
    console.log(`  … and ${report.skippedCount - report.skipped.length} more skipped lines`);
  await database.close();
  if (report.error) fail("import-off", report.error);
}

export function backupCommand(cl: CommandLine, command: "backup" | "restore"): void {
  const [path] = words(cl, 1, "give the backup file's path");
  const config = configFrom(cl.values);
  if (config.database)
    fail(
      command,
      command === "backup"
        ? `the data is in PostgreSQL (--database): back it up with PostgreSQL's own tools, e.g. pg_dump --format=custom --file=${path} "$MORSEL_DATABASE_URL" (consistent while servers run); morsel backup copies the SQLite file only`
        : `the data is in PostgreSQL (--database): restore a pg_dump with pg_restore --clean --dbname "$MORSEL_DATABASE_URL" ${path}, with the servers stopped; morsel restore replaces the SQLite file only`,
      2,
    );
  const live = join(config.dataDir, "morsel.db");
  try {
    if (command === "backup") {
      const s = backup(live, path!);
      console.log(
        `backed up ${live} → ${path}: ${s.users} users, ${s.meals} meals, ${s.customFoods} custom foods; integrity ${s.integrity}`,
      );
    } else {
      prepareDataDir(config.dataDir);
      let lock;
      try {
        lock = lockDataDir(config.dataDir);
      } catch (e) {
        if (!(e instanceof DataDirInUse)) throw e;
        fail(
          command,
          `${e.message}; stop the server first (a restore under a running server would lose the writes it takes afterwards), then run restore again. Nothing was changed.`,
        );
      }
      let result;
      try {
        result = restore(path!, live);
      } finally {
        lock.release();
      }
      const { summary: s, previous } = result;
      console.log(
        `restored ${path} → ${live}: ${s.users} users, ${s.meals} meals, ${s.customFoods} custom foods; integrity ${s.integrity}`,
      );
      if (previous) console.log(`the database it replaced is kept at ${previous}`);
    }
  } catch (e) {
    fail(command, e instanceof StartError ? e.message : explainStartError(e));
  }
}
