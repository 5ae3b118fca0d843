ALTER TABLE `sessions` ADD `previous_jti` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `rotated_at` text;