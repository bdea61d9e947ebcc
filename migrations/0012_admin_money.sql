CREATE TABLE `admin_jours` (
	`portee` text NOT NULL,
	`jour` text NOT NULL,
	`inscriptions` integer DEFAULT 0 NOT NULL,
	`ca_brut_cents` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`portee`, `jour`)
);
--> statement-breakpoint
CREATE TABLE `admin_totaux` (
	`portee` text NOT NULL,
	`cle` text NOT NULL,
	`n` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`portee`, `cle`)
);
--> statement-breakpoint
CREATE INDEX `admin_totaux_cle_n_idx` ON `admin_totaux` (`cle`,`n`,`portee`);--> statement-breakpoint
DROP INDEX `inscriptions_created_idx`;--> statement-breakpoint
CREATE INDEX `inscriptions_statut_created_idx` ON `inscriptions` (`statut`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `inscriptions_course_created_idx` ON `inscriptions` (`course_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `inscriptions_nom_lower_idx` ON `inscriptions` (lower("nom"));--> statement-breakpoint
CREATE INDEX `inscriptions_prenom_lower_idx` ON `inscriptions` (lower("prenom"));--> statement-breakpoint
CREATE INDEX `inscriptions_email_lower_idx` ON `inscriptions` (lower("email"));--> statement-breakpoint
CREATE INDEX `inscriptions_created_idx` ON `inscriptions` (`created_at`,`id`);--> statement-breakpoint
DROP INDEX `transferts_paiement_idx`;--> statement-breakpoint
ALTER TABLE `transferts` ADD `failure_reason` text;--> statement-breakpoint
CREATE INDEX `transferts_created_by_idx` ON `transferts` (`created_by`,`created_at`);--> statement-breakpoint
CREATE INDEX `transferts_paiement_idx` ON `transferts` (`paiement_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `paiements` ADD `payout_due_on` text;--> statement-breakpoint
CREATE INDEX `paiements_status_created_idx` ON `paiements` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `paiements_format_idx` ON `paiements` (`format_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `paiements_organisateur_idx` ON `paiements` (`organisateur_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `paiements_payout_due_idx` ON `paiements` (`payout_due_on`) WHERE "paiements"."status" = 'succeeded' AND "paiements"."net_remaining_cents" > 0;--> statement-breakpoint
CREATE INDEX `paiements_unbalanced_idx` ON `paiements` (`id`) WHERE "paiements"."amount_total_cents" <> "paiements"."refunded_cents" + "paiements"."fee_total_cents" + "paiements"."platform_fee_cents" + "paiements"."transferred_total_cents" + "paiements"."net_remaining_cents";--> statement-breakpoint
CREATE INDEX `courses_nom_lower_idx` ON `courses` (lower("nom"));--> statement-breakpoint
CREATE INDEX `formats_nom_lower_idx` ON `formats` (lower("nom"));