CREATE TABLE `sync_log` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`entity` text NOT NULL,
	`entity_id` text NOT NULL,
	`op` text NOT NULL,
	`data` text,
	`changed_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sync_log_record` ON `sync_log` (`user_id`,`entity`,`entity_id`);--> statement-breakpoint
CREATE INDEX `sync_log_user_seq` ON `sync_log` (`user_id`,`seq`);--> statement-breakpoint
CREATE TABLE `sync_mutations` (
	`mutation_id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`result` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `sync_state` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`purged_through` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
