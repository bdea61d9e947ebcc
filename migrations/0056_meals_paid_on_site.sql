CREATE TABLE `repas_sur_place` (
	`id` text PRIMARY KEY NOT NULL,
	`inscription_id` text NOT NULL,
	`nombre` integer NOT NULL,
	`montant_cents` integer NOT NULL,
	`enregistre_par` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`inscription_id`) REFERENCES `inscriptions`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `repas_sur_place_inscription_idx` ON `repas_sur_place` (`inscription_id`);