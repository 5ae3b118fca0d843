CREATE TABLE `custom_foods` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`name` text NOT NULL,
	`brand` text,
	`barcode` text,
	`nutrients` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `custom_foods_user` ON `custom_foods` (`user_id`);--> statement-breakpoint
CREATE INDEX `custom_foods_user_barcode` ON `custom_foods` (`user_id`,`barcode`);--> statement-breakpoint
CREATE TABLE `custom_portions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`food_id` integer NOT NULL,
	`seq` integer NOT NULL,
	`name` text NOT NULL,
	`amount` real NOT NULL,
	`grams` real NOT NULL,
	FOREIGN KEY (`food_id`) REFERENCES `custom_foods`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `custom_portions_food` ON `custom_portions` (`food_id`,`seq`);--> statement-breakpoint
CREATE TABLE `goals` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`energy_kcal` real,
	`protein_g` real,
	`fat_g` real,
	`carbohydrate_g` real,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `meals` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`food_id` integer NOT NULL,
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
CREATE INDEX `meals_user_date` ON `meals` (`user_id`,`date`,`eaten_at`);--> statement-breakpoint
CREATE INDEX `meals_user_food` ON `meals` (`user_id`,`food_id`,`eaten_at`);--> statement-breakpoint
-- Custom food and portion ids start at 1,000,000: above every catalogue NDB number (<= 99,999) and portion id.
INSERT INTO sqlite_sequence (name, seq) VALUES ('custom_foods', 999999), ('custom_portions', 999999);
