/**
 * A Health Auto Export push read from its bytes (the reader thread, read-worker.ts), without building the
 * document: JSON.parse of a 31.9 MiB push made ~540,000 sample objects and took the thread ~260 MB; here each
 * sample is built, read (HaeReader) and dropped, so what a push costs is its bytes (≤ 32 MiB) and its figures
 * (days, the distinct instants per source), whatever else it carries. The push is checked as a JSON route's
 * body is, with the same 400s: bad UTF-8, empty, nested past MAX_JSON_DEPTH, not JSON (malformed_json), then
 * HaePayload (checkSchema, the same field paths), against a skeleton of the document that holds every field
 * the schema names but no samples (a sample is "any object": the walk counts them and keeps the few that are
 * not objects, and the skeleton is rebuilt with them only when a metric's data breaks its rules).
 */
import { isUtf8 } from "node:buffer";
import { AppError } from "../../lib/errors";
import { MAX_JSON_DEPTH } from "../../lib/json-depth";
import { checkSchema } from "../../schema/validation";
import { HaePayload, HaeReader, type HaeMetricSink } from "./hae";
import { JsonBytes, JsonSyntaxError, KeySet } from "./json-bytes";
import type { HealthRead } from "./records";

const MAX_METRICS = 500;
const MAX_SAMPLES = 200_000;
const MAX_WORKOUTS = 10_000;
/** Samples that are not objects, kept (with their index) for the check's messages. */
const KEPT_BAD = 10;
const ROOT = new KeySet(["data"]);
const DATA = new KeySet(["metrics", "workouts"]);
const METRIC = new KeySet(["name", "units", "data"]);
const SAMPLE = new KeySet(["qty", "date", "source"]);
const QTY = new KeySet(["qty", "units"]);
/** A workout's fields HaeWorkout names; the last three are quantities ({ qty, units }). */
const WORKOUT = new KeySet([
  "id",
  "name",
  "start",
  "end",
  "duration",
  "activeEnergyBurned",
  "activeEnergy",
  "distance",
]);
const QTY_FROM = 5;

interface DataSeen {
  /** Where the array starts (its "["), and the nesting there. */
  at: number;
  depth: number;
  length: number;
  bad: [number, unknown][];
}

/** The keys of `keys` in the object at the cursor, each as JsonBytes.value() gives it; the rest passed over. */
function pick(j: JsonBytes, keys: KeySet, qtyFrom = keys.names.length): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  j.object(keys, (k) => {
    if (k < 0) j.skip();
    else o[keys.names[k]!] = k >= qtyFrom && j.ws() === 123 ? pick(j, QTY) : j.value();
  });
  return o;
}

/** A metric's data array at the cursor, passed over and checked: its length and the items that are not objects. */
function passData(j: JsonBytes): DataSeen {
  const seen: DataSeen = { at: j.pos, depth: j.depth, length: 0, bad: [] };
  j.array((k) => {
    seen.length = k + 1;
    if (j.ws() === 123) j.skip();
    else if (seen.bad.length < KEPT_BAD) seen.bad.push([k, j.value()]);
    else j.skip();
  });
  return seen;
}

/** A metric's samples (read again from `seen.at`) through its reader. */
function readData(j: JsonBytes, seen: DataSeen, sink: HaeMetricSink) {
  const [pos, depth] = [j.pos, j.depth];
  j.pos = seen.at;
  j.depth = seen.depth;
  j.array((k) => {
    if (j.ws() === 123) sink.sample(k, pick(j, SAMPLE));
    else j.skip();
  });
  sink.end();
  [j.pos, j.depth] = [pos, depth];
}

/** The skeleton's data array for a metric whose data breaks the schema's rules (too many, or not objects). */
function dataFor(seen: DataSeen): unknown[] {
  const length = Math.min(seen.length, MAX_SAMPLES + 1);
  const stand = {};
  const data: unknown[] = new Array(Math.max(length, ...seen.bad.map(([k]) => k + 1))).fill(stand);
  for (const [k, v] of seen.bad) data[k] = v;
  return data;
}

function walk(j: JsonBytes, reader: HaeReader): { skeleton: unknown; broken: Map<Record<string, unknown>, DataSeen> } {
  const broken = new Map<Record<string, unknown>, DataSeen>();
  const metrics = () => {
    const list: unknown[] = [];
    j.array((i) => {
      if (j.ws() !== 123 || i >= MAX_METRICS + 1) {
        if (i < MAX_METRICS + 1) list.push(j.value());
        else j.skip();
        return;
      }
      const m: Record<string, unknown> = {};
      let seen: DataSeen | null = null;
      j.object(METRIC, (k) => {
        if (k === 0 || k === 1) m[METRIC.names[k]!] = j.value();
        else if (k === 2 && j.ws() === 91) {
          seen = passData(j);
          m.data = [];
        } else if (k === 2) {
          seen = null;
          m.data = j.value();
        } else j.skip();
      });
      list.push(m);
      const s = seen as DataSeen | null;
      if (s && (s.length > MAX_SAMPLES || s.bad.length)) broken.set(m, s);
      // the samples are read once the metric's name and units are known, whatever the order of its fields
      const readable = typeof m.name === "string" && (m.units === undefined || typeof m.units === "string");
      const sink = readable ? reader.metric(i, m as { name: string; units?: string; data?: unknown }) : null;
      if (sink && s) readData(j, s, sink);
      else sink?.end();
    });
    return list;
  };
  const workouts = () => {
    const list: unknown[] = [];
    j.array((i) => {
      if (i > MAX_WORKOUTS) j.skip();
      else list.push(j.ws() === 123 ? pick(j, WORKOUT, QTY_FROM) : j.value());
    });
    return list;
  };
  const data = () => {
    if (j.ws() !== 123) return j.value();
    const d: Record<string, unknown> = {};
    j.object(DATA, (k) => {
      if (k === 0 && j.ws() === 91) d.metrics = metrics();
      else if (k === 1 && j.ws() === 91) d.workouts = workouts();
      else if (k >= 0) d[DATA.names[k]!] = j.value();
      else j.skip();
    });
    return d;
  };
  if (j.ws() !== 123) return { skeleton: j.value(), broken };
  const root: Record<string, unknown> = {};
  j.object(ROOT, (k) => {
    if (k === 0) root.data = data();
    else j.skip();
  });
  return { skeleton: root, broken };
}

const tooDeep = (depth: number) =>
  new AppError(
    "validation_failed",
    `request body nests ${depth > 10_000 ? "more than 10000" : depth} levels deep; at most ${MAX_JSON_DEPTH} are allowed`,
    [{ field: "body", message: `must nest at most ${MAX_JSON_DEPTH} levels of objects and arrays` }],
  );

/** The push in `bytes`, checked as its route's body and read (metrics, then workouts). */
export async function readHaeBytes(
  bytes: Uint8Array,
  opts: { timezone: string; dietaryEnergy: boolean; now: number; pause: () => Promise<void> },
): Promise<HealthRead> {
  if (!isUtf8(bytes)) throw new AppError("malformed_json", "request body is not valid UTF-8");
  const j = new JsonBytes(bytes);
  // a byte order mark is dropped, as the route's TextDecoder drops it
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) j.pos = 3;
  if (j.ws() === -1) throw new AppError("malformed_json", "request body is empty; send a JSON object");
  const reader = new HaeReader(opts);
  let walked: ReturnType<typeof walk>;
  try {
    walked = walk(j, reader);
    j.end();
  } catch (e) {
    if (j.maxDepth > MAX_JSON_DEPTH) throw tooDeep(j.maxDepth);
    if (e instanceof JsonSyntaxError)
      throw new AppError("malformed_json", `request body is not valid JSON: ${e.message}`);
    throw e;
  }
  if (j.maxDepth > MAX_JSON_DEPTH) throw tooDeep(j.maxDepth);
  for (const [m, seen] of walked.broken) m.data = dataFor(seen);
  const payload = checkSchema(HaePayload, walked.skeleton);
  await reader.workouts(payload.data.workouts ?? [], opts.pause);
  return reader.result();
}
