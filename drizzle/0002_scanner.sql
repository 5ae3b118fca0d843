CREATE TABLE `imported_products` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`gtin` text NOT NULL,
	`name` text NOT NULL,
	`brand` text,
	`nutrients` text NOT NULL,
	`serving_name` text,
	`serving_grams` real,
	`origin` text NOT NULL,
	`attribution` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `imported_products_gtin_unique` ON `imported_products` (`gtin`);--> statement-breakpoint
CREATE TABLE `photos` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`gtin` text,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `photos_user` ON `photos` (`user_id`,`expires_at`);--> statement-breakpoint
-- Imported product ids start at 2,000,000,000: above every catalogue NDB number and custom food id.
INSERT INTO sqlite_sequence (name, seq) VALUES ('imported_products', 1999999999);
