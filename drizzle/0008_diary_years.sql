CREATE TABLE `goal_plans` (
	`user_id` integer NOT NULL,
	`starts_on` text NOT NULL,
	`goals` text NOT NULL,
	`updated_at` text NOT NULL,
	PRIMARY KEY(`user_id`, `starts_on`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `recipe_ingredients` (
	`recipe_id` integer NOT NULL,
	`seq` integer NOT NULL,
	`food_id` integer NOT NULL,
	`food_name` text NOT NULL,
	`quantity` real NOT NULL,
	`portion_id` integer,
	`portion_name` text,
	`portion_grams` real,
	`grams` real NOT NULL,
	`per_100g` text NOT NULL,
	PRIMARY KEY(`recipe_id`, `seq`),
	FOREIGN KEY (`recipe_id`) REFERENCES `recipes`(`food_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `recipe_ingredients_food` ON `recipe_ingredients` (`food_id`);--> statement-breakpoint
CREATE TABLE `recipes` (
	`food_id` integer PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`servings` real NOT NULL,
	`cooked_grams` real,
	FOREIGN KEY (`food_id`) REFERENCES `custom_foods`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `weights` (
	`user_id` integer NOT NULL,
	`date` text NOT NULL,
	`kg` real NOT NULL,
	`note` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	PRIMARY KEY(`user_id`, `date`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `custom_foods` ADD `kind` text DEFAULT 'food' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `weight_unit` text DEFAULT 'kg' NOT NULL;--> statement-breakpoint
-- Goals set before plans existed apply since always ("0000-01-01" = no start date).
INSERT INTO `goal_plans` (`user_id`, `starts_on`, `goals`, `updated_at`)
SELECT `user_id`, '0000-01-01',
  json_object('every_day', json_object('energy_kcal', `energy_kcal`, 'protein_g', `protein_g`, 'fat_g', `fat_g`, 'carbohydrate_g', `carbohydrate_g`), 'weekdays', json('{}')),
  `updated_at`
FROM `goals`;--> statement-breakpoint
-- The goals sync record takes its new shape (API.md §Goals) without a new version.
UPDATE `sync_log` SET `data` = json_set(`data`, '$.from', NULL, '$.weekdays', json('{}'), '$.schedule',
  json_array(json_object('from', NULL, 'energy_kcal', json_extract(`data`, '$.energy_kcal'), 'protein_g', json_extract(`data`, '$.protein_g'),
    'fat_g', json_extract(`data`, '$.fat_g'), 'carbohydrate_g', json_extract(`data`, '$.carbohydrate_g'), 'weekdays', json('{}'))))
WHERE `entity` = 'goals' AND `op` = 'upsert';