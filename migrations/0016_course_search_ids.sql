CREATE TABLE `course_search_ids` (
	`id` integer PRIMARY KEY NOT NULL,
	`course_id` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `course_search_ids_course_id_unique` ON `course_search_ids` (`course_id`);