CREATE TABLE `inscriptions_historique` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`inscription_id` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`event` text NOT NULL,
	`actor` text,
	`actor_id` text,
	`from_statut` text,
	`to_statut` text NOT NULL,
	`amount_cents` integer
);
--> statement-breakpoint
CREATE INDEX `inscriptions_historique_inscription_idx` ON `inscriptions_historique` (`inscription_id`,`id`);--> statement-breakpoint
ALTER TABLE `inscriptions` ADD `transition_seq` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `inscriptions` ADD `last_event` text DEFAULT 'created' NOT NULL;--> statement-breakpoint
ALTER TABLE `inscriptions` ADD `last_actor` text;--> statement-breakpoint
ALTER TABLE `inscriptions` ADD `last_actor_id` text;--> statement-breakpoint
ALTER TABLE `inscriptions` ADD `last_amount_cents` integer;