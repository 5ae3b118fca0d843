/**
 * An Apple Health export file on disk (export.zip, or its export.xml alone) read as a stream. The
 * upload is a file (spooled, or the CLI's path), so the ZIP's central directory, at its end, says
 * where `apple_health_export/export.xml` starts and how long it is (ZIP64 too: a 4 GB export.xml
 * needs it); only that entry is read, 1 MiB at a time, through zlib's native raw inflate (fflate's
 * JavaScript inflate ran at 40 MB/s here, zlib at over 1 GB/s), into the scanner (apple.ts). Nothing
 * holds more than a slice. Runs in a worker (read-worker.ts). The limits are the contract's
 * (docs/API.md §Health bridges).
 */
import { createReadStream } from "node:fs";
import { createInflateRaw } from "node:zlib";
import { AppError } from "../../lib/errors";
import { AppleHealthReader, type AppleOptions } from "./apple";
import type { HealthRead } from "./records";

/** The most export.xml may inflate to: the largest real exports are about 4 GB. */
export const MAX_XML_BYTES = 8 * 1024 ** 3;
/** Entries the ZIP may have: export.xml, export_cda.xml, and a file per workout route and ECG. */
export const MAX_APPLE_ZIP_ENTRIES = 100_000;

const SLICE = 1024 * 1024;
const isXmlName = (name: string) => /(^|\/)export\.xml$/i.test(name) && !name.startsWith("__MACOSX/");

const notZip = (why: string) =>
  new AppError("validation_failed", "the file is not a ZIP that can be read", [{ field: "file", message: why }]);

async function bytesAt(path: string, from: number, length: number): Promise<DataView> {
  const b = new Uint8Array(
    await Bun.file(path)
      .slice(from, from + length)
      .arrayBuffer(),
  );
  return new DataView(b.buffer, b.byteOffset, b.byteLength);
}

/**
 * Does the file's first entry header read as one (a known method, a name of printable UTF-8)? Then a
 * missing directory means the file was cut short; otherwise the bytes are not a ZIP's at all.
 */
async function firstEntryReadable(path: string): Promise<boolean> {
  const head = await bytesAt(path, 0, 30);
  if (head.byteLength < 30) return false;
  const method = head.getUint16(8, true);
  const nameLength = head.getUint16(26, true);
  if (head.getUint16(4, true) > 63 || ![0, 8, 9, 12, 14].includes(method) || nameLength < 1 || nameLength > 4096)
    return false;
  const name = await bytesAt(path, 30, nameLength);
  if (name.byteLength < nameLength) return false;
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(name);
    for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) < 32 || text.charCodeAt(i) === 127) return false;
    return true;
  } catch {
    return false;
  }
}

/** Where export.xml's compressed bytes are, from the central directory. */
export async function findExportXml(path: string): Promise<{ start: number; size: number; method: number }> {
  const fileSize = Bun.file(path).size;
  const tailLength = Math.min(fileSize, 22 + 0xffff + 20);
  const tail = await bytesAt(path, fileSize - tailLength, tailLength);
  let eocd = -1;
  for (let i = tail.byteLength - 22; i >= 0; i--)
    if (tail.getUint32(i, true) === 0x06054b50) {
      eocd = i;
      break;
    }
  if (eocd < 0)
    throw notZip(
      (await firstEntryReadable(path))
        ? "its directory (the end of the file) is missing: the file was cut short; send the whole export.zip again"
        : "it begins like a ZIP, but neither its first entry nor its directory can be read: these are not a ZIP's bytes",
    );
  let entries = tail.getUint16(eocd + 10, true);
  let cdSize = tail.getUint32(eocd + 12, true);
  let cdOffset = tail.getUint32(eocd + 16, true);
  // ZIP64: the locator sits just before the end record and points at the ZIP64 end record
  if (eocd >= 20 && tail.getUint32(eocd - 20, true) === 0x07064b50) {
    const at = Number(tail.getBigUint64(eocd - 12, true));
    const z = await bytesAt(path, at, 56);
    if (z.byteLength < 56 || z.getUint32(0, true) !== 0x06064b50) throw notZip("its ZIP64 directory is damaged");
    entries = Number(z.getBigUint64(32, true));
    cdSize = Number(z.getBigUint64(40, true));
    cdOffset = Number(z.getBigUint64(48, true));
  }
  if (entries > MAX_APPLE_ZIP_ENTRIES)
    throw new AppError("payload_too_large", `the ZIP has more than ${MAX_APPLE_ZIP_ENTRIES} entries`);
  if (cdOffset + cdSize > fileSize) throw notZip("its directory points past the end of the file");
  const cd = await bytesAt(path, cdOffset, cdSize);
  const names = new TextDecoder();
  let p = 0;
  for (let n = 0; n < entries; n++) {
    if (p + 46 > cd.byteLength || cd.getUint32(p, true) !== 0x02014b50) throw notZip("its directory is damaged");
    const method = cd.getUint16(p + 10, true);
    let size = cd.getUint32(p + 20, true);
    const nameLength = cd.getUint16(p + 28, true);
    const extraLength = cd.getUint16(p + 30, true);
    const commentLength = cd.getUint16(p + 32, true);
    let local = cd.getUint32(p + 42, true);
    const name = names.decode(new Uint8Array(cd.buffer, cd.byteOffset + p + 46, nameLength));
    if (isXmlName(name)) {
      // ZIP64 extra field (0x0001): the 64-bit sizes and offset, for those set to 0xffffffff, in order
      let q = p + 46 + nameLength;
      const extraEnd = q + extraLength;
      const uncompressed32 = cd.getUint32(p + 24, true);
      while (q + 4 <= extraEnd) {
        const id = cd.getUint16(q, true);
        const len = cd.getUint16(q + 2, true);
        if (id === 0x0001) {
          let r = q + 4;
          if (uncompressed32 === 0xffffffff) r += 8;
          if (size === 0xffffffff) {
            size = Number(cd.getBigUint64(r, true));
            r += 8;
          }
          if (local === 0xffffffff) local = Number(cd.getBigUint64(r, true));
        }
        q += 4 + len;
      }
      const head = await bytesAt(path, local, 30);
      if (head.byteLength < 30 || head.getUint32(0, true) !== 0x04034b50) throw notZip("export.xml's entry is damaged");
      const start = local + 30 + head.getUint16(26, true) + head.getUint16(28, true);
      if (method !== 0 && method !== 8) throw notZip(`export.xml is compressed with method ${method}, not deflate`);
      if (start + size > fileSize) throw notZip("export.xml runs past the end of the file");
      return { start, size, method };
    }
    p += 46 + nameLength + extraLength + commentLength;
  }
  throw new AppError("validation_failed", "the ZIP has no export.xml: it is not an Apple Health export", [
    { field: "file", message: "send export.zip from Health → your picture → Export All Health Data" },
  ]);
}

/** The export at `path` read: a ZIP's export.xml, or an export.xml itself. */
export async function readAppleExport(path: string, options: AppleOptions): Promise<HealthRead> {
  const reader = new AppleHealthReader(options);
  const file = Bun.file(path);
  if (file.size === 0)
    throw new AppError("validation_failed", "the file is empty", [{ field: "file", message: "send export.zip" }]);
  const magic = new Uint8Array(await file.slice(0, 4).arrayBuffer());
  const zipped = magic[0] === 0x50 && magic[1] === 0x4b && magic[2] === 0x03 && magic[3] === 0x04;
  let stream: AsyncIterable<Uint8Array>;
  if (zipped) {
    const entry = await findExportXml(path);
    const raw = createReadStream(path, { start: entry.start, end: entry.start + entry.size - 1, highWaterMark: SLICE });
    stream = entry.method === 8 ? raw.pipe(createInflateRaw({ chunkSize: SLICE })) : raw;
  } else {
    // export.xml alone starts with `<` (after a byte-order mark or blank space): anything else is neither
    const start = new Uint8Array(await file.slice(0, 64).arrayBuffer());
    let i = start[0] === 0xef && start[1] === 0xbb && start[2] === 0xbf ? 3 : 0;
    while (i < start.length && (start[i] === 32 || start[i] === 9 || start[i] === 10 || start[i] === 13)) i++;
    if (i < start.length && start[i] !== 60)
      throw new AppError(
        "validation_failed",
        "the file is not a ZIP, nor export.xml as UTF-8 text: it begins as neither does",
        [{ field: "file", message: "send export.zip from Health → your picture → Export All Health Data" }],
      );
    stream = createReadStream(path, { highWaterMark: SLICE });
  }
  let inflated = 0;
  try {
    for await (const chunk of stream) {
      inflated += chunk.length;
      if (inflated > MAX_XML_BYTES)
        throw new AppError("payload_too_large", `export.xml inflates to more than ${MAX_XML_BYTES / 1024 ** 3} GiB`);
      reader.push(chunk);
    }
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw notZip(`export.xml cannot be inflated: ${e instanceof Error ? e.message : "damaged"}`);
  } finally {
    (stream as { destroy?: () => void }).destroy?.();
  }
  return reader.finish();
}

/** A file on disk as 1 MiB chunks. */
export async function* fileChunks(path: string): AsyncIterable<Uint8Array> {
  const file = Bun.file(path);
  const size = file.size;
  for (let at = 0; at < size; at += SLICE) yield new Uint8Array(await file.slice(at, at + SLICE).arrayBuffer());
}
