CREATE TABLE `cessions` (
	`id` text PRIMARY KEY NOT NULL,
	`inscription_id` text NOT NULL,
	`course_id` text NOT NULL,
	`format_id` text NOT NULL,
	`vendeur_id` text NOT NULL,
	`email` text NOT NULL,
	`token_hash` text NOT NULL,
	`statut` text DEFAULT 'ouverte' NOT NULL,
	`expires_at` text NOT NULL,
	`frais_cents` integer DEFAULT 0 NOT NULL,
	`dossard_suit` integer DEFAULT true NOT NULL,
	`acheteur_inscription_id` text,
	`dossard` integer,
	`remboursement_cents` integer,
	`rembourse_at` text,
	`ended_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`format_id`) REFERENCES `formats`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `cessions_open_uq` ON `cessions` (`inscription_id`) WHERE statut = 'ouverte';--> statement-breakpoint
CREATE INDEX `cessions_statut_expires_idx` ON `cessions` (`statut`,`expires_at`);--> statement-breakpoint
CREATE INDEX `cessions_format_idx` ON `cessions` (`format_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `cessions_inscription_idx` ON `cessions` (`inscription_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `formats` ADD `cession_active` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `formats` ADD `cession_cloture` text;--> statement-breakpoint
ALTER TABLE `formats` ADD `cession_frais_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `formats` ADD `cession_dossard_suit` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `inscriptions` ADD `cession_id` text;--> statement-breakpoint
CREATE INDEX `inscriptions_cession_idx` ON `inscriptions` (`cession_id`);