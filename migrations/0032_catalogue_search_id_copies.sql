DROP INDEX `formats_next_date_idx`;--> statement-breakpoint
DROP INDEX `formats_departement_next_date_idx`;--> statement-breakpoint
ALTER TABLE `formats` ADD `course_search_id` integer;--> statement-breakpoint
CREATE INDEX `formats_next_date_idx` ON `formats` (`date`,"course_created_at" DESC,`course_id`,`course_search_id`);--> statement-breakpoint
CREATE INDEX `formats_departement_next_date_idx` ON `formats` (`course_departement`,`date`,"course_created_at" DESC,`course_id`,`course_search_id`);