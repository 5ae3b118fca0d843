/**
 * An Apple Health export file (export.zip, or its export.xml alone) read from disk as a stream: the
 * ZIP is read 64 KiB at a time, only its `export.xml` entry is inflated (fflate's streaming Unzip, the
 * same as the tracker import), its bytes decoded as UTF-8 as they come and handed to the scanner
 * (apple.ts). Nothing holds more than a slice of the file. Runs in a worker (read-worker.ts).
 * The limits are the contract's (docs/API.md §Health bridges).
 */
import { Unzip, UnzipInflate } from "fflate";
import { AppError } from "../../lib/errors";
import { AppleHealthReader, type AppleOptions } from "./apple";
import type { HealthRead } from "./records";

/** The most export.xml may inflate to: the largest real exports are about 4 GB. */
export const MAX_XML_BYTES = 8 * 1024 ** 3;
/** Entries the ZIP may have: an export has export.xml, export_cda.xml, and a file per workout route and ECG. */
export const MAX_APPLE_ZIP_ENTRIES = 100_000;

const SLICE = 64 * 1024;
const isXmlName = (name: string) => /(^|\/)export\.xml$/i.test(name) && !name.startsWith("__MACOSX/");

export async function readAppleExport(
  chunks: AsyncIterable<Uint8Array>,
  options: AppleOptions,
  progress?: (bytesRead: number) => void,
): Promise<HealthRead> {
  const reader = new AppleHealthReader(options);
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let inflated = 0;
  let read = 0;
  let found = 0;
  let kind: "zip" | "xml" | null = null;
  let entries = 0;
  const text = (bytes: Uint8Array, final: boolean) => {
    inflated += bytes.length;
    if (inflated > MAX_XML_BYTES)
      throw new AppError("payload_too_large", `export.xml inflates to more than ${MAX_XML_BYTES / 1024 ** 3} GiB`);
    let s: string;
    try {
      s = decoder.decode(bytes, { stream: !final });
    } catch {
      throw new AppError("validation_failed", "export.xml is not UTF-8 text", [
        { field: "file", message: "export.xml is not UTF-8 text: export it again from the Health app" },
      ]);
    }
    reader.push(s);
  };
  const unzip = new Unzip((entry) => {
    if (++entries > MAX_APPLE_ZIP_ENTRIES)
      throw new AppError("payload_too_large", `the ZIP has more than ${MAX_APPLE_ZIP_ENTRIES} entries`);
    if (!isXmlName(entry.name) || found) return; // never inflated
    found++;
    entry.ondata = (err, chunk, final) => {
      if (err) throw err;
      text(chunk, final);
    };
    entry.start();
  });
  unzip.register(UnzipInflate);
  try {
    for await (const chunk of chunks) {
      if (kind === null) kind = chunk[0] === 0x50 && chunk[1] === 0x4b ? "zip" : "xml";
      for (let at = 0; at < chunk.length; at += SLICE) {
        const slice = chunk.subarray(at, at + SLICE);
        if (kind === "zip") unzip.push(slice, false);
        else text(slice, false);
      }
      read += chunk.length;
      progress?.(read);
    }
    if (kind === "zip") unzip.push(new Uint8Array(0), true);
    else if (kind === "xml") text(new Uint8Array(0), true);
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw new AppError("validation_failed", "the file is not a ZIP that can be read", [
      { field: "file", message: e instanceof Error ? e.message : "unreadable ZIP" },
    ]);
  }
  if (kind === null)
    throw new AppError("validation_failed", "the file is empty", [{ field: "file", message: "send export.zip" }]);
  if (kind === "zip" && !found)
    throw new AppError("validation_failed", "the ZIP has no export.xml: it is not an Apple Health export", [
      { field: "file", message: "send export.zip from Health → your picture → Export All Health Data" },
    ]);
  return reader.finish();
}

/** A file on disk as 1 MiB chunks. */
export async function* fileChunks(path: string): AsyncIterable<Uint8Array> {
  const file = Bun.file(path);
  const size = file.size;
  const step = 1024 * 1024;
  for (let at = 0; at < size; at += step) yield new Uint8Array(await file.slice(at, at + step).arrayBuffer());
}
