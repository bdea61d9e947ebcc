CREATE TABLE `liste_attente` (
	`id` text PRIMARY KEY NOT NULL,
	`rang` integer NOT NULL,
	`course_id` text NOT NULL,
	`format_id` text NOT NULL,
	`coureur_id` text NOT NULL,
	`statut` text DEFAULT 'en_liste' NOT NULL,
	`nom` text,
	`prenom` text,
	`email` text NOT NULL,
	`donnees` text NOT NULL,
	`nombre_repas` integer DEFAULT 0 NOT NULL,
	`inscription_id` text,
	`offre_expires_at` text,
	`offres_envoyees` integer DEFAULT 0 NOT NULL,
	`offre_mail_at` text,
	`fin_mail_at` text,
	`ended_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`format_id`) REFERENCES `formats`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `liste_attente_rang_uq` ON `liste_attente` (`rang`);--> statement-breakpoint
CREATE INDEX `liste_attente_format_idx` ON `liste_attente` (`format_id`,`statut`,`rang`);--> statement-breakpoint
CREATE INDEX `liste_attente_coureur_idx` ON `liste_attente` (`coureur_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `liste_attente_active_uq` ON `liste_attente` (`format_id`,`coureur_id`) WHERE statut IN ('en_liste', 'offre');--> statement-breakpoint
ALTER TABLE `formats` ADD `liste_attente_active` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `inscriptions` ADD `liste_attente_id` text;--> statement-breakpoint
CREATE INDEX `inscriptions_liste_attente_idx` ON `inscriptions` (`liste_attente_id`);