/**
 * `morsel import FILE… --format F --user EMAIL [--preview] [--weight-unit kg|lb] [--skip-invalid]`: another tracker's
 * export into one account, from the shell, beside a running server or not. The same code as
 * POST /import?format=F (features/portability/trackers/import.ts) does the work.
 */
import { basename } from "node:path";
import type { CommandLine } from "../args";
import { extracted } from "../assets";
import { configFrom } from "../config";
import { Catalogue } from "../db/catalogue";
import { openForCommand, secretInDatabase } from "../db/open";
import { anonymous, ctxFor, type AuthedUser } from "../context";
import { AuthRepo } from "../features/auth/repo";
import { checkEmail } from "../features/auth/validate";
import { TRACKER_FORMATS, type TrackerFormat } from "../features/portability/trackers/formats";
import { importTracker } from "../features/portability/trackers/import";
import { apiUnit } from "../features/weights/trend";
import { HEALTH_FORMATS, type HealthFormat } from "../features/bridges/records";
import { importHealthFile } from "../features/bridges/service";
import { AppError } from "../lib/errors";
import { loadOrCreateSecret } from "../lib/secret";
import { createServices } from "../services";
import { fail } from "./commands";
import { prepareDataDir } from "./startup";

const FORMATS = [...TRACKER_FORMATS, ...HEALTH_FORMATS];
const USAGE = `usage: morsel import FILE... --format ${FORMATS.join("|")} --user EMAIL [--preview] [--skip-invalid] [--dietary-energy]`;

export async function importTrackerCommand(cl: CommandLine): Promise<void> {
  if (!cl.positionals.length) fail("import", `give the export file(s) to import; ${USAGE}`, 2);
  const format = cl.values.format;
  if (typeof format !== "string" || !(FORMATS as readonly string[]).includes(format))
    fail("import", `--format must be one of ${FORMATS.join(", ")}; ${USAGE}`, 2);
  const health = (HEALTH_FORMATS as readonly string[]).includes(format);
  if (health && cl.positionals.length !== 1) fail("import", `--format ${format} takes one file; ${USAGE}`, 2);
  const unit = cl.values["weight-unit"];
  if (unit !== undefined && unit !== "kg" && unit !== "lb") fail("import", "--weight-unit must be kg or lb", 2);
  const email = checkEmail(cl.values.user);
  if (!email.ok) fail("import", `--user ${email.message}; ${USAGE}`, 2);
  const files: { name: string; bytes: Uint8Array }[] = [];
  for (const path of cl.positionals) {
    const f = Bun.file(path);
    if (!(await f.exists())) fail("import", `no file at ${path}`, 2);
    // a health export is read from its path as a stream, never whole
    if (!health) files.push({ name: basename(path), bytes: new Uint8Array(await f.arrayBuffer()) });
  }
  const config = configFrom(cl.values);
  prepareDataDir(config.dataDir);
  const database = await openForCommand(config.database, config.dataDir);
  const row = await database.store.run(new AuthRepo().userByEmail(email.value));
  if (!row) {
    await database.close();
    fail("import", `no account with email ${email.value} in ${database.where}`);
  }
  const catalogue = new Catalogue(extracted(config.cataloguePath, config.dataDir));
  // the server's secret: the meals' ids are derived under it (trackers/convert.ts), as POST /import does
  const { secret } = database.sqlite
    ? loadOrCreateSecret(config.dataDir)
    : await database.store.run(secretInDatabase(new Date()));
  const services = createServices({ store: database.store, catalogue, jwtSecret: secret });
  const user: AuthedUser = { ...row, role: row.role as AuthedUser["role"], sid: null, tokenId: null, scopes: [] };
  const ctx = ctxFor(services, user, services.now(), "cli");
  const preview = cl.values.preview === true;
  // the health export (read from its path as a stream) or a tracker's files; either fails as one clear sentence
  const work = health
    ? async () => {
        const s = await importHealthFile({
          ctx,
          input: {
            format: format as HealthFormat,
            path: cl.positionals[0]!,
            dietaryEnergy: cl.values["dietary-energy"] === true,
            idKey: services.importIdKey,
          },
        });
        const span = s.first_date ? ` from ${s.first_date} to ${s.last_date}` : "";
        const t = (x: { added: number; unchanged: number }) => `${x.added} new, ${x.unchanged} already there`;
        console.log(
          `imported into ${row.email}${span}: workouts ${t(s.workouts)}; daily values ${t(s.days)}; ` +
            `weigh-ins ${t(s.weights)}; body fat ${t(s.body_fat)}`,
        );
        for (const k of s.skipped) console.log(`  skipped ${k.what}: ${k.message}`);
        if (s.skipped_count > s.skipped.length)
          console.log(`  … and ${s.skipped_count - s.skipped.length} more skipped`);
      }
    : async () => {
        const s = await importTracker({
          ctx,
          foods: anonymous(ctx),
          input: {
            format: format as TrackerFormat,
            files,
            preview,
            weightUnit: unit ?? apiUnit(row.weightUnit),
            idKey: services.importIdKey,
            skipInvalid: cl.values["skip-invalid"] === true,
          },
        });
        const span = s.first_date ? ` from ${s.first_date} to ${s.last_date}` : "";
        console.log(
          `${preview ? "preview (nothing written)" : "imported"} into ${row.email}${span}: ` +
            `meals ${s.meals.added} new, ${s.meals.unchanged} already there (${s.matched} catalogue foods, ${s.quick_adds} quick adds); ` +
            `weigh-ins ${s.weights.added} new, ${s.weights.unchanged} kept` +
            (s.exercises ? `; exercises ${s.exercises.added} new, ${s.exercises.unchanged} already there` : "") +
            (s.daily_values?.added || s.daily_values?.unchanged
              ? `; days of steps ${s.daily_values.added} new, ${s.daily_values.unchanged} kept`
              : ""),
        );
        for (const n of s.not_imported)
          console.log(`  not imported: ${n.rows} ${n.kind} rows${n.file ? ` of ${n.file}` : ""}`);
        for (const k of s.skipped)
          console.log(
            `  skipped ${k.file}${k.line === null ? "" : `:${k.line}`}${k.column === null ? "" : `:${k.column}`}: ${k.message}`,
          );
        if (s.skipped_count > s.skipped.length)
          console.log(`  … and ${s.skipped_count - s.skipped.length} more skipped`);
        for (const name of s.ignored_files) console.log(`  not read: ${name}`);
      };
  try {
    await work();
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    const details = (e.details ?? []).map((d) => `\n  ${d.field}: ${d.message}`).join("");
    fail("import", `${e.message}${details}\nNothing was imported.`);
  } finally {
    await database.close();
    catalogue.close();
  }
}
