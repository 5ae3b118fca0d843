/**
 * `morsel import-off FILE`: streams an Open Food Facts export (JSONL, or CSV/TSV with a header
 * row; plain or gzip) into imported_products. Memory stays flat: one line at a time, upserts in
 * batched transactions. Re-running changes nothing. A bad line is skipped and reported by number;
 * a truncated gzip stops the import after the last whole line, which is reported.
 */
import { tx } from "../../db/q";
import type { Store } from "../../db/store";
import { ImportedRepo, type UpsertOutcome } from "./repo";
import { mapOffProduct } from "./off";

export interface ImportReport {
  lines: number;
  inserted: number;
  updated: number;
  unchanged: number;
  skippedCount: number;
  /** The first skipped lines with why (at most 100). */
  skipped: { line: number; reason: string }[];
  /** Set when the file could not be read to its end. */
  error: string | null;
  seconds: number;
  format: "jsonl" | "csv" | "tsv";
  gzip: boolean;
}

export interface ImportOptions {
  now?: () => Date;
  batchSize?: number;
  /** Called about 4 times a second with bytes of the file read so far. */
  onProgress?: (p: { bytesRead: number; bytesTotal: number; lines: number }) => void;
}

const MAX_REPORTED = 100;

async function* splitLines(stream: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let rest = "";
  for await (const chunk of stream) {
    const parts = (rest + decoder.decode(chunk, { stream: true })).split("\n");
    rest = parts.pop()!;
    for (const p of parts) yield p.endsWith("\r") ? p.slice(0, -1) : p;
  }
  rest += decoder.decode();
  if (rest !== "") yield rest;
}

/** One CSV/TSV record (no embedded newlines); null when its quoting is broken. */
export function splitRow(line: string, delimiter: string): string[] | null {
  if (delimiter === "\t" && !line.includes('"')) return line.split("\t");
  const out: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === "") quoted = true;
    else if (c === delimiter) {
      out.push(field);
      field = "";
    } else field += c;
  }
  if (quoted) return null;
  out.push(field);
  return out;
}

export async function importOff(store: Store, path: string, opts: ImportOptions = {}): Promise<ImportReport> {
  const started = performance.now();
  const now = (opts.now ?? (() => new Date()))().toISOString();
  const batchSize = opts.batchSize ?? 250;
  const repo = new ImportedRepo(store);
  const file = Bun.file(path);
  const bytesTotal = file.size;
  const head = new Uint8Array(await file.slice(0, 2).arrayBuffer());
  const gzip = head[0] === 0x1f && head[1] === 0x8b;

  let bytesRead = 0;
  let lastProgress = 0;
  const counted = file.stream().pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, ctl) {
        bytesRead += chunk.byteLength;
        ctl.enqueue(chunk);
      },
    }),
  );
  const stream: ReadableStream<Uint8Array> = gzip
    ? counted.pipeThrough(new DecompressionStream("gzip") as unknown as TransformStream<Uint8Array, Uint8Array>)
    : counted;

  const report: ImportReport = {
    lines: 0,
    inserted: 0,
    updated: 0,
    unchanged: 0,
    skippedCount: 0,
    skipped: [],
    error: null,
    seconds: 0,
    format: "jsonl",
    gzip,
  };
  const skip = (line: number, reason: string) => {
    report.skippedCount++;
    if (report.skipped.length < MAX_REPORTED) report.skipped.push({ line, reason });
  };
  let batch: Parameters<ImportedRepo["upsert"]>[0][] = [];
  const flush = async () => {
    if (!batch.length) return;
    const records = batch;
    batch = [];
    // On SQLite an IMMEDIATE transaction (db/store.ts): it waits for a running server's write to finish
    // (busy_timeout) rather than fail the upgrade from a read; small batches keep each hold of the
    // write lock to a few milliseconds.
    const outcomes = await store.run(
      tx(function* () {
        const out: UpsertOutcome[] = [];
        for (const r of records) out.push(yield* repo.upsert(r, "off-import", now));
        return out;
      }),
    );
    for (const o of outcomes) report[o]++;
  };

  let header: string[] | null = null;
  let delimiter = ",";
  try {
    for await (const line of splitLines(stream)) {
      const n = ++report.lines;
      if (opts.onProgress && performance.now() - lastProgress > 250) {
        lastProgress = performance.now();
        opts.onProgress({ bytesRead, bytesTotal, lines: n });
      }
      if (n === 1 && !line.trimStart().startsWith("{")) {
        delimiter = line.includes("\t") ? "\t" : ",";
        report.format = delimiter === "\t" ? "tsv" : "csv";
        header = splitRow(line.replace(/^\uFEFF/, ""), delimiter);
        if (!header?.includes("code"))
          throw new Error("line 1 is neither a JSON object nor a CSV header with a 'code' column");
        continue;
      }
      if (line.trim() === "") continue;
      let product: Record<string, unknown>;
      if (header) {
        const fields = splitRow(line, delimiter);
        if (!fields || fields.length !== header.length) {
          skip(n, fields ? `${fields.length} fields where the header has ${header.length}` : "unbalanced quotes");
          continue;
        }
        product = Object.fromEntries(header.map((h, i) => [h, fields[i]]));
      } else {
        try {
          const v: unknown = JSON.parse(line);
          if (!v || typeof v !== "object" || Array.isArray(v)) {
            skip(n, "not a JSON object");
            continue;
          }
          product = v as Record<string, unknown>;
        } catch {
          skip(n, "not valid JSON");
          continue;
        }
      }
      const mapped = mapOffProduct(product);
      if (!mapped.ok) {
        skip(n, mapped.reason);
        continue;
      }
      batch.push(mapped.record);
      if (batch.length >= batchSize) await flush();
    }
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    report.error =
      gzip && !/header/.test(msg)
        ? `the gzip stream ends early or is corrupt after line ${report.lines} (${msg}); every whole line before it was imported`
        : msg;
  }
  await flush();
  // the text index, written batch by batch, is merged in short steps: a server's writes wait for a step, not all
  while (await store.run(tx(() => repo.compactStep())));
  report.seconds = (performance.now() - started) / 1000;
  opts.onProgress?.({ bytesRead: bytesTotal, bytesTotal, lines: report.lines });
  return report;
}
