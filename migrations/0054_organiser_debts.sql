CREATE TABLE `compensations` (
	`id` text PRIMARY KEY NOT NULL,
	`organisateur_id` text NOT NULL,
	`from_paiement_id` text NOT NULL,
	`to_paiement_id` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`from_paiement_id`) REFERENCES `paiements`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`to_paiement_id`) REFERENCES `paiements`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `compensations_from_idx` ON `compensations` (`from_paiement_id`);--> statement-breakpoint
CREATE INDEX `compensations_to_idx` ON `compensations` (`to_paiement_id`);--> statement-breakpoint
DROP INDEX `paiements_unbalanced_idx`;--> statement-breakpoint
ALTER TABLE `paiements` ADD `compensation_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `paiements_organiser_debt_idx` ON `paiements` (`organisateur_id`) WHERE "paiements"."net_remaining_cents" < 0;--> statement-breakpoint
CREATE INDEX `paiements_unbalanced_idx` ON `paiements` (`id`) WHERE "paiements"."amount_total_cents" <> "paiements"."refunded_cents" + "paiements"."fee_total_cents" + "paiements"."platform_fee_cents" + "paiements"."transferred_total_cents" + "paiements"."net_remaining_cents" + "paiements"."compensation_cents";