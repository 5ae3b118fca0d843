DROP INDEX `meals_user_date`;--> statement-breakpoint
CREATE INDEX `meals_user_date` ON `meals` (`user_id`,`date`,`eaten_at`,`food_id`);--> statement-breakpoint
CREATE INDEX `sync_log_tombstones` ON `sync_log` (`user_id`,`changed_at`) WHERE op = 'delete';