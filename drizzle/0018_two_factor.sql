CREATE TABLE `totp_factors` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`secret` text NOT NULL,
	`created_at` text NOT NULL,
	`confirmed_at` text,
	`last_step` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `totp_recovery_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`code_hash` text NOT NULL,
	`used_at` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `totp_recovery_codes_hash` ON `totp_recovery_codes` (`user_id`,`code_hash`);--> statement-breakpoint
ALTER TABLE `sessions` ADD `method` text DEFAULT 'password' NOT NULL;