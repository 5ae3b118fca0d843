CREATE TABLE `activity_settings` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`exercise_in_budget` integer NOT NULL,
	`water_unit` text NOT NULL,
	`length_unit` text NOT NULL,
	`glass_ml` real NOT NULL,
	`water_goal_ml` real,
	`steps_goal` integer,
	`target_kg` real,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `daily_values` (
	`user_id` integer NOT NULL,
	`date` text NOT NULL,
	`metric` text NOT NULL,
	`value` real NOT NULL,
	`source` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	PRIMARY KEY(`user_id`, `metric`, `date`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `exercises` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`date` text NOT NULL,
	`start_time` text,
	`activity` text,
	`name` text NOT NULL,
	`minutes` real NOT NULL,
	`distance_km` real,
	`kcal` real NOT NULL,
	`kcal_from` text NOT NULL,
	`met` real,
	`sets` integer,
	`reps` integer,
	`source` text NOT NULL,
	`source_id` text,
	`note` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `exercises_user_date` ON `exercises` (`user_id`,`date`);--> statement-breakpoint
CREATE UNIQUE INDEX `exercises_user_source` ON `exercises` (`user_id`,`source`,`source_id`);