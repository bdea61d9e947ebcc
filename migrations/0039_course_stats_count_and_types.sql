ALTER TABLE `course_stats` ADD `types` text;--> statement-breakpoint
CREATE INDEX `course_stats_last_date_idx` ON `course_stats` (`last_date`);--> statement-breakpoint
CREATE INDEX `course_stats_departement_last_date_idx` ON `course_stats` (`departement`,`last_date`);