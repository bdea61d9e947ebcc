CREATE TABLE `catalogue_jour` (
	`id` integer PRIMARY KEY NOT NULL,
	`jour` text NOT NULL
);
--> statement-breakpoint
DROP INDEX `course_stats_last_date_idx`;--> statement-breakpoint
DROP INDEX `course_stats_departement_last_date_idx`;--> statement-breakpoint
ALTER TABLE `course_stats` ADD `next_date` text;--> statement-breakpoint
ALTER TABLE `course_stats` ADD `course_created_at` text;--> statement-breakpoint
ALTER TABLE `course_stats` ADD `en_ligne` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `course_stats_next_date_idx` ON `course_stats` (`next_date`,"course_created_at" DESC,`course_id`,`course_search_id`,`en_ligne`,`has_meals`,`max_distance`,`min_distance`,`max_dplus`,`min_dplus`,`types`,`last_date`);--> statement-breakpoint
CREATE INDEX `course_stats_departement_next_date_idx` ON `course_stats` (`departement`,`next_date`,"course_created_at" DESC,`course_id`,`course_search_id`,`en_ligne`,`has_meals`,`max_distance`,`min_distance`,`max_dplus`,`min_dplus`,`types`,`last_date`);--> statement-breakpoint
DROP INDEX `formats_next_date_idx`;--> statement-breakpoint
DROP INDEX `formats_departement_next_date_idx`;