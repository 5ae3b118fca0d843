/**
 * Exercise (API.md §Exercise): what a person did on a local date, with the kcal it burned. Without a kcal
 * given, it is computed as MET × kg × hours (gross, as the Compendium defines it and as the issue asked; see
 * docs/exercise.md for why gross and what that means for the budget). kg is the
 * latest weigh-in on or before that date; with none, the write is refused (400 naming kcal) rather than
 * guessed from a default weight. Each exercise is its owner's alone: another account's id answers as an
 * unknown one (404).
 */
import type { Ctx } from "../../context";
import type { Alone } from "../../db/change-log";
import { ownAccount, tx, type Q } from "../../db/q";
import { AppError } from "../../lib/errors";
import { isUuid } from "../../lib/problems";
import { localDate } from "../../lib/time";
import { checkRange } from "../../schema/date-range";
import { activityByCode } from "../activities/catalogue";
import { exerciseKcal } from "./kcal";
import type { CreateExerciseT, ExerciseT, PatchExerciseT } from "./model";
import type { StoredExercise } from "./repo";
import { type CheckedExercise, checkComputedKcal, checkExercise } from "./validate";

export const MAX_RANGE_DAYS = 366;
export const exerciseNotFound = (id: string) => new AppError("not_found", `no exercise ${id} of yours`);
const today = (ctx: Ctx) => localDate(ctx.now, ctx.timezone);

/** An exported exercise's kcal as it was: how it was had (import of a Morsel export only). */
export interface Restored {
  kcal_from: ExerciseT["kcal_from"];
  met: number | null;
}

/** The stored form: kcal as given (entered, or imported from a source other than manual) or computed. */
function* resolved(
  ctx: Ctx,
  e: StoredExercise,
  kcal: number | null,
  prefix: string,
  restored?: Restored,
  /** The weigh-in already read with the write's read (undefined: read it here). */
  weighIn?: { kg: number } | null,
): Q<StoredExercise> {
  if (kcal !== null && restored) return { ...e, kcal, ...restored };
  if (kcal !== null)
    return {
      ...e,
      kcal: Math.round(kcal * 10) / 10,
      kcal_from: e.source === "manual" ? "entered" : "imported",
      met: null,
    };
  const met = e.activity === null ? null : (activityByCode(e.activity)?.met ?? null);
  if (met === null)
    throw new AppError("validation_failed", `${prefix}kcal is required for an activity of your own`, [
      { field: `${prefix}kcal`, message: "is required without an activity from GET /activities (to compute it)" },
    ]);
  const w = weighIn !== undefined ? weighIn : yield* ctx.deps.weights.latest(ctx.userId, e.date);
  if (!w)
    throw new AppError("validation_failed", `${prefix}kcal: no weigh-in on or before ${e.date} to compute it from`, [
      {
        field: `${prefix}kcal`,
        message: `cannot be computed: no weigh-in on or before ${e.date}; log your weight (PUT /weights/{date}) or give kcal`,
      },
    ]);
  const computed = exerciseKcal(met, w.kg, e.minutes);
  checkComputedKcal(computed, `MET ${met} × ${w.kg} kg × ${e.minutes} min`, prefix);
  return { ...e, kcal: computed, kcal_from: "computed", met };
}

function fresh(v: CheckedExercise, id: string, date: string): StoredExercise {
  return {
    id,
    date,
    start_time: v.start_time ?? null,
    activity: v.activity?.code ?? null,
    name: v.name ?? v.activity!.name,
    minutes: v.minutes!,
    distance_km: v.distance_km ?? null,
    kcal: 0,
    kcal_from: "computed",
    met: null,
    sets: v.sets ?? null,
    reps: v.reps ?? null,
    source: v.source ?? "manual",
    source_id: v.source_id ?? null,
    note: v.note ?? null,
  };
}

/** The fields a record shows that a write can change: equal ones mean the write changes nothing. */
const same = (a: StoredExercise, b: StoredExercise) =>
  (Object.keys(b) as (keyof StoredExercise)[]).every((k) => a[k] === b[k]);

/**
 * POST /exercises, a sync create and an import; the health bridges' write (see upsertExerciseBySource).
 * With a source_id this user already has for that source, that exercise is updated instead (created false);
 * with a client id already theirs, the stored one is returned; another account's id is 409 id_conflict.
 * Writing what is already stored changes nothing (no new version in the change feed).
 */
export function* createExercise({
  ctx,
  input,
  prefix = "",
  restored,
  alone = false,
}: {
  ctx: Ctx;
  input: CreateExerciseT;
  prefix?: string;
  /** Import: the exported kcal_from and met, kept with the exported kcal. */
  restored?: Restored;
} & Alone): Q<{ exercise: ExerciseT; created: boolean; changed: boolean }> {
  const v = checkExercise(input, true, today(ctx), prefix);
  return yield* tx(function* () {
    yield* ownAccount(ctx.userId); // asked with the first read: the write then takes COMMIT along (db/pg/store.ts)
    const source = v.source ?? "manual";
    const bySource = v.source_id ? yield* ctx.deps.exercises.bySource(ctx.userId, source, v.source_id) : null;
    if (bySource) {
      const next = yield* resolved(ctx, fresh(v, bySource.id, v.date ?? bySource.date), v.kcal ?? null, prefix);
      return { ...(yield* write(ctx, bySource, next, alone)), created: false };
    }
    const id = (v.id ?? Bun.randomUUIDv7()).toLowerCase();
    const date = v.date ?? today(ctx);
    const { owner, theirs, weighIn } = yield* ctx.deps.exercises.beforeCreate(ctx.userId, id, date);
    if ((owner !== null && owner !== ctx.userId) || (owner === null && theirs))
      throw new AppError("id_conflict", `exercise id ${id} is already used; make a new id`);
    if (owner !== null)
      return { exercise: (yield* ctx.deps.exercises.of(ctx.userId, id))!, created: false, changed: false };
    const next = yield* resolved(ctx, fresh(v, id, date), v.kcal ?? null, prefix, restored, weighIn);
    const stamp = ctx.now.toISOString();
    const exercise: ExerciseT = { ...next, created_at: stamp, updated_at: stamp }; // as stored, not read back
    yield* ctx.log.recordWith(
      ctx.deps.exercises.insertLogged(ctx.userId, next, stamp),
      ctx.userId,
      "exercise",
      id,
      "upsert",
      exercise,
      ctx.now,
      {
        final: alone,
      },
    );
    return { exercise, created: true, changed: true };
  });
}

/** The change and its record (one statement on PostgreSQL); the exercise as stored is made, not read back. */
function* write(
  ctx: Ctx,
  stored: ExerciseT,
  next: StoredExercise,
  alone = false,
): Q<{ exercise: ExerciseT; changed: boolean }> {
  if (same(stored, next)) return { exercise: stored, changed: false };
  const stamp = ctx.now.toISOString();
  const exercise: ExerciseT = { ...stored, ...next, created_at: stored.created_at, updated_at: stamp };
  const write = ctx.deps.exercises.updateLogged(ctx.userId, next, stamp);
  const seq = yield* ctx.log.recordWith(write, ctx.userId, "exercise", stored.id, "upsert", exercise, ctx.now, {
    final: alone,
  });
  if (seq === null) throw exerciseNotFound(stored.id); // deleted since it was read
  return { exercise, changed: true };
}

/**
 * For the health bridges and tracker imports: the exercise with this `source` and `source_id` is created, or
 * updated when it is there (idempotent: the same input again changes nothing and logs no change). `kcal`, when
 * given, is kept exactly as the source states it (kcal_from "imported").
 */
export function* upsertExerciseBySource({
  ctx,
  input,
  alone = false,
}: {
  ctx: Ctx;
  input: CreateExerciseT & { source: string; source_id: string };
} & Alone): Q<{ exercise: ExerciseT; created: boolean; changed: boolean }> {
  return yield* createExercise({ ctx, input, alone });
}

/**
 * What upsertExerciseBySource would do, writing nothing (an import's preview): "added" for a new or changed
 * exercise, "unchanged" for one stored as it is. An input the write would refuse throws the same error.
 */
export function* previewExerciseBySource({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: CreateExerciseT & { source: string; source_id: string };
}): Q<"added" | "unchanged"> {
  const v = checkExercise(input, true, today(ctx), "");
  const stored = v.source_id ? yield* ctx.deps.exercises.bySource(ctx.userId, v.source ?? "manual", v.source_id) : null;
  if (!stored) return "added";
  const next = yield* resolved(ctx, fresh(v, stored.id, v.date ?? stored.date), v.kcal ?? null, "");
  return same(stored, next) ? "unchanged" : "added";
}

export function* getExercise({ ctx, id }: { ctx: Ctx; id: string }): Q<ExerciseT> {
  const found = isUuid(id) ? yield* ctx.deps.exercises.of(ctx.userId, id.toLowerCase()) : null;
  if (!found) throw exerciseNotFound(id);
  return found;
}

/** Is this id another account's exercise? (sync: such an id can never be written by this caller) */
export function* takenByOther(ctx: Ctx, id: string): Q<boolean> {
  const owner = yield* ctx.deps.exercises.ownerOf(id.toLowerCase());
  return owner !== null && owner !== ctx.userId;
}

/**
 * PATCH /exercises/{id} (and a sync update): only the fields given change. A computed kcal is computed again
 * when the activity, minutes or date change; kcal null computes it again; a kcal given is kept.
 */
export function* updateExercise({
  ctx,
  id,
  input,
  prefix = "",
  alone = false,
}: {
  ctx: Ctx;
  id: string;
  input: PatchExerciseT;
  prefix?: string;
} & Alone): Q<ExerciseT> {
  yield* ownAccount(ctx.userId); // asked with the read: the write then takes COMMIT along (db/pg/store.ts)
  // the exercise and the weigh-in a computed kcal needs (on the date it will have), in one read
  const moved = typeof input.date === "string" ? input.date : null;
  const found = isUuid(id) ? yield* ctx.deps.exercises.withWeighIn(ctx.userId, id.toLowerCase(), moved) : null;
  if (!found) throw exerciseNotFound(id);
  const { stored } = found;
  const v = checkExercise(input, false, today(ctx), prefix);
  const base: StoredExercise = {
    ...stored,
    date: v.date ?? stored.date,
    start_time: v.start_time !== undefined ? v.start_time : stored.start_time,
    activity: v.activity !== undefined ? (v.activity?.code ?? null) : stored.activity,
    name: v.name ?? (v.activity ? v.activity.name : stored.name),
    minutes: v.minutes ?? stored.minutes,
    distance_km: v.distance_km !== undefined ? v.distance_km : stored.distance_km,
    sets: v.sets !== undefined ? v.sets : stored.sets,
    reps: v.reps !== undefined ? v.reps : stored.reps,
    note: v.note !== undefined ? v.note : stored.note,
  };
  const kcal = v.kcal !== undefined ? v.kcal : stored.kcal_from === "computed" ? null : stored.kcal;
  const weighIn = base.date === (moved ?? stored.date) ? found.weighIn : undefined; // else read for base.date
  return yield* tx(function* () {
    const next = yield* resolved(ctx, base, kcal, prefix, undefined, weighIn);
    return (yield* write(ctx, stored, next, alone)).exercise;
  });
}

/** DELETE /exercises/{id} (and a sync delete): the delete and its record, with no read first. */
export function* deleteExercise({ ctx, id, alone = false }: { ctx: Ctx; id: string } & Alone): Q<void> {
  if (!isUuid(id)) throw exerciseNotFound(id);
  const key = id.toLowerCase();
  yield* tx(function* () {
    yield* ownAccount(ctx.userId);
    const seq = yield* ctx.log.recordWith(
      ctx.deps.exercises.deleteLogged(ctx.userId, key),
      ctx.userId,
      "exercise",
      key,
      "delete",
      null,
      ctx.now,
      {
        final: alone,
      },
    );
    if (seq === null) throw exerciseNotFound(id);
  });
}

/** GET /exercises?from=&to= (default today; at most 366 days). */
export function* listExercises({ ctx, input }: { ctx: Ctx; input: { from?: string; to?: string } }) {
  const { from, to } = checkRange(input, today(ctx), MAX_RANGE_DAYS, 1);
  const items = yield* ctx.deps.exercises.over(ctx.userId, from, to);
  return { from, to, items, kcal: Math.round(items.reduce((a, e) => a + e.kcal, 0)) };
}

/** The day's exercise kcal (the budget's exercise part). */
export function* exerciseKcalOn(ctx: Ctx, date: string): Q<number> {
  return Math.round((yield* ctx.deps.exercises.kcalByDate(ctx.userId, date, date)).get(date) ?? 0);
}

/** Every exercise of the user, for the export. */
export const exportExercises = (ctx: Ctx) => ctx.deps.exercises.over(ctx.userId, "0000-01-01", "9999-12-31");
