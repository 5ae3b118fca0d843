/**
 * Body weight (API.md §Weight): one weigh-in per user and local date, stored in kg and shown in
 * the user's unit, with the trend of trend.ts. Writing a date that has a weight replaces it.
 */
import type { Ctx } from "../../context";
import { tx, type Q } from "../../db/q";
import { AppError } from "../../lib/errors";
import { pathDate } from "../../lib/problems";
import { addDays, localDate } from "../../lib/time";
import { checkRange } from "../../schema/date-range";
import { apiUnit, SMOOTHING, toUnit, trendSeries } from "./trend";
import type { WeightRow } from "./repo";
import { checkWeight, checkWeightDate } from "./validate";
import type { Weight, WeightBodyT } from "./model";

type WeightT = typeof Weight.static;
import { activitySettingsOf } from "../activity-settings/service";
import { targetEta } from "./target";

/** "kg" or "lb": how the caller's values are shown (stones and pounds in lb). */
const unitOf = (ctx: Ctx): "kg" | "lb" => apiUnit(ctx.user.weightUnit);

export const MAX_RANGE_DAYS = 3660;

const one = (ctx: Ctx, date: string) => ctx.deps.weights.of(ctx.userId, date);

export function weightView(r: WeightRow, unit: "kg" | "lb"): WeightT {
  return {
    date: r.date,
    kg: r.kg,
    value: toUnit(r.kg, unit),
    unit,
    note: r.note,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

const notFound = (date: string) => new AppError("not_found", `no weight of yours on ${date}`);

/** PUT /weights/{date} (and a weight upsert from sync). */
export function* putWeight({
  ctx,
  date,
  input,
}: {
  ctx: Ctx;
  date: unknown;
  input: WeightBodyT;
}): Q<{ weight: WeightT; created: boolean }> {
  const day = checkWeightDate(date, localDate(ctx.now, ctx.timezone));
  const w = checkWeight(input);
  const stamp = ctx.now.toISOString();
  return yield* tx(function* () {
    const existed = (yield* one(ctx, day)) !== null;
    yield* ctx.deps.weights.put(ctx.userId, day, w, stamp);
    const stored = (yield* one(ctx, day))!;
    yield* ctx.log.record(ctx.userId, "weight", day, "upsert", weightView(stored, "kg"), ctx.now); // synced in kg, whoever reads it
    return { weight: weightView(stored, unitOf(ctx)), created: !existed };
  });
}

export function* getWeight({ ctx, date }: { ctx: Ctx; date: unknown }): Q<WeightT> {
  const d = pathDate(date, notFound);
  const r = yield* one(ctx, d);
  if (!r) throw notFound(d);
  return weightView(r, unitOf(ctx));
}

export function* deleteWeight({ ctx, date }: { ctx: Ctx; date: unknown }): Q<void> {
  const d = pathDate(date, notFound);
  if (!(yield* one(ctx, d))) throw notFound(d);
  yield* tx(function* () {
    yield* ctx.deps.weights.remove(ctx.userId, d);
    yield* ctx.log.record(ctx.userId, "weight", d, "delete", null, ctx.now);
  });
}

/** GET /weights?from=&to= */
export function* listWeights({ ctx, input }: { ctx: Ctx; input: { from?: string; to?: string } }) {
  const { from, to } = checkRange(input, localDate(ctx.now, ctx.timezone), MAX_RANGE_DAYS, 90);
  const weights = ctx.deps.weights;
  const trend = trendSeries(yield* weights.weighings(ctx.userId, to), to, from);
  const found = yield* weights.over(ctx.userId, from, to);
  const latest = trend.get(to) ?? null;
  const targetKg = (yield* activitySettingsOf(ctx)).target_kg;
  const eta =
    targetKg === null
      ? null
      : targetEta(yield* weights.weighings(ctx.userId, localDate(ctx.now, ctx.timezone)), targetKg);
  return {
    from,
    to,
    unit: unitOf(ctx),
    smoothing: SMOOTHING,
    items: found.map((r) => {
      const t = trend.get(r.date)!;
      return { ...weightView(r, unitOf(ctx)), trend_kg: t, trend: toUnit(t, unitOf(ctx)) };
    }),
    trend_kg: latest,
    trend: latest === null ? null : toUnit(latest, unitOf(ctx)),
    target:
      targetKg === null || eta === null
        ? null
        : {
            kg: targetKg,
            value: toUnit(targetKg, unitOf(ctx)),
            status: eta.status,
            eta: eta.date,
            days: eta.days,
            rate_kg_per_week: eta.rate_kg_per_week,
            rate_per_week: eta.rate_kg_per_week === null ? null : toUnit(eta.rate_kg_per_week, unitOf(ctx)),
          },
  };
}

/** Weight and trend (kg) for each date from..to, for the statistics; null where unknown. */
export function* weightsOver(
  ctx: Ctx,
  from: string,
  to: string,
): Q<Map<string, { kg: number | null; trend_kg: number | null }>> {
  const all = yield* ctx.deps.weights.weighings(ctx.userId, to);
  const trend = trendSeries(all, to, from);
  const kg = new Map(all.filter((w) => w.date >= from).map((w) => [w.date, w.kg]));
  const out = new Map<string, { kg: number | null; trend_kg: number | null }>();
  for (let d = from; d <= to; d = addDays(d, 1)) out.set(d, { kg: kg.get(d) ?? null, trend_kg: trend.get(d) ?? null });
  return out;
}
