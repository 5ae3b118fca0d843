/**
 * The scanner's side of meals logged from a photo (meals/service.ts PhotoHooks): a photo id is
 * good for 24 hours, and a meal logged from it makes the photo's embedding an example of the food
 * (personal recognition) until the meal is deleted.
 */
import type { PhotoHooks } from "../meals/service";
import type { PhotosRepo } from "./photos-repo";
import type { ExamplesRepo } from "./recognition/examples-repo";

export function photoHooks(photos: PhotosRepo, examples: ExamplesRepo): PhotoHooks {
  return {
    *live(userId, photoId, now) {
      return (yield* photos.live(userId, photoId, now)) !== null;
    },
    *confirmed(userId, photoId, foodId, mealId, now) {
      yield* examples.add(userId, photoId, foodId, mealId, now);
    },
    *withdrawn(userId, mealId) {
      yield* examples.withdraw(userId, mealId);
    },
  };
}
