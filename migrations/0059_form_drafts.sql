CREATE TABLE `brouillons_formulaires` (
	`id` text PRIMARY KEY NOT NULL,
	`chemin` text NOT NULL,
	`compte_id` text,
	`donnees` text NOT NULL,
	`expires_at` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `brouillons_formulaires_expires_idx` ON `brouillons_formulaires` (`expires_at`);