/**
 * A whole line of food at once: "2 eggs, toast with butter and a coffee" → "2 eggs", "toast",
 * "butter", "a coffee". Commas, semicolons, new lines and "plus" always separate; "and", "with" and
 * "&" separate unless the words around them name one food ("mac and cheese", "coffee with milk",
 * "half and half"): a name segment of a catalogue food, or an alias. Pure: the server and the web
 * app's offline quick entry share it.
 */
import { parseAmount, type ParsedAmount } from "./amount";
import { stem, words } from "./text";

const JOINERS = new Set(["and", "with", "&", "n"]);
const FILLER = new Set(["and", "with", "then", "also", "plus", "&"]);
/** At most this many items per line. */
export const MAX_LINE_ITEMS = 20;

const ARTICLES = new Set(["a", "an", "of", "some"]);
const content = (ws: string[]) => ws.filter((w) => !FILLER.has(w) && !ARTICLES.has(w));
const key = (ws: string[]) => content(ws).map(stem).join(" ");
/** A joiner between two food words ("mac and cheese"), not at an edge ("with salt"). */
const joinsInside = (ws: string[]) =>
  ws.some((w, i) => JOINERS.has(w) && i > 0 && i < ws.length - 1) && content(ws).length >= 2;

/** The food names that contain "and"/"with", as stemmed word keys: "and"/"with" inside them do not split. */
export class DishNames {
  private readonly keys = new Set<string>();
  constructor(names: Iterable<string>) {
    for (const n of names) this.add(n);
  }
  /** Adds a food name (each comma segment) or an alias phrase. */
  add(name: string): void {
    for (const seg of name.split(/[,;()]/)) {
      const ws = words(seg);
      if (joinsInside(ws)) this.keys.add(key(ws));
    }
  }
  has(ws: string[]): boolean {
    return joinsInside(ws) && this.keys.has(key(ws));
  }
}

export interface LineItem {
  /** The item as typed. */
  text: string;
  /** Its food words, without the amount. */
  food: string;
  amount: ParsedAmount | null;
}

/** Splits one chunk on its joiners, keeping a run that names one food whole (longest first). */
function splitJoined(ws: string[], dishes: DishNames): string[][] {
  if (!ws.some((w) => JOINERS.has(w))) return [ws];
  const out: string[][] = [];
  let start = 0;
  while (start < ws.length) {
    while (start < ws.length && JOINERS.has(ws[start]!)) start++;
    if (start >= ws.length) break;
    // the longest run from here that is a dish, else up to the next joiner
    let end = -1;
    for (let e = ws.length; e > start + 2; e--) {
      const run = ws.slice(start, e);
      if (!JOINERS.has(run.at(-1)!) && !ARTICLES.has(run.at(-1)!) && dishes.has(stripAmount(run))) {
        end = e;
        break;
      }
    }
    if (end < 0) {
      end = start;
      while (end < ws.length && !JOINERS.has(ws[end]!)) end++;
    }
    out.push(ws.slice(start, end));
    start = end;
  }
  return out;
}

const stripAmount = (ws: string[]) => words(parseAmount(ws.join(" ")).food);

/** Splits a line into items, each with its amount parsed. */
export function parseLine(line: string, dishes: DishNames): LineItem[] {
  const items: LineItem[] = [];
  for (const chunk of line.split(/[,;\n]|\bplus\b|\+/i)) {
    // words as typed (numbers, fractions and "%" kept) for the amount parser
    const ws = chunk
      .toLowerCase()
      .replace(/[^\p{L}\p{N}%½¼¾⅓⅔⅛./&'-]+/gu, " ")
      .trim()
      .split(/\s+/)
      .filter(Boolean);
    if (!ws.length) continue;
    for (const part of splitJoined(ws, dishes)) {
      const text = part.join(" ");
      if (!words(text).filter((w) => !FILLER.has(w)).length) continue;
      const { food, amount } = parseAmount(text);
      items.push({ text, food, amount });
      if (items.length >= MAX_LINE_ITEMS) return items;
    }
  }
  return items;
}
