CREATE TABLE `exports_donnees` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`requested_at` text NOT NULL,
	`ready_at` text,
	`expires_at` text,
	`r2_key` text,
	`size` integer,
	`downloaded_at` text,
	`downloads` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `exports_donnees_user_idx` ON `exports_donnees` (`user_id`,`requested_at`);--> statement-breakpoint
CREATE INDEX `exports_donnees_status_idx` ON `exports_donnees` (`status`,`requested_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `exports_donnees_pending_uq` ON `exports_donnees` (`user_id`) WHERE status = 'pending';