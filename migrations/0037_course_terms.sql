CREATE TABLE `course_terms` (
	`course_search_id` integer NOT NULL,
	`term` text NOT NULL,
	PRIMARY KEY(`course_search_id`, `term`)
);
