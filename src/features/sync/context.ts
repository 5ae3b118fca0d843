/** The sync context for one request: the diary features' contexts, the change log and its settings. */
import type { ChangeLog } from "../../db/change-log";
import type { Logger } from "../../lib/log";
import type { AuthedUser } from "../auth/plugin";
import { diaryCtx, type DiaryDeps } from "../portability/context";
import type { SyncCtx } from "./service";

export interface SyncDeps extends DiaryDeps {
  changeLog: ChangeLog;
  /** Days a delete's tombstone is kept for sync; older cursors get 410. */
  tombstoneDays: number;
  logger: Logger;
}

export function syncCtx(deps: SyncDeps, user: AuthedUser): SyncCtx {
  const { meals, foods, goals, weights, days, recipes, savedMeals, exercises, dailyValues, activitySettings, targets } =
    diaryCtx(deps, user);
  return {
    userId: user.id,
    now: meals.now,
    log: deps.changeLog,
    meals,
    foods,
    goals,
    weights,
    days,
    recipes,
    savedMeals,
    exercises,
    dailyValues,
    activitySettings,
    targets,
    tombstoneDays: deps.tombstoneDays,
    onBug: (error, m) =>
      deps.logger.error("sync mutation failed unexpectedly", {
        entity: m.entity,
        op: m.op,
        error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
      }),
  };
}
