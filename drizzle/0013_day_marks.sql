CREATE TABLE `day_marks` (
	`user_id` integer NOT NULL,
	`date` text NOT NULL,
	`complete` integer NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	PRIMARY KEY(`user_id`, `date`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
