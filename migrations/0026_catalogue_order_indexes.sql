DROP INDEX `course_stats_min_price_idx`;--> statement-breakpoint
DROP INDEX `course_stats_max_dplus_idx`;--> statement-breakpoint
CREATE INDEX `course_stats_price_order_idx` ON `course_stats` (`min_price_cents`,`first_date`,`course_id`);--> statement-breakpoint
CREATE INDEX `course_stats_dplus_order_idx` ON `course_stats` ("max_dplus" DESC,`first_date`,`course_id`);--> statement-breakpoint
DROP INDEX `courses_en_ligne_created_idx`;--> statement-breakpoint
CREATE INDEX `courses_online_newest_idx` ON `courses` (`en_ligne`,`created_at`,`id`);--> statement-breakpoint
ALTER TABLE `formats` ADD `course_created_at` text;--> statement-breakpoint
CREATE INDEX `formats_next_date_idx` ON `formats` (`date`,"course_created_at" DESC,`course_id`);