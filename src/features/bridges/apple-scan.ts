/**
 * Finds the tags of export.xml as its slices arrive (apple.ts decides which to read). `<` cannot occur
 * inside an attribute value, so a tag runs from one `<` to the next and no quote is tracked; each byte
 * is looked at once by the native search (indexOf), never by a pattern that could backtrack.
 * Comments and CDATA are passed over whole: a `<` in them starts no tag.
 */
import { AppError } from "../../lib/errors";
import { concat, EMPTY, find, LT, skippedAt } from "./apple-tags";

/** A tag longer than this is not one of Apple's (a record is ~300 bytes): the file is not an export. */
export const MAX_TAG_BYTES = 1024 * 1024;

export class TagScanner {
  private tail: Uint8Array = EMPTY;
  /** Inside a comment or CDATA section: the bytes that end it, and the last few bytes seen of it. */
  private skipping: Uint8Array | null = null;
  private carry: Uint8Array = EMPTY;

  /** `onTag(buf, at, end)`: a tag from the `<` at `buf[at]` to just before `buf[end]`. */
  constructor(private readonly onTag: (buf: Uint8Array, at: number, end: number) => void) {}

  /** The next slice of the file's bytes (UTF-8). */
  push(slice: Uint8Array): void {
    // `<` cannot occur inside an attribute value, so a tag runs from one `<` to the next: no quote
    // has to be tracked. The tag cut by the end of the last slice is finished with this slice's start
    // (only that tag is copied, never the slice). Comments and CDATA are passed over whole: a `<`
    // in them starts no tag (a record inside `<!-- … -->` is not one).
    let chunk = slice;
    let from = 0;
    if (this.skipping) {
      from = this.skipTo(chunk);
      if (from < 0) return;
    } else if (this.tail.length && skippedAt(this.tail, 0) === "maybe") {
      // the last slice ended inside `<!-` or `<![CDA`: a few bytes, read again with this slice
      chunk = concat(this.tail, chunk);
      this.tail = EMPTY;
    }
    let lt = chunk.indexOf(LT, from);
    if (this.tail.length) {
      const upTo = lt < 0 ? chunk.length : lt;
      const joined = concat(this.tail, chunk.subarray(0, upTo));
      this.checkTag(joined.length);
      if (lt < 0) {
        this.tail = joined;
        this.checkTail();
        return;
      }
      this.onTag(joined, 0, joined.length);
    }
    while (lt >= 0) {
      const skipped = skippedAt(chunk, lt);
      if (skipped === "maybe") break;
      if (skipped) {
        const end = find(chunk, skipped.end, skipped.from);
        if (end < 0) {
          this.skipping = skipped.end;
          this.carry = chunk.slice(Math.max(skipped.from, chunk.length - skipped.end.length + 1));
          this.tail = EMPTY;
          return;
        }
        lt = chunk.indexOf(LT, end + skipped.end.length);
        continue;
      }
      const next = chunk.indexOf(LT, lt + 1);
      if (next < 0) break;
      this.onTag(chunk, lt, next);
      lt = next;
    }
    this.tail = lt >= 0 ? chunk.slice(lt) : EMPTY;
    this.checkTail();
  }

  /** Inside a comment or CDATA: where it ends in `chunk` (just past its end marker), or -1 when it goes on. */
  private skipTo(chunk: Uint8Array): number {
    const end = this.skipping!;
    // the marker may straddle the two slices: the carried bytes and this slice's first ones together
    const edge = concat(this.carry, chunk.subarray(0, end.length - 1));
    const k = find(edge, end, 0);
    let stop = k >= 0 ? k + end.length - this.carry.length : -1;
    if (stop < 0) {
      const f = find(chunk, end, 0);
      stop = f >= 0 ? f + end.length : -1;
    }
    if (stop >= 0) {
      this.skipping = null;
      this.carry = EMPTY;
      return stop;
    }
    const seen = chunk.length >= end.length - 1 ? chunk : concat(this.carry, chunk);
    this.carry = seen.slice(Math.max(0, seen.length - end.length + 1));
    return -1;
  }

  private checkTail(): void {
    this.checkTag(this.tail.length);
  }

  private checkTag(length: number): void {
    if (length > MAX_TAG_BYTES)
      throw new AppError("validation_failed", "export.xml is not an Apple Health export: a tag runs past 1 MiB", [
        { field: "file", message: "export.xml has a tag longer than 1 MiB" },
      ]);
  }
}
