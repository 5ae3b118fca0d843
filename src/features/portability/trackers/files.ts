/**
 * Another tracker's export as files of text, and each CSV file as a table. A tracker's export
 * arrives as one CSV, a ZIP of CSVs (MyFitnessPal, Lose It!) or several files in one multipart
 * upload (Cronometer's servings and biometrics). ZIPs are read with fflate and CSV with csv-parse
 * (well-kept, streaming-capable, and they report the line of a broken quote); nothing is hand-parsed.
 */
import { unzipSync } from "fflate";
import { parse } from "csv-parse/sync";
import { AppError } from "../../../lib/errors";
import { normalHeader, type Skip, type SourceFile, type Table } from "./entries";

/** The most a ZIP may unpack to: its CSVs are a few MB for a decade of logging. */
export const MAX_UNZIPPED = 256 * 1024 * 1024;

const isZip = (b: Uint8Array) => b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

/** The CSV files of the upload: a ZIP's own CSVs (folders flattened), anything else as it came. */
export function csvFiles(upload: SourceFile[]): SourceFile[] {
  const out: SourceFile[] = [];
  for (const f of upload) {
    if (!isZip(f.bytes)) {
      out.push(f);
      continue;
    }
    let total = 0;
    let entries: Record<string, Uint8Array>;
    try {
      entries = unzipSync(f.bytes, {
        filter: (e) => {
          if (!/\.csv$/i.test(e.name) || e.name.startsWith("__MACOSX/")) return false;
          total += e.originalSize;
          if (total > MAX_UNZIPPED)
            throw new AppError("payload_too_large", `${f.name} unpacks to more than ${MAX_UNZIPPED >> 20} MiB of CSV`);
          return true;
        },
      });
    } catch (e) {
      if (e instanceof AppError) throw e;
      throw new AppError("validation_failed", `${f.name} is not a ZIP file that can be read`, [
        { field: "file", message: `${f.name}: ${e instanceof Error ? e.message : "unreadable ZIP"}` },
      ]);
    }
    for (const [name, bytes] of Object.entries(entries)) out.push({ name: `${f.name}/${name}`, bytes });
  }
  return out;
}

/** A CSV file as a table; null (with a skip saying why) when it is not CSV text. */
export function readTable(f: SourceFile, skips: Skip[]): Table | null {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(f.bytes);
  } catch {
    skips.push({ file: f.name, line: null, column: null, message: "is not UTF-8 text: export it again as CSV" });
    return null;
  }
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      info: true,
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (e) {
    const err = e as { message?: string; lines?: number; index?: number };
    skips.push({
      file: f.name,
      line: typeof err.lines === "number" ? err.lines : null,
      column: typeof err.index === "number" ? err.index + 1 : null,
      message: `is not valid CSV: ${err.message ?? "unreadable"}`,
    });
    return null;
  }
  if (!records.length) {
    skips.push({ file: f.name, line: null, column: null, message: "is empty" });
    return null;
  }
  return {
    file: f.name,
    header: records[0]!.record.map(normalHeader),
    rows: records.slice(1).map((r) => ({ line: r.info.lines, cells: r.record })),
  };
}
