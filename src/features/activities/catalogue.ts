/**
 * The bundled activity catalogue (data/activities.json, built by scripts/build-activities.ts from Morsel's own
 * table, each MET value naming its source) and its search. Pure: read once at start, no database.
 */
import data from "../../../data/activities.json";

export interface Activity {
  code: string;
  name: string;
  met: number;
  speed_kmh: number | null;
  kind: "cardio" | "strength" | "sport" | "other";
  words: string;
  source: string;
}

export const ACTIVITIES_SOURCE: string = data.source;
const ALL = data.items as Activity[];
const BY_CODE = new Map(ALL.map((a) => [a.code, a]));
const STOP = new Set(["the", "a", "an", "of", "my", "with", "and", "at", "in", "on", "for"]);
const KM_PER_MILE = 1.609344;

const words = (s: string) =>
  s
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .split(/[^a-z0-9.]+/)
    .filter((w) => w && !STOP.has(w));
/** Each entry's words: its name's (weighing more) and its search words. */
const INDEX = ALL.map((a) => ({ a, name: words(a.name), extra: words(a.words) }));

export const activityByCode = (code: string): Activity | null => BY_CODE.get(code) ?? null;

/** "10 km/h", "6 mph", "10kph": the speed asked for in km/h, and the query without it. */
function speedOf(q: string): { kmh: number | null; rest: string } {
  const m = q.match(/(\d+(?:[.,]\d+)?)\s*(km\/?h|kmh|kph|mph)\b/i);
  if (!m) return { kmh: null, rest: q };
  const n = Number(m[1]!.replace(",", "."));
  return { kmh: m[2]!.toLowerCase() === "mph" ? n * KM_PER_MILE : n, rest: q.replace(m[0], " ") };
}

/** A word of the query found in an entry: the start of one of its words ("run" finds "running", "bik" "bike"). */
const hits = (list: string[], w: string) => list.some((x) => x.startsWith(w) || (w.length > 4 && w.startsWith(x)));

/**
 * Entries for a query, best first: every word found (in the name first, then the search words); a speed
 * ("running 10 km/h") puts the entry of the nearest speed first. With no entry holding every word, those
 * holding the most. An empty query lists the catalogue in its order.
 */
export function searchActivities(q: string, limit = 20): Activity[] {
  const { kmh, rest } = speedOf(q);
  const asked = words(rest);
  if (!asked.length && kmh === null) return ALL.slice(0, limit);
  const scored = INDEX.map(({ a, name, extra }, order) => {
    let found = 0;
    let score = 0;
    for (const w of asked) {
      if (hits(name, w)) {
        found++;
        score += 2;
      } else if (hits(extra, w)) {
        found++;
        score += 1;
      }
    }
    const off = kmh !== null && a.speed_kmh !== null ? Math.abs(a.speed_kmh - kmh) : Number.POSITIVE_INFINITY;
    return { a, found, score, off, order };
  }).filter((s) => s.found > 0 || (asked.length === 0 && s.off !== Number.POSITIVE_INFINITY));
  const most = Math.max(0, ...scored.map((s) => s.found));
  return scored
    .filter((s) => s.found === most)
    .sort((x, y) => x.off - y.off || y.score - x.score || x.a.name.length - y.a.name.length || x.order - y.order)
    .slice(0, limit)
    .map((s) => s.a);
}
