CREATE TABLE `resultats` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`format_id` text NOT NULL,
	`inscription_id` text,
	`ligne` integer NOT NULL,
	`dossard` integer NOT NULL,
	`temps_secondes` integer,
	`classement` integer,
	`categorie` text,
	`statut` text DEFAULT 'classe' NOT NULL,
	`nom` text,
	`prenom` text,
	`club` text,
	`recherche` text DEFAULT '' NOT NULL,
	`nom_tri` text DEFAULT '' NOT NULL,
	FOREIGN KEY (`format_id`) REFERENCES `formats`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `resultats_format_dossard_uq` ON `resultats` (`format_id`,`dossard`);--> statement-breakpoint
CREATE INDEX `resultats_format_classement_idx` ON `resultats` (`format_id`,`classement`,`dossard`);--> statement-breakpoint
CREATE INDEX `resultats_format_temps_idx` ON `resultats` (`format_id`,`temps_secondes`,`dossard`);--> statement-breakpoint
CREATE INDEX `resultats_format_categorie_idx` ON `resultats` (`format_id`,`categorie`,`classement`);--> statement-breakpoint
CREATE INDEX `resultats_format_nom_idx` ON `resultats` (`format_id`,`nom_tri`);--> statement-breakpoint
CREATE INDEX `resultats_inscription_idx` ON `resultats` (`inscription_id`) WHERE "resultats"."inscription_id" IS NOT NULL;--> statement-breakpoint
CREATE TABLE `resultats_formats` (
	`format_id` text PRIMARY KEY NOT NULL,
	`brouillon` text,
	`brouillon_fichier` text,
	`brouillon_version` integer DEFAULT 0 NOT NULL,
	`brouillon_par` text,
	`publie_at` text,
	`publie_par` text,
	`lignes_publiees` integer DEFAULT 0 NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`format_id`) REFERENCES `formats`(`id`) ON UPDATE no action ON DELETE cascade
);
