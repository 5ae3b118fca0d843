/**
 * Settings → Import (API.md §Data portability): a Morsel export, or the export of MyFitnessPal,
 * Cronometer, Lose It! or wger. Another tracker's files are previewed first (POST /import with
 * preview=true: what would be imported, and every row that could not be read), then imported with
 * one more tap; the meals and weigh-ins reach this device with the next sync. The preview lists the weigh-ins
 * with the unit they are read in, which the person may change (import-weigh-ins.tsx). Needs the server.
 */
import { numberUnit } from "../weight-units";
import type { Schemas } from "../api-data";
import type { ComponentChildren } from "preact";
import { useState } from "preact/hooks";
import { isOffline, message } from "../api";
import { importExport, importTrackerFiles } from "../imports";
import { ErrorText, useApp } from "../ui";
import { WeighInsPreview } from "./import-weigh-ins";
import { HEALTH_FORMATS, importHealth, isHealthFormat } from "./import-health";

const FORMATS = [
  ["cronometer", "Cronometer", "Choose servings.csv and biometrics.csv (More → Account → Export Data)."],
  ["myfitnesspal", "MyFitnessPal", "Choose the ZIP of Settings → Export Data (its meals have no food names)."],
  ["loseit", "Lose It!", "Choose the ZIP of Settings → Export your data."],
  ["wger", "wger", "Choose the weight CSV (Weight → Export); wger does not export its diary."],
  ["morsel", "Morsel export", "Choose a JSON export of this or another Morsel."],
  ...HEALTH_FORMATS,
] as const;

type Summary = Schemas["ImportSummary"];
type Format = (typeof FORMATS)[number][0];

const LEFT_BEHIND = {
  exercise: ["exercise row", "exercise rows"],
  body_fat: ["body-fat reading", "body-fat readings"],
  day_note: ["day note of a day without meals", "day notes of days without meals"],
  strength: ["strength-training row (sets and reps, no minutes)", "strength-training rows (sets and reps, no minutes)"],
} as const;

const OFFLINE = "Importing needs the server, which cannot be reached now.";
const where = (s: { file: string; line: number | null; column: number | null }) =>
  `${s.file}${s.line === null ? "" : `, line ${s.line}`}${s.column === null ? "" : `, column ${s.column}`}`;

export function ImportRegion() {
  const app = useApp();
  const [format, setFormat] = useState<Format>("cronometer");
  const [files, setFiles] = useState<File[]>([]);
  const [preview, setPreview] = useState<Summary | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** The unit of weigh-ins whose file does not say (the API's weight_unit): null, the account's, until changed. */
  const [chosen, setUnit] = useState<"kg" | "lb" | null>(null);
  /** The API refuses a file with bad lines unless asked (skip_invalid): the person says so here. */
  const [skipBad, setSkipBad] = useState(false);
  const unit = chosen ?? numberUnit(app.user.weight_unit ?? "kg");

  async function send(dry: boolean, weightUnit: "kg" | "lb"): Promise<Summary> {
    if (format === "morsel") {
      const text = await files[0]!.text();
      JSON.parse(text); // not JSON: said here, before anything is sent
      return importExport(text);
    }
    if (isHealthFormat(format)) throw new Error("a health export has no preview"); // run() sends those itself
    // the preview lists every line that cannot be read; the import leaves them out only when the person agreed
    const skip = dry || skipBad ? { skip_invalid: true } : {};
    return importTrackerFiles({ format, weight_unit: weightUnit, ...(dry && { preview: true }), ...skip }, files);
  }

  async function run(dry: boolean, weightUnit = unit) {
    setError(null);
    setDone(null);
    setBusy(true);
    try {
      if (isHealthFormat(format)) {
        setDone(await importHealth(format, files[0]!));
        void app.sync.run();
        return;
      }
      const s = await send(dry, weightUnit);
      if (dry) {
        setPreview(s);
        setSkipBad(false);
      } else {
        setPreview(null);
        setDone(
          `Imported ${s.meals.added} meals and ${s.weights.added} weigh-ins` +
            (s.exercises?.added ? `, and ${s.exercises.added} exercises` : "") +
            (s.meals.unchanged ? ` (${s.meals.unchanged} meals were already here).` : "."),
        );
        void app.sync.run(); // bring them to this device now
      }
    } catch (e) {
      setError(isOffline(e) ? OFFLINE : e instanceof SyntaxError ? "That file is not a JSON export." : message(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="import-title">
      <h2 id="import-title">Import</h2>
      <p class="muted">
        Bring your history from another tracker: meals that match a food here are logged as that food, the rest as quick
        adds with their calories and macros. Importing the same files again adds nothing.
      </p>
      <label>
        Format
        <select
          name="format"
          onChange={(e) => {
            setFormat((e.currentTarget as HTMLSelectElement).value as Format); // one of FORMATS, the options
            setPreview(null);
          }}
        >
          {FORMATS.map(([value, label]) => (
            <option key={value} value={value} selected={value === format}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <p class="muted">{FORMATS.find((f) => f[0] === format)![2]}</p>
      <label>
        Import file
        <input
          type="file"
          name="files"
          multiple={format !== "morsel" && !isHealthFormat(format)}
          accept={
            format === "morsel"
              ? ".json,application/json"
              : format === "apple_health"
                ? ".zip,.xml,application/zip"
                : ".csv,.zip,text/csv,application/zip"
          }
          onChange={(e) => {
            setFiles([...((e.currentTarget as HTMLInputElement).files ?? [])]);
            setPreview(null);
            setUnit(null); // other files: the account's unit again until the person says otherwise
            setDone(null);
          }}
        />
      </label>
      <div class="actions">
        {format !== "morsel" && !isHealthFormat(format) && (
          <button type="button" disabled={!files.length || busy} onClick={() => void run(true)}>
            Preview import
          </button>
        )}
        <button
          type="button"
          disabled={
            !files.length ||
            busy ||
            (format !== "morsel" &&
              !isHealthFormat(format) &&
              (!preview || ((preview.skipped_count ?? 0) > 0 && !skipBad)))
          }
          onClick={() => void run(false)}
        >
          Import
        </button>
      </div>
      {preview && (preview.skipped_count ?? 0) > 0 && !skipBad && (
        <p class="muted">
          {preview.skipped_count === 1 ? "A line" : `${preview.skipped_count} lines`} of the file cannot be read: tick
          “Leave out the lines that cannot be read” below to import the rest.
        </p>
      )}
      <ErrorText error={error} />
      {preview && (
        <PreviewList s={preview} skipBad={skipBad} onSkipBad={setSkipBad}>
          <WeighInsPreview
            rows={preview.weigh_ins ?? []}
            count={preview.weigh_ins_count ?? 0}
            unit={unit}
            busy={busy}
            onUnit={(u) => {
              setUnit(u);
              void run(true, u); // read them again in that unit
            }}
          />
        </PreviewList>
      )}
      {done && (
        <p class="notice" aria-live="polite">
          {done}
        </p>
      )}
    </section>
  );
}

function PreviewList({
  s,
  skipBad,
  onSkipBad,
  children,
}: {
  s: Summary;
  skipBad: boolean;
  onSkipBad: (v: boolean) => void;
  children: ComponentChildren;
}) {
  const skipped = s.skipped ?? [];
  const behind = s.not_imported ?? [];
  return (
    <div role="region" aria-live="polite" aria-label="Import preview">
      <p>
        {s.first_date ? `From ${s.first_date} to ${s.last_date}: ` : ""}
        {s.meals.added} meals to add ({s.matched ?? 0} as foods from the catalogue, {s.quick_adds ?? 0} as quick adds)
        {s.meals.unchanged ? `, ${s.meals.unchanged} already here` : ""}; {s.weights.added} weigh-ins to add
        {s.weights.unchanged ? `, ${s.weights.unchanged} days that already have one keep it` : ""}.
      </p>
      {children}
      {skipped.length > 0 && (
        <>
          <p>
            {s.skipped_count} {s.skipped_count === 1 ? "line" : "lines"} could not be read:
          </p>
          <ul class="skipped">
            {skipped.slice(0, 20).map((k) => (
              <li key={`${k.file}:${k.line}:${k.column}`}>
                {where(k)}: {k.message}
              </li>
            ))}
          </ul>
          <label class="check">
            <input type="checkbox" checked={skipBad} onChange={(e) => onSkipBad(e.currentTarget.checked)} />
            Leave out the lines that cannot be read
          </label>
        </>
      )}
      {behind.length > 0 && (
        <p class="muted">
          Not imported (Morsel has nowhere to keep them yet):{" "}
          {behind
            .map((b) => `${b.rows} ${LEFT_BEHIND[b.kind][b.rows === 1 ? 0 : 1]}${b.file ? ` (${b.file})` : ""}`)
            .join(", ")}
          .
        </p>
      )}
      {(s.ignored_files ?? []).length > 0 && <p class="muted">Not read: {s.ignored_files!.join(", ")}</p>}
    </div>
  );
}
