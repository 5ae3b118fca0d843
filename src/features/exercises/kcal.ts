/**
 * An exercise's computed kcal: MET × kg × hours, the gross figure (resting included), to 1 kcal; docs/exercise.md
 * says why gross.
 * Pure: the server and the web app (offline) compute the same figure with it.
 */
export const exerciseKcal = (met: number, kg: number, minutes: number) => Math.round(met * kg * (minutes / 60));
/** The most kcal one exercise may have, typed or computed (the web app checks it too, so it lives here, pure). */
export const MAX_KCAL = 10_000;
