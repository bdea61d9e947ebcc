CREATE TABLE `demandes_acompte` (
	`id` text PRIMARY KEY NOT NULL,
	`course_id` text NOT NULL,
	`demande_par` text NOT NULL,
	`message` text,
	`net_restant_cents` integer NOT NULL,
	`statut` text DEFAULT 'en_attente' NOT NULL,
	`pourcentage` integer,
	`montant_verse_cents` integer,
	`motif_refus` text,
	`traite_par` text,
	`traite_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `demandes_acompte_course_idx` ON `demandes_acompte` (`course_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `demandes_acompte_en_attente_idx` ON `demandes_acompte` (`course_id`) WHERE statut = 'en_attente';--> statement-breakpoint
CREATE INDEX `demandes_acompte_statut_idx` ON `demandes_acompte` (`statut`,`created_at`);