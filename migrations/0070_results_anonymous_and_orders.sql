DROP INDEX `resultats_format_classement_idx`;--> statement-breakpoint
DROP INDEX `resultats_format_temps_idx`;--> statement-breakpoint
DROP INDEX `resultats_format_categorie_idx`;--> statement-breakpoint
DROP INDEX `resultats_format_nom_idx`;--> statement-breakpoint
ALTER TABLE `resultats` ADD `anonyme` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `resultats` ADD `rang_categorie` integer;--> statement-breakpoint
CREATE INDEX `resultats_ordre_classement_idx` ON `resultats` (`format_id`,classement IS NULL,`classement`,`dossard`);--> statement-breakpoint
CREATE INDEX `resultats_ordre_temps_idx` ON `resultats` (`format_id`,temps_secondes IS NULL,`temps_secondes`,`dossard`);--> statement-breakpoint
CREATE INDEX `resultats_ordre_categorie_idx` ON `resultats` (`format_id`,categorie IS NULL,`categorie`,classement IS NULL,`classement`,`dossard`);--> statement-breakpoint
CREATE INDEX `resultats_ordre_nom_idx` ON `resultats` (`format_id`,`anonyme`,`nom_tri`,`dossard`);--> statement-breakpoint
CREATE INDEX `resultats_recherche_idx` ON `resultats` (`format_id`,`anonyme`,`recherche`,`categorie`,`classement`,`temps_secondes`,`nom_tri`,`dossard`);