ALTER TABLE `formats` ADD `ouverture_inscriptions` text;--> statement-breakpoint
ALTER TABLE `formats` ADD `cloture_inscriptions` text;