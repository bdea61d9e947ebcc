ALTER TABLE `retraits_dossards` ADD `annule_le` text;--> statement-breakpoint
ALTER TABLE `retraits_dossards` ADD `annule_par_utilisateur_id` text;