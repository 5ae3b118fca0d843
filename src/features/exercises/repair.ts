/**
 * Start-up repair of exercises stored past the limits typed ones obey. Before round 4 a computed kcal was not held
 * to MAX_KCAL (150 kg running for 24 h stored 28,800), and such a row made the account's own export refuse to
 * import. Each such exercise is clamped to the limits, its note says what it was, and the change is logged for
 * sync like any write (so every device gets the clamped figure). Idempotent: a repaired row is within the limits,
 * so the next start finds nothing; on SQLite and PostgreSQL alike (plain SQL through the store).
 */
import type { ChangeLog } from "../../db/change-log";
import { tx, type Q } from "../../db/q";
import { MAX_KCAL, MAX_MINUTES, NOTE_MAX } from "./model";
import type { ExercisesRepo } from "./repo";

const MAX_KM = 1000;

export function* repairExercisesPastLimits(exercises: ExercisesRepo, log: ChangeLog, now: Date): Q<void> {
  const found = yield* exercises.pastLimits({ kcal: MAX_KCAL, minutes: MAX_MINUTES, km: MAX_KM });
  for (const e of found) {
    const { user_id: userId, created_at: _c, updated_at: _u, ...stored } = e;
    const next = {
      ...stored,
      kcal: Math.min(Math.max(stored.kcal, 0), MAX_KCAL),
      // a duration of 0 or less cannot be clamped up to anything true: the least a typed one may be
      minutes: stored.minutes <= 0 ? 0.1 : Math.min(stored.minutes, MAX_MINUTES),
      distance_km: stored.distance_km === null ? null : Math.min(Math.max(stored.distance_km, 0), MAX_KM),
    };
    const was = (["kcal", "minutes", "distance_km"] as const)
      .filter((k) => next[k] !== stored[k])
      .map((k) => `${k} ${stored[k]}`)
      .join(", ");
    const flag = `[repaired ${now.toISOString().slice(0, 10)}: was ${was}, past the limits]`;
    const note = stored.note ? `${stored.note.slice(0, Math.max(0, NOTE_MAX - flag.length - 1))} ${flag}` : flag;
    next.note = note.slice(0, NOTE_MAX);
    yield* tx(function* () {
      yield* exercises.update(userId, next, now.toISOString());
      const exercise = (yield* exercises.of(userId, e.id))!;
      yield* log.record(userId, "exercise", e.id, "upsert", exercise, now);
    });
  }
}
