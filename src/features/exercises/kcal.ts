/**
 * An exercise's computed kcal, net of resting: (MET − 1) × kg × hours, to 1 kcal (docs/exercise.md says why net).
 * Pure: the server and the web app (offline) compute the same figure with it.
 */
export const netKcal = (met: number, kg: number, minutes: number) => Math.round((met - 1) * kg * (minutes / 60));
