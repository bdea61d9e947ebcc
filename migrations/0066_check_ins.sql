CREATE TABLE `retraits_dossards` (
	`inscription_id` text PRIMARY KEY NOT NULL,
	`format_id` text NOT NULL,
	`retire_le` text NOT NULL,
	`par_utilisateur_id` text NOT NULL,
	`appareil` text,
	`synced_le` text NOT NULL,
	FOREIGN KEY (`inscription_id`) REFERENCES `inscriptions`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`format_id`) REFERENCES `formats`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `retraits_dossards_format_idx` ON `retraits_dossards` (`format_id`);