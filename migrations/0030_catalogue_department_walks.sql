ALTER TABLE `course_stats` ADD `departement` text;--> statement-breakpoint
CREATE INDEX `course_stats_departement_price_idx` ON `course_stats` (`departement`,`min_price_cents`,`first_date`,`course_id`);--> statement-breakpoint
CREATE INDEX `course_stats_departement_dplus_idx` ON `course_stats` (`departement`,"max_dplus" DESC,`first_date`,`course_id`);--> statement-breakpoint
ALTER TABLE `formats` ADD `course_departement` text;--> statement-breakpoint
CREATE INDEX `formats_departement_next_date_idx` ON `formats` (`course_departement`,`date`,"course_created_at" DESC,`course_id`);--> statement-breakpoint
CREATE INDEX `courses_online_created_desc_idx` ON `courses` (`en_ligne`,"created_at" DESC,`id`);