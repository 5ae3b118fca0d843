/**
 * Google Fit's Takeout (takeout.google.com → Fit): `Takeout/Fit/Daily activity metrics/Daily activity
 * metrics.csv`, one row a day: `Date,Move Minutes count,Calories (kcal),Distance (m),Heart Points,…,
 * Step count,…,Average weight (kg),Max weight (kg),Min weight (kg),…`. Its dates are already the
 * phone's local days, so no time zone is applied. Morsel takes the steps and the average weight.
 * "Calories (kcal)" is Fit's total expenditure with the resting part (BMR) in it, so it is not active
 * energy and is left out. The same folder's per-day files (`2024-01-15.csv`, 15-minute intervals with
 * `Start time,End time`) repeat the summary and are skipped. Chosen over Fitbit's Takeout JSON: one
 * small file with local dates and stated units (Fitbit's per-minute step files carry no offset, and its
 * weights are in the unit of the account's settings, which the files do not state). Columns as public
 * parsers of the file read them (test/fixtures/health/README.md names them).
 */
import { parse } from "csv-parse/sync";
import { Unzip, UnzipInflate } from "fflate";
import { AppError } from "../../lib/errors";
import { count, emptyHealthRead, skip, type HealthRead } from "./records";
import { dateCell, numberCell } from "../portability/trackers/entries";
import { MAX_KG, MIN_KG } from "../weights/model";

/** The most one CSV of the summary may hold: 30 years of days is about 3 MB. */
const MAX_CSV_BYTES = 16 * 1024 * 1024;
const SLICE = 64 * 1024;
const PER_DAY_FILE = /(^|\/)\d{4}-\d{2}-\d{2}\.csv$/i;

/** Reads the rows of a daily summary into `out`; false when `text` is not one (its header lacks Date and Step count). */
export function readFitCsv(name: string, text: string, out: HealthRead): boolean {
  let rows: string[][];
  try {
    rows = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: true, trim: true });
  } catch (e) {
    skip(out, name, `is not valid CSV: ${e instanceof Error ? e.message : "unreadable"}`);
    return true;
  }
  const header = (rows[0] ?? []).map((h) => h.toLowerCase());
  const [date, steps, weight] = [
    header.indexOf("date"),
    header.indexOf("step count"),
    header.indexOf("average weight (kg)"),
  ];
  if (date < 0 || (steps < 0 && weight < 0) || header.includes("start time")) return false;
  for (let i = 1; i < rows.length; i++) {
    const row = rows[i]!;
    const d = dateCell(row[date]);
    if (!d) {
      skip(out, `${name}:${i + 1}`, `date "${row[date] ?? ""}" is not a date`);
      continue;
    }
    const s = steps >= 0 ? numberCell(row[steps]) : null;
    if (s !== null && Number.isFinite(s) && s >= 0) {
      out.days[d] = { ...out.days[d], steps: Math.round(s) };
      count(out, "steps");
    }
    const kg = weight >= 0 ? numberCell(row[weight]) : null;
    if (kg !== null && Number.isFinite(kg)) {
      if (kg < MIN_KG || kg > MAX_KG) skip(out, `${name}:${i + 1}`, `weight ${kg} kg is out of range`);
      else {
        out.body.push({ date: d, at: `${d}T00:00:00.000Z`, kg: Math.round(kg * 1000) / 1000 });
        count(out, "weights");
      }
    }
  }
  return true;
}

/** A Takeout ZIP (or the summary CSV alone) from its chunks. */
export async function readGoogleFit(chunks: AsyncIterable<Uint8Array>): Promise<HealthRead> {
  const out = emptyHealthRead();
  let found = 0;
  let kind: "zip" | "csv" | null = null;
  const csv: Uint8Array[] = [];
  let csvBytes = 0;
  const unzip = new Unzip((entry) => {
    if (!/\.csv$/i.test(entry.name) || PER_DAY_FILE.test(entry.name) || entry.name.startsWith("__MACOSX/")) return;
    const parts: Uint8Array[] = [];
    let size = 0;
    entry.ondata = (err, chunk, final) => {
      if (err) throw err;
      size += chunk.length;
      if (size > MAX_CSV_BYTES)
        throw new AppError("payload_too_large", `${entry.name} is larger than ${MAX_CSV_BYTES >> 20} MiB`);
      parts.push(chunk);
      if (final && readFitCsv(entry.name, new TextDecoder().decode(Buffer.concat(parts)), out)) found++;
    };
    entry.start();
  });
  unzip.register(UnzipInflate);
  try {
    for await (const chunk of chunks) {
      if (kind === null) kind = chunk[0] === 0x50 && chunk[1] === 0x4b ? "zip" : "csv";
      if (kind === "csv") {
        csvBytes += chunk.length;
        if (csvBytes > MAX_CSV_BYTES)
          throw new AppError("payload_too_large", `the CSV is larger than ${MAX_CSV_BYTES >> 20} MiB`);
        csv.push(chunk.slice());
      } else for (let at = 0; at < chunk.length; at += SLICE) unzip.push(chunk.subarray(at, at + SLICE), false);
    }
    if (kind === "zip") unzip.push(new Uint8Array(0), true);
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw new AppError("validation_failed", "the file is not a ZIP that can be read", [
      { field: "file", message: e instanceof Error ? e.message : "unreadable ZIP" },
    ]);
  }
  if (kind === "csv" && readFitCsv("upload", new TextDecoder().decode(Buffer.concat(csv)), out)) found++;
  if (!found)
    throw new AppError("validation_failed", "found no Google Fit daily summary to import", [
      {
        field: "file",
        message: 'send the Takeout ZIP of Fit, or its "Daily activity metrics.csv" (a header with Date and Step count)',
      },
    ]);
  return out;
}
