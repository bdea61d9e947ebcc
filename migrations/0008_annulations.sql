-- One cancellation per registration (issue 8): the claim that makes a double click or a replayed request
-- refund once, and the record of what was quoted and decided (docs/decisions/0070-cancellation-claim.md).
CREATE TABLE `annulations` (
	`id` text PRIMARY KEY NOT NULL,
	`inscription_id` text NOT NULL,
	`demandee_par` text NOT NULL,
	`acteur_id` text,
	`reason` text,
	`status` text DEFAULT 'en_cours' NOT NULL,
	`amount_total_cents` integer DEFAULT 0 NOT NULL,
	`non_refundable_cents` integer DEFAULT 0 NOT NULL,
	`base_cents` integer DEFAULT 0 NOT NULL,
	`percent` integer DEFAULT 0 NOT NULL,
	`refund_cents` integer DEFAULT 0 NOT NULL,
	`days_before` integer,
	`remboursement_id` text,
	`error` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`inscription_id`) REFERENCES `inscriptions`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `annulations_inscription_uq` ON `annulations` (`inscription_id`);
