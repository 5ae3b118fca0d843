CREATE TABLE `oidc_identities` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`issuer` text NOT NULL,
	`subject` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `oidc_identities_subject` ON `oidc_identities` (`issuer`,`subject`);--> statement-breakpoint
CREATE INDEX `oidc_identities_user` ON `oidc_identities` (`user_id`);