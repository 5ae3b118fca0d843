/**
 * Another tracker's export, read as a stream: a ZIP's entries are inflated a slice at a time
 * (fflate's streaming Unzip), and each CSV file is parsed as its bytes arrive (csv-parse), a row at
 * a time into the tracker's reader (formats.ts), so memory follows the entries kept, not the file
 * (a 60 MiB CSV read whole took 3.4 GB). This runs in a worker thread (read.ts), never on the
 * request thread. The limits below are the contract's (docs/API.md §Data portability).
 */
import { Unzip, UnzipInflate } from "fflate";
import { Parser } from "csv-parse";
import { AppError } from "../../../lib/errors";
import type { Skip, SourceFile, TrackerRead } from "./entries";
import { TrackerReader, type TrackerFormat } from "./formats";

/** What one upload may unpack to, counting the bytes actually inflated, over all its files. */
export const MAX_UNZIPPED = 64 * 1024 * 1024;
/** Entries one ZIP may have (an export has a handful). */
export const MAX_ZIP_ENTRIES = 1000;
/** CSV records one upload may have, over all its files: a decade of logging is about 40,000. */
export const MAX_ROWS = 100_000;
/** Columns one CSV record may have (Cronometer's servings have about 80). */
export const MAX_COLUMNS = 300;
/** Bytes one CSV record may have; an unclosed quote stops here instead of swallowing the file. */
export const MAX_RECORD_BYTES = 64 * 1024;

/** Each slice of input handed to the inflater: a slice inflates to at most ~1,000× its size. */
const ZIP_SLICE = 16 * 1024;
const TEXT_SLICE = 1024 * 1024;

const isZip = (b: Uint8Array) => b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

/** The upload read as `format`'s foods and weigh-ins; throws AppError past a limit. */
export function readUpload(upload: SourceFile[], format: TrackerFormat, weightUnit: "kg" | "lb"): TrackerRead {
  const reader = new TrackerReader(format, weightUnit);
  const skipped: Skip[] = [];
  const names: string[] = [];
  const count = { bytes: 0, rows: 0 };
  for (const f of upload) {
    if (!isZip(f.bytes)) {
      names.push(f.name);
      const csv = new CsvFile(f.name, reader, skipped, count);
      for (let at = 0; at < f.bytes.length; at += TEXT_SLICE) csv.push(f.bytes.subarray(at, at + TEXT_SLICE));
      csv.end();
      continue;
    }
    readZip(f, (name) => {
      names.push(name);
      return new CsvFile(name, reader, skipped, count);
    });
  }
  const read = reader.finish(names);
  // every skip in the order of the upload: by file, then by line
  const order = new Map(names.map((n, i) => [n, i]));
  read.skipped = [...skipped, ...read.skipped].sort(
    (a, b) => (order.get(a.file) ?? -1) - (order.get(b.file) ?? -1) || (a.line ?? 0) - (b.line ?? 0),
  );
  return read;

  function readZip(f: SourceFile, open: (name: string) => CsvFile): void {
    let entries = 0;
    const unzip = new Unzip((entry) => {
      if (++entries > MAX_ZIP_ENTRIES)
        throw new AppError("payload_too_large", `${f.name} has more than ${MAX_ZIP_ENTRIES} entries`);
      if (!/\.csv$/i.test(entry.name) || entry.name.startsWith("__MACOSX/")) return; // never inflated
      const csv = open(`${f.name}/${entry.name}`);
      entry.ondata = (err, chunk, final) => {
        if (err) throw err;
        count.bytes += chunk.length;
        if (count.bytes > MAX_UNZIPPED)
          throw new AppError("payload_too_large", `the upload unpacks to more than ${MAX_UNZIPPED >> 20} MiB of CSV`);
        csv.push(chunk);
        if (final) csv.end();
      };
      entry.start();
    });
    unzip.register(UnzipInflate);
    try {
      for (let at = 0; at < f.bytes.length; at += ZIP_SLICE)
        unzip.push(f.bytes.subarray(at, at + ZIP_SLICE), at + ZIP_SLICE >= f.bytes.length);
    } catch (e) {
      if (e instanceof AppError) throw e;
      throw unreadableZip(f.name, e instanceof Error ? e.message : "unreadable ZIP");
    }
    // The entries were read from their own headers, in order, so no two share bytes; the directory
    // at the end must list as many, or entries overlap (a bomb's trick) or are missing.
    const listed = directoryEntries(f.bytes);
    if (listed === null) throw unreadableZip(f.name, "its directory (the end of the file) is missing");
    if (listed !== 0xffff && listed !== entries)
      throw unreadableZip(
        f.name,
        `its directory lists ${listed} entries but it holds ${entries}: entries overlap or are damaged`,
      );
  }
}

function unreadableZip(name: string, why: string): AppError {
  return new AppError("validation_failed", `${name} is not a ZIP file that can be read`, [
    { field: "file", message: `${name}: ${why}` },
  ]);
}

/** The entry count of a ZIP's end-of-central-directory record, or null when there is none. */
function directoryEntries(b: Uint8Array): number | null {
  for (let i = b.length - 22; i >= Math.max(0, b.length - 22 - 0xffff); i--) {
    if (b[i] === 0x50 && b[i + 1] === 0x4b && b[i + 2] === 0x05 && b[i + 3] === 0x06)
      return b[i + 10]! | (b[i + 11]! << 8);
  }
  return null;
}

/** Stops a file's parse from inside csv-parse's record callback. */
class Broken extends Error {}

interface ParserApi {
  parse(
    buf: Buffer | undefined,
    end: boolean,
    push: (r: { record: string[]; info: { lines: number } }) => void,
    close: () => void,
  ): Error | undefined;
}

/** One CSV file, parsed as its bytes arrive; its first record is its header. */
class CsvFile {
  // csv-parse's Parser keeps its push parser as `api` (the sync and stream APIs both drive it): fed
  // a chunk at a time, it hands each record over as soon as it is complete.
  private readonly parser = (
    new Parser({
      bom: true,
      info: true,
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
      max_record_size: MAX_RECORD_BYTES,
      // a lone CR ends a record too (old Mac files, hand edits): it used to merge two rows
      record_delimiter: ["\r\n", "\n", "\r"],
    }) as unknown as { api: ParserApi }
  ).api;
  private readonly decoder = new TextDecoder("utf-8", { fatal: true });
  /** undefined until the header is read; null: not a file this format reads. */
  private rows: ((row: { line: number; cells: string[] }) => void) | null | undefined = undefined;
  private broken = false;
  /** The header's field count: every record must have as many. */
  private width = 0;

  constructor(
    private readonly name: string,
    private readonly reader: TrackerReader,
    private readonly skipped: Skip[],
    private readonly count: { rows: number },
  ) {}

  push(chunk: Uint8Array): void {
    if (this.broken || this.rows === null) return;
    try {
      this.decoder.decode(chunk, { stream: true });
    } catch {
      this.fail(null, "is not UTF-8 text: export it again as CSV");
      return;
    }
    this.feed(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength), false);
  }

  end(): void {
    if (this.broken || this.rows === null) return;
    try {
      this.decoder.decode();
    } catch {
      this.fail(null, "is not UTF-8 text: export it again as CSV");
      return;
    }
    this.feed(undefined, true);
    if (this.broken) return;
    if (this.rows === undefined) this.fail(null, "is empty");
    else this.reader.commit();
  }

  private feed(buf: Buffer | undefined, end: boolean): void {
    let err: Error | undefined;
    try {
      err = this.parser.parse(buf, end, this.record, () => {});
    } catch (e) {
      if (e instanceof Broken) return;
      throw e;
    }
    if (!err) return;
    const e = err as Error & { code?: string; lines?: number; index?: number };
    const message =
      e.code === "CSV_MAX_RECORD_SIZE"
        ? `is not valid CSV: a record is longer than ${MAX_RECORD_BYTES >> 10} KiB (an unclosed quote?)`
        : `is not valid CSV: ${e.message}`;
    this.fail(typeof e.lines === "number" ? e.lines : null, message, typeof e.index === "number" ? e.index + 1 : null);
  }

  private readonly record = ({ record, info }: { record: string[]; info: { lines: number } }) => {
    if (++this.count.rows > MAX_ROWS)
      throw new AppError(
        "payload_too_large",
        `the upload has more than ${MAX_ROWS} CSV rows: import it a few years at a time`,
      );
    if (record.length > MAX_COLUMNS) {
      this.fail(info.lines, `has ${record.length} columns on line ${info.lines}; at most ${MAX_COLUMNS} are read`);
      throw new Broken();
    }
    if (this.rows === undefined) {
      this.width = record.length;
      this.rows = this.reader.table(this.name, record);
      if (this.rows === null) throw new Broken(); // not one of this format's files: no need to read on
      return;
    }
    if (record.length !== this.width) {
      // a record cut short (a truncated file) or with a stray separator: its cells would be misread
      const message = `has ${record.length} fields where the header (line 1) has ${this.width}`;
      this.skipped.push({ file: this.name, line: info.lines, column: null, message });
      return;
    }
    this.rows?.({ line: info.lines, cells: record });
  };

  private fail(line: number | null, message: string, column: number | null = null): void {
    this.broken = true;
    if (this.rows) this.reader.drop();
    this.skipped.push({ file: this.name, line, column, message });
  }
}
