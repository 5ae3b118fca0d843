PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_meals` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`food_id` integer,
	`food_name` text NOT NULL,
	`meal_type` text NOT NULL,
	`quantity` real NOT NULL,
	`portion_id` integer,
	`portion_name` text,
	`portion_grams` real,
	`grams` real NOT NULL,
	`date` text NOT NULL,
	`eaten_at` text NOT NULL,
	`note` text,
	`per_100g` text NOT NULL,
	`request_hash` text,
	`energy_kcal` real,
	`protein_g` real,
	`fat_g` real,
	`carbohydrate_g` real,
	`fiber_g` real,
	`sugars_g` real,
	`saturated_fat_g` real,
	`sodium_mg` real,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_meals`("id", "user_id", "food_id", "food_name", "meal_type", "quantity", "portion_id", "portion_name", "portion_grams", "grams", "date", "eaten_at", "note", "per_100g", "request_hash", "energy_kcal", "protein_g", "fat_g", "carbohydrate_g", "fiber_g", "sugars_g", "saturated_fat_g", "sodium_mg", "created_at", "updated_at") SELECT "id", "user_id", "food_id", "food_name", "meal_type", "quantity", "portion_id", "portion_name", "portion_grams", "grams", "date", "eaten_at", "note", "per_100g", "request_hash", "energy_kcal", "protein_g", "fat_g", "carbohydrate_g", "fiber_g", "sugars_g", "saturated_fat_g", "sodium_mg", "created_at", "updated_at" FROM `meals`;--> statement-breakpoint
DROP TABLE `meals`;--> statement-breakpoint
ALTER TABLE `__new_meals` RENAME TO `meals`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `meals_user_date` ON `meals` (`user_id`,`date`,`eaten_at`,`food_id`);--> statement-breakpoint
CREATE INDEX `meals_user_food` ON `meals` (`user_id`,`food_id`,`eaten_at`);