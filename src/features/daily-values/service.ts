/**
 * Daily values (API.md §Daily values): steps, water, active energy and body measurements (body fat %, waist,
 * hips, neck), one value per user, local date and metric, stored in the metric's unit (count, ml, kcal, %, cm).
 * Writing a date's metric replaces its value. None of them changes the energy budget: active energy is kept
 * beside exercise, never added to the day (a watch's figure holds the workouts that are logged as exercise).
 */
import type { Ctx } from "../../context";
import { tx, type Q } from "../../db/q";
import { AppError } from "../../lib/errors";
import { Problems, pathDate } from "../../lib/problems";
import { localDate } from "../../lib/time";
import { checkRange } from "../../schema/date-range";
import { checkSchema } from "../../schema/validation";
import { checkWeightDate } from "../weights/validate";
import type { DailyValueRow } from "./repo";
import type { Alone } from "../../db/change-log";
import { deleteDailyValueRow, writeDailyValue } from "./logged-writes-repo";
import { DailyValueBody, type DailyValueBodyT, type DailyValueT, METRIC_RULES, METRICS, type Metric } from "./model";

export const MAX_RANGE_DAYS = 3660;
const view = (r: DailyValueRow): DailyValueT => ({
  date: r.date,
  metric: r.metric as Metric,
  value: r.value,
  unit: METRIC_RULES[r.metric as Metric].unit,
  source: r.source,
  created_at: r.created_at,
  updated_at: r.updated_at,
});
const one = (ctx: Ctx, date: string, metric: Metric) => ctx.deps.dailyValues.of(ctx.userId, date, metric);
const notFound = (date: string, metric: string) => new AppError("not_found", `no ${metric} of yours on ${date}`);

/** The sync id of a date's metric: "2026-11-27:steps". */
export const dailyValueId = (date: string, metric: Metric) => `${date}:${metric}`;

export const isMetric = (m: unknown): m is Metric =>
  typeof m === "string" && (METRICS as readonly string[]).includes(m);

/** A metric from a path or a sync id: 400 naming `field` when it is not one. */
export function checkMetric(m: unknown, field = "metric"): Metric {
  if (isMetric(m)) return m;
  throw new AppError("validation_failed", `${field} must be one of: ${METRICS.join(", ")}`, [
    { field, message: `must be one of: ${METRICS.join(", ")}` },
  ]);
}

/** Sync push and import parse a record here, at their edge. */
export const parseDailyValue = (raw: unknown, prefix = ""): DailyValueBodyT => checkSchema(DailyValueBody, raw, prefix);

/** The value in the metric's stored unit, checked against its range; what the schema cannot say. */
export function checkDailyValue(metric: Metric, body: DailyValueBodyT, prefix = ""): number {
  const rule = METRIC_RULES[metric];
  const p = new Problems();
  const unit = body.unit ?? rule.unit;
  const factor = rule.units[unit];
  if (factor === undefined)
    p.add(`${prefix}unit`, `must be one of: ${Object.keys(rule.units).join(", ")} for ${metric}`);
  p.throwIfAny();
  const value = Math.round(body.value * factor! * 100) / 100;
  if (!(value >= rule.min && value <= rule.max) || (rule.integer && !Number.isInteger(body.value)))
    p.add(
      `${prefix}value`,
      `must be ${rule.integer ? "a whole number" : "a number"} from ${rule.min} to ${rule.max} (${rule.unit})`,
    );
  p.throwIfAny();
  return value;
}

/**
 * PUT /daily-values/{date}/{metric}, a sync upsert and an import; the health bridges' write. The same value
 * and source again changes nothing (no new version in the change feed), so a bridge may repeat a day.
 */
export function* setDailyValue({
  ctx,
  date,
  metric,
  input,
  prefix = "",
  alone = false,
}: {
  ctx: Ctx;
  date: string;
  metric: Metric;
  input: DailyValueBodyT;
  prefix?: string;
} & Alone): Q<{ value: DailyValueT; created: boolean; changed: boolean }> {
  const day = checkWeightDate(date, localDate(ctx.now, ctx.timezone));
  const value = checkDailyValue(metric, input, prefix);
  const source = input.source ?? "manual";
  const id = dailyValueId(day, metric);
  const { stored, was } = yield* tx(() => writeDailyValue(ctx, { date: day, metric, value, source, id }, view, alone));
  return { value: view(stored), created: !was, changed: stored !== was }; // db/pg: 2 round trips (logged-writes-repo.ts)
}

export function* getDailyValue({ ctx, date, metric }: { ctx: Ctx; date: unknown; metric: unknown }) {
  const m = checkMetric(metric);
  const d = pathDate(date, (x) => notFound(x, m));
  const r = yield* one(ctx, d, m);
  if (!r) throw notFound(d, m);
  return view(r);
}

export function* deleteDailyValue({
  ctx,
  date,
  metric,
  alone = false,
}: { ctx: Ctx; date: unknown; metric: unknown } & Alone) {
  const m = checkMetric(metric);
  const d = pathDate(date, (x) => notFound(x, m));
  if (!(yield* tx(() => deleteDailyValueRow(ctx, d, m, dailyValueId(d, m), alone)))) throw notFound(d, m);
}

/** GET /daily-values?from=&to=&metric= (default the 90 days to today), by date then metric. */
export function* listDailyValues({ ctx, input }: { ctx: Ctx; input: { from?: string; to?: string; metric?: string } }) {
  const metric = input.metric === undefined ? undefined : checkMetric(input.metric);
  const { from, to } = checkRange(input, localDate(ctx.now, ctx.timezone), MAX_RANGE_DAYS, 90);
  const found = yield* ctx.deps.dailyValues.over(ctx.userId, from, to, metric);
  return { from, to, items: found.map(view) };
}

/** Every metric of one date, null where there is none (GET /daily-values/{date}). */
export function* dailyValuesOn({ ctx, date }: { ctx: Ctx; date: unknown }) {
  const d = pathDate(date, (x) => notFound(x, "value"));
  const found = yield* ctx.deps.dailyValues.on(ctx.userId, d);
  const values = Object.fromEntries(METRICS.map((m) => [m, null])) as Record<Metric, number | null>;
  for (const r of found) if (isMetric(r.metric)) values[r.metric] = r.value;
  return { date: d, values };
}

/** Every value of the user, for the export. */
export function* exportDailyValues(ctx: Ctx): Q<DailyValueT[]> {
  return (yield* ctx.deps.dailyValues.all(ctx.userId)).map(view);
}
