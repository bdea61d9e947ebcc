CREATE TABLE `justificatif_documents` (
	`id` text PRIMARY KEY NOT NULL,
	`r2_key` text NOT NULL,
	`owner_id` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`original_name` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `justificatif_documents_r2_key_unique` ON `justificatif_documents` (`r2_key`);--> statement-breakpoint
CREATE INDEX `justificatif_documents_owner_idx` ON `justificatif_documents` (`owner_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `justificatif_documents_created_idx` ON `justificatif_documents` (`created_at`);--> statement-breakpoint
ALTER TABLE `inscriptions` ADD `pps_expiration` text;--> statement-breakpoint
ALTER TABLE `inscriptions` ADD `justificatif_document_id` text;--> statement-breakpoint
ALTER TABLE `inscriptions` ADD `justificatif_document_purge_at` text;--> statement-breakpoint
ALTER TABLE `inscriptions` ADD `justificatif_decision` text;--> statement-breakpoint
ALTER TABLE `inscriptions` ADD `justificatif_motif` text;--> statement-breakpoint
ALTER TABLE `inscriptions` ADD `justificatif_commentaire` text;--> statement-breakpoint
ALTER TABLE `inscriptions` ADD `justificatif_decision_par` text;--> statement-breakpoint
ALTER TABLE `inscriptions` ADD `justificatif_decision_at` text;--> statement-breakpoint
CREATE INDEX `inscriptions_justificatif_document_idx` ON `inscriptions` (`justificatif_document_id`);--> statement-breakpoint
ALTER TABLE `profils_coureurs` ADD `pps_expiration` text;--> statement-breakpoint
ALTER TABLE `profils_coureurs` ADD `justificatif_document_id` text;--> statement-breakpoint
ALTER TABLE `profils_utilisateurs` ADD `pps_expiration` text;