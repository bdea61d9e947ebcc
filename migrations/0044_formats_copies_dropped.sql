ALTER TABLE `formats` DROP COLUMN `course_created_at`;--> statement-breakpoint
ALTER TABLE `formats` DROP COLUMN `course_departement`;--> statement-breakpoint
ALTER TABLE `formats` DROP COLUMN `course_search_id`;