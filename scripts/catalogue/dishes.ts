/**
 * Dishes and drinks people name that USDA's release has no entry for, composed from catalogue foods
 * by weight (scripts/catalogue/dishes/dish.ts), one file a cuisine. Dishes USDA has (fried rice, hot
 * cocoa) are aliases in src/features/foods/ranking-data.ts instead.
 */
import { AMERICAN } from "./dishes/american";
import { ANZ_CANADA } from "./dishes/anz-canada";
import { BRITISH } from "./dishes/british";
import { CLASSIC } from "./dishes/classic";
import { DRINKS } from "./dishes/drinks";
import { CHINESE } from "./dishes/chinese";
import { INDIAN } from "./dishes/indian";
import { ITALIAN } from "./dishes/italian";
import { JAPANESE } from "./dishes/japanese";
import { MEXICAN } from "./dishes/mexican";
import { MIDDLE_EASTERN } from "./dishes/middle-eastern";
import { STAPLES } from "./dishes/staples";
import { THAI } from "./dishes/thai";

export { compose, type Dish } from "./dishes/dish";

export const DISHES = [
  ...CLASSIC,
  ...BRITISH,
  ...AMERICAN,
  ...INDIAN,
  ...MEXICAN,
  ...CHINESE,
  ...ITALIAN,
  ...MIDDLE_EASTERN,
  ...JAPANESE,
  ...THAI,
  ...ANZ_CANADA,
  ...DRINKS,
  ...STAPLES,
];
