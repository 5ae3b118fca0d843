/**
 * Body weight (API.md §Weight): one weigh-in per user and local date, stored in kg and shown in
 * the user's unit, with the trend of trend.ts. Writing a date that has a weight replaces it.
 */
import { runSync } from "../../db/store";
import type { Db } from "../../db/client";
import { inTx } from "../../db/tx";
import { AppError } from "../../lib/errors";
import { Problems, checkDate } from "../../lib/problems";
import { addDays, localDate } from "../../lib/time";
import { checkRange } from "../../lib/date-range";
import type { ChangeLog } from "../../db/change-log";
import { SMOOTHING, toUnit, trendSeries, type Weighing } from "./trend";
import { checkWeight, checkWeightDate } from "./validate";

export interface WeightsCtx {
  db: Db;
  log: ChangeLog;
  userId: number;
  timezone: string;
  /** "kg" or "lb": how values are shown. */
  unit: "kg" | "lb";
  now: Date;
}

interface Row {
  date: string;
  kg: number;
  note: string | null;
  created_at: string;
  updated_at: string;
}

export const MAX_RANGE_DAYS = 3660;

const cols = "date, kg, note, created_at, updated_at";
const one = (ctx: WeightsCtx, date: string) =>
  ctx.db.$client
    .query<Row, [number, string]>(`SELECT ${cols} FROM weights WHERE user_id = ? AND date = ?`)
    .get(ctx.userId, date);

export function weightView(r: Row, unit: "kg" | "lb") {
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
export function putWeight({ ctx, date, input }: { ctx: WeightsCtx; date: unknown; input: unknown }) {
  const day = checkWeightDate(date, localDate(ctx.now, ctx.timezone));
  const w = checkWeight(input);
  const stamp = ctx.now.toISOString();
  return inTx(ctx.db, () => {
    const existed = Boolean(one(ctx, day));
    ctx.db.$client
      .query(
        "INSERT INTO weights (user_id, date, kg, note, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (user_id, date) DO UPDATE SET kg = excluded.kg, note = excluded.note, updated_at = excluded.updated_at",
      )
      .run(ctx.userId, day, w.kg, w.note, stamp, stamp);
    const row = one(ctx, day)!;
    runSync(ctx.log.record(ctx.userId, "weight", day, "upsert", weightView(row, "kg"), ctx.now), ctx.db); // synced in kg, whoever reads it
    return { weight: weightView(row, ctx.unit), created: !existed };
  });
}

function checkedDate(date: unknown): string {
  const p = new Problems();
  const d = checkDate(p, "date", date);
  p.throwIfAny();
  if (!d) throw notFound(String(date));
  return d;
}

export function getWeight({ ctx, date }: { ctx: WeightsCtx; date: unknown }) {
  const d = checkedDate(date);
  const r = one(ctx, d);
  if (!r) throw notFound(d);
  return weightView(r, ctx.unit);
}

export function deleteWeight({ ctx, date }: { ctx: WeightsCtx; date: unknown }): void {
  const d = checkedDate(date);
  if (!one(ctx, d)) throw notFound(d);
  inTx(ctx.db, () => {
    ctx.db.$client.query("DELETE FROM weights WHERE user_id = ? AND date = ?").run(ctx.userId, d);
    runSync(ctx.log.record(ctx.userId, "weight", d, "delete", null, ctx.now), ctx.db);
  });
}

/** Every weigh-in up to `through`, oldest first (the trend needs the history before a range). */
export function weighings(db: Db, userId: number, through: string): Weighing[] {
  return db.$client
    .query<Weighing, [number, string]>("SELECT date, kg FROM weights WHERE user_id = ? AND date <= ? ORDER BY date")
    .all(userId, through);
}

/** GET /weights?from=&to= */
export function listWeights({ ctx, input }: { ctx: WeightsCtx; input: { from?: string; to?: string } }) {
  const { from, to } = checkRange(input, localDate(ctx.now, ctx.timezone), MAX_RANGE_DAYS, 90);
  const trend = trendSeries(weighings(ctx.db, ctx.userId, to), to, from);
  const rows = ctx.db.$client
    .query<Row, [number, string, string]>(
      `SELECT ${cols} FROM weights WHERE user_id = ? AND date BETWEEN ? AND ? ORDER BY date`,
    )
    .all(ctx.userId, from, to);
  const latest = trend.get(to) ?? null;
  return {
    from,
    to,
    unit: ctx.unit,
    smoothing: SMOOTHING,
    items: rows.map((r) => {
      const t = trend.get(r.date)!;
      return { ...weightView(r, ctx.unit), trend_kg: t, trend: toUnit(t, ctx.unit) };
    }),
    trend_kg: latest,
    trend: latest === null ? null : toUnit(latest, ctx.unit),
  };
}

/** Weight and trend (kg) for each date from..to, for the statistics; null where unknown. */
export function weightsOver(
  db: Db,
  userId: number,
  from: string,
  to: string,
): Map<string, { kg: number | null; trend_kg: number | null }> {
  const all = weighings(db, userId, to);
  const trend = trendSeries(all, to, from);
  const kg = new Map(all.filter((w) => w.date >= from).map((w) => [w.date, w.kg]));
  const out = new Map<string, { kg: number | null; trend_kg: number | null }>();
  for (let d = from; d <= to; d = addDays(d, 1)) out.set(d, { kg: kg.get(d) ?? null, trend_kg: trend.get(d) ?? null });
  return out;
}
