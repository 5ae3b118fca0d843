CREATE TABLE `nutrition_settings` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`profile` text NOT NULL,
	`targets` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
