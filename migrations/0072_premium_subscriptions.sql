CREATE TABLE `abonnements` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`provider_customer_id` text NOT NULL,
	`provider_subscription_id` text NOT NULL,
	`statut` text NOT NULL,
	`montant_cents` integer NOT NULL,
	`current_period_end` text NOT NULL,
	`cancel_at_period_end` integer DEFAULT false NOT NULL,
	`past_due_since` text,
	`ended_at` text,
	`rappel_envoye_pour` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `abonnements_provider_subscription_id_unique` ON `abonnements` (`provider_subscription_id`);--> statement-breakpoint
CREATE INDEX `abonnements_user_idx` ON `abonnements` (`user_id`);--> statement-breakpoint
CREATE INDEX `abonnements_statut_fin_idx` ON `abonnements` (`statut`,`current_period_end`);