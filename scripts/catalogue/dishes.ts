/**
 * Dishes and drinks people name that USDA's release has no entry for, composed from catalogue foods
 * by weight (scripts/catalogue/dishes/dish.ts), one file a cuisine. Dishes USDA has (fried rice, hot
 * cocoa) are aliases in src/features/foods/ranking-data.ts instead.
 */
import { BRITISH } from "./dishes/british";
import { CLASSIC } from "./dishes/classic";
import { INDIAN } from "./dishes/indian";

export { compose, type Dish } from "./dishes/dish";

export const DISHES = [...CLASSIC, ...BRITISH, ...INDIAN];
