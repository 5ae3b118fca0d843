/**
 * A JSON reader over the bytes of a document, for a caller that walks it and keeps only what it needs
 * (hae-stream.ts): JSON.parse of a 32 MiB Health Auto Export push builds every sample as an object, ~250 MB
 * for a push of half a million samples, where the push's own figures take a few MB. Strict RFC 8259 (what
 * JSON.parse accepts); every value is checked even when skipped. Skipping is a loop, not recursion, so a
 * document nested 200,000 deep costs nothing but its depth count. Errors are JsonSyntaxError, with the byte
 * offset.
 */
const decoder = new TextDecoder();

export class JsonSyntaxError extends Error {}

/** Keys a caller looks for, as strings and as bytes. */
export class KeySet {
  readonly bytes: Uint8Array[];
  constructor(readonly names: readonly string[]) {
    this.bytes = names.map((n) => new TextEncoder().encode(n));
  }
}

/** Past this many levels the count stops (the caller refuses the document). */
export const DEPTH_CEILING = 10_000;

export class JsonBytes {
  pos = 0;
  /** The deepest nesting of objects and arrays seen so far (the caller's levels included). */
  maxDepth = 0;
  /** Objects and arrays the caller is inside of (it says so with enter/leave). */
  depth = 0;

  /** The same bytes as a Buffer: its latin1 toString makes an ASCII string natively (fromCharCode.apply was ~4× slower). */
  private readonly buf: Buffer;
  /** Set by skipString: the string held a byte over 127. */
  private wide = false;

  constructor(readonly b: Uint8Array) {
    this.buf = Buffer.from(b.buffer, b.byteOffset, b.byteLength);
  }

  fail(what: string): never {
    const at = this.pos < this.b.length ? `"${String.fromCharCode(this.b[this.pos]!)}"` : "end of input";
    throw new JsonSyntaxError(`${what}, found ${at} at byte ${this.pos}`);
  }

  ws(): number {
    const b = this.b;
    let c = b[this.pos];
    while (c === 32 || c === 10 || c === 13 || c === 9) c = b[++this.pos];
    return c ?? -1;
  }

  /** Skips whitespace and `ch`, or fails. */
  eat(ch: number, what: string): void {
    if (this.ws() !== ch) this.fail(`expected ${what}`);
    this.pos++;
  }

  enter(): void {
    if (++this.depth > this.maxDepth) this.maxDepth = this.depth;
  }

  leave(): void {
    this.depth--;
  }

  /**
   * Iterates an object's keys (the cursor on "{"); `onKey` gets the index of the key in `keys`, or -1 for
   * another key, and must consume the key's value. Keys are matched as bytes: no string is made for them.
   */
  object(keys: KeySet, onKey: (key: number) => void): void {
    this.eat(123, '"{"');
    this.enter();
    if (this.ws() === 125) {
      this.pos++;
      this.leave();
      return;
    }
    for (;;) {
      if (this.ws() !== 34) this.fail("expected a key");
      const key = this.key(keys);
      this.eat(58, '":"');
      onKey(key);
      const c = this.ws();
      this.pos++;
      if (c === 125) break;
      if (c !== 44) {
        this.pos--;
        this.fail('expected "," or "}"');
      }
    }
    this.leave();
  }

  /** The key at the cursor ('"'): its index in `keys`, or -1. */
  private key(keys: KeySet): number {
    const start = this.pos + 1;
    const escaped = this.skipString();
    const end = this.pos - 1;
    if (escaped) {
      this.pos = start - 1;
      const k = this.string();
      return keys.names.indexOf(k);
    }
    const b = this.b;
    const n = end - start;
    search: for (let i = 0; i < keys.bytes.length; i++) {
      const kb = keys.bytes[i]!;
      if (kb.length !== n) continue;
      for (let x = 0; x < n; x++) if (b[start + x] !== kb[x]) continue search;
      return i;
    }
    return -1;
  }

  /** Iterates an array's items (the cursor on "["); `onItem` must consume the item. */
  array(onItem: (index: number) => void): void {
    this.eat(91, '"["');
    this.enter();
    if (this.ws() === 93) {
      this.pos++;
      this.leave();
      return;
    }
    for (let i = 0; ; i++) {
      onItem(i);
      const c = this.ws();
      this.pos++;
      if (c === 93) break;
      if (c !== 44) {
        this.pos--;
        this.fail('expected "," or "]"');
      }
    }
    this.leave();
  }

  /** The string at the cursor ('"'), decoded. */
  string(): string {
    const start = this.pos + 1;
    const escaped = this.skipString();
    const end = this.pos - 1;
    if (escaped) return JSON.parse(decoder.decode(this.b.subarray(start - 1, end + 1))) as string;
    return this.wide ? decoder.decode(this.b.subarray(start, end)) : this.buf.toString("latin1", start, end);
  }

  /** Passes over a string (the cursor on '"'), checking it; true when it holds an escape. */
  skipString(): boolean {
    const b = this.b;
    let i = this.pos + 1;
    let escaped = false;
    let wide = false;
    for (;;) {
      const c = b[i];
      if (c === 34) break;
      if (c! > 127) {
        wide = true;
        i++;
        continue;
      }
      if (c === undefined) {
        this.pos = i;
        this.fail("unterminated string");
      }
      if (c < 32) {
        this.pos = i;
        this.fail("a control character in a string");
      }
      if (c === 92) {
        escaped = true;
        const e = b[i + 1];
        if (e === 117) {
          for (let k = 2; k < 6; k++) {
            const h = b[i + k] ?? 0;
            if (!((h >= 48 && h <= 57) || (h >= 65 && h <= 70) || (h >= 97 && h <= 102))) {
              this.pos = i + k;
              this.fail("expected a hex digit in \\u");
            }
          }
          i += 6;
          continue;
        }
        if (e !== 34 && e !== 92 && e !== 47 && e !== 98 && e !== 102 && e !== 110 && e !== 114 && e !== 116) {
          this.pos = i + 1;
          this.fail("a bad escape");
        }
        i += 2;
        continue;
      }
      i++;
    }
    this.pos = i + 1;
    this.wide = wide;
    return escaped;
  }

  /** A number, true, false or null at the cursor; fails on anything else. */
  scalar(): number | boolean | null {
    const b = this.b;
    const c = this.ws();
    if (c === 116 && b[this.pos + 1] === 114 && b[this.pos + 2] === 117 && b[this.pos + 3] === 101) {
      this.pos += 4;
      return true;
    }
    if (c === 102 && b[this.pos + 1] === 97 && b[this.pos + 2] === 108 && b[this.pos + 3] === 115) {
      if (b[this.pos + 4] === 101) {
        this.pos += 5;
        return false;
      }
    }
    if (c === 110 && b[this.pos + 1] === 117 && b[this.pos + 2] === 108 && b[this.pos + 3] === 108) {
      this.pos += 4;
      return null;
    }
    const start = this.pos;
    let i = start;
    const digits = () => {
      const from = i;
      while (b[i]! >= 48 && b[i]! <= 57) i++;
      if (i === from) {
        this.pos = i;
        this.fail("expected a value");
      }
    };
    if (b[i] === 45) i++;
    if (b[i] === 48) i++;
    else digits();
    if (b[i] === 46) {
      i++;
      digits();
    }
    if (b[i] === 101 || b[i] === 69) {
      i++;
      if (b[i] === 43 || b[i] === 45) i++;
      digits();
    }
    this.pos = i;
    // a short integer (most of a push's numbers) without making a string
    if (i - start < 10) {
      let v = 0;
      let k = b[start] === 45 ? start + 1 : start;
      for (; k < i; k++) {
        const d = b[k]! - 48;
        if (d < 0 || d > 9) break;
        v = v * 10 + d;
      }
      if (k === i) return b[start] === 45 ? -v : v;
    }
    return Number(this.buf.toString("latin1", start, i));
  }

  /** The value at the cursor: a string or scalar as itself, a container as a stand-in of its kind that keeps none of it. */
  value(): unknown {
    const c = this.ws();
    if (c === 34) return this.string();
    if (c !== 123 && c !== 91) return this.scalar();
    this.skip();
    return c === 123 ? {} : [];
  }

  /** Passes over any value, checking it, in a loop (no recursion, nothing kept). */
  skip(): void {
    const c = this.ws();
    if (c === 34) {
      this.skipString();
      return;
    }
    if (c !== 123 && c !== 91) {
      this.scalar();
      return;
    }
    const base = this.depth;
    // a stack of what each open level is: true for an object
    const open: boolean[] = [];
    for (;;) {
      // at the start of a value
      const v = this.ws();
      if (v === 123 || v === 91) {
        this.pos++;
        open.push(v === 123);
        this.depth = base + open.length;
        if (this.depth > this.maxDepth) this.maxDepth = this.depth;
        if (this.maxDepth > DEPTH_CEILING) {
          this.bail(base);
          return;
        }
        if (this.ws() === (open.at(-1) ? 125 : 93)) {
          // an empty container
          this.pos++;
          open.pop();
        } else {
          if (open.at(-1)) this.skipKey();
          continue;
        }
      } else if (v === 34) this.skipString();
      else this.scalar();
      // after a value: commas and closers
      for (;;) {
        if (!open.length) {
          this.depth = base;
          return;
        }
        const isObject = open.at(-1)!;
        const d = this.ws();
        this.pos++;
        if (d === 44) {
          if (isObject) this.skipKey();
          break;
        }
        if (d === (isObject ? 125 : 93)) {
          open.pop();
          continue;
        }
        this.pos--;
        this.fail(isObject ? 'expected "," or "}"' : 'expected "," or "]"');
      }
    }
  }

  /** A key and its colon, inside skip(). */
  private skipKey(): void {
    if (this.ws() !== 34) this.fail("expected a key");
    this.skipString();
    this.eat(58, '":"');
  }

  /** Deeper than the ceiling: the caller refuses the document by its depth; no need to read further. */
  private bail(base: number): void {
    this.depth = base;
    this.pos = this.b.length;
  }

  /** The cursor is past the last value: only whitespace may follow. */
  end(): void {
    if (this.ws() !== -1) this.fail("unexpected content after the value");
  }
}
