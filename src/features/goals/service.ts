/** Daily goals (API.md §Goals): energy and the three macros, each a number or null (no goal). */
import { t } from "elysia";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { goals } from "../../db/schema";
import { AppError, type ErrorDetail } from "../../lib/errors";
import { Nullable } from "../../lib/schemas";
import type { SyncLog } from "../sync/log";
import { inTx } from "../../db/tx";

export const GOAL_KEYS = ["energy_kcal", "protein_g", "fat_g", "carbohydrate_g"] as const;
export type GoalKey = (typeof GOAL_KEYS)[number];
export type Goals = Record<GoalKey, number | null>;

const MAX: Record<GoalKey, number> = { energy_kcal: 20_000, protein_g: 2_000, fat_g: 2_000, carbohydrate_g: 2_000 };

const goal = (k: GoalKey) => Nullable(t.Number({ description: `per day, 0–${MAX[k]}; null = no goal` }));
export const GoalsSchema = t.Object(
  { energy_kcal: goal("energy_kcal"), protein_g: goal("protein_g"), fat_g: goal("fat_g"), carbohydrate_g: goal("carbohydrate_g") },
  { title: "Goals" },
);
export const PutGoalsBody = t.Object(
  Object.fromEntries(GOAL_KEYS.map((k) => [k, t.Optional(t.Any({ description: `number 0–${MAX[k]} or null; omitted = null` }))])),
);

export function getGoals(db: Db, userId: number): Goals {
  const row = db.select().from(goals).where(eq(goals.userId, userId)).get();
  return {
    energy_kcal: row?.energyKcal ?? null,
    protein_g: row?.proteinG ?? null,
    fat_g: row?.fatG ?? null,
    carbohydrate_g: row?.carbohydrateG ?? null,
  };
}

/** PUT /goals replaces all four; an omitted key is no goal. */
export function putGoals({ db, log, userId, now, input }: { db: Db; log: SyncLog; userId: number; now: Date; input: Record<string, unknown> }): Goals {
  const out = checkGoals(input);
  const values = { energyKcal: out.energy_kcal, proteinG: out.protein_g, fatG: out.fat_g, carbohydrateG: out.carbohydrate_g, updatedAt: now.toISOString() };
  inTx(db, () => {
    db.insert(goals).values({ userId, ...values }).onConflictDoUpdate({ target: goals.userId, set: values }).run();
    log.record(userId, "goals", "goals", "upsert", out, now);
  });
  return out;
}

/** The goals validator (REST, sync and import): each a number in range or null; `prefix` names where they sit. */
export function checkGoals(input: Record<string, unknown>, prefix = ""): Goals {
  const details: ErrorDetail[] = [];
  const out = {} as Goals;
  for (const k of GOAL_KEYS) {
    const v = input[k];
    if (v === undefined || v === null) out[k] = null;
    else if (typeof v !== "number" || !Number.isFinite(v) || v < 0 || v > MAX[k]) {
      details.push({ field: prefix + k, message: `must be a number from 0 to ${MAX[k]}, or null` });
    } else out[k] = Math.round(v * 100) / 100;
  }
  if (details.length) throw new AppError("validation_failed", `${details[0]!.field} ${details[0]!.message}`, details);
  return out;
}
