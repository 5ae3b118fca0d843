/** The day view's Exercise, Water and Steps regions (after the meals). */
import type { dayActivity } from "../activity";
import { ExerciseRegion } from "./exercise";
import { StepsRegion, WaterRegion } from "./body-day";

export function DayActivity({ day, activity }: { day: string; activity: Awaited<ReturnType<typeof dayActivity>> }) {
  return (
    <>
      <ExerciseRegion day={day} exercises={activity.exercises} total={activity.exerciseKcal} />
      <WaterRegion day={day} values={activity.values} settings={activity.settings} />
      <StepsRegion day={day} values={activity.values} settings={activity.settings} />
    </>
  );
}
