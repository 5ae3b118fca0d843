/** Goal-plan queries (table goal_plans): a user's plans, each from its start date on. */
import { and, asc, eq, gte } from "drizzle-orm";
import { all, exec, type Q } from "../../db/q";

export class GoalPlansRepo {
  /** Every plan of the user, oldest first, with its goals document as stored (JSON). */
  of(userId: number): Q<{ startsOn: string; goals: unknown }[]> {
    return all((db, t) =>
      db
        .select({ startsOn: t.goalPlans.startsOn, goals: t.goalPlans.goals })
        .from(t.goalPlans)
        .where(eq(t.goalPlans.userId, userId))
        .orderBy(asc(t.goalPlans.startsOn)),
    );
  }

  /** The plan from `startsOn` on; the plans starting on or after that date go. */
  *replaceFrom(userId: number, startsOn: string, goals: Record<string, unknown>, stamp: string): Q<void> {
    yield* exec((db, t) =>
      db.delete(t.goalPlans).where(and(eq(t.goalPlans.userId, userId), gte(t.goalPlans.startsOn, startsOn))),
    );
    yield* exec((db, t) => db.insert(t.goalPlans).values({ userId, startsOn, goals, updatedAt: stamp }));
  }

  /** Every plan of the user goes. */
  *clear(userId: number): Q<void> {
    yield* exec((db, t) => db.delete(t.goalPlans).where(eq(t.goalPlans.userId, userId)));
  }
}
