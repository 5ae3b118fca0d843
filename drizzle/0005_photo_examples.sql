CREATE TABLE `photo_examples` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`food_id` integer NOT NULL,
	`photo_id` text NOT NULL,
	`meal_id` text,
	`embedding` blob NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `photo_examples_photo_food` ON `photo_examples` (`user_id`,`photo_id`,`food_id`);--> statement-breakpoint
CREATE INDEX `photo_examples_user` ON `photo_examples` (`user_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `photos` ADD `embedding` blob;