DROP INDEX `course_stats_price_order_idx`;--> statement-breakpoint
DROP INDEX `course_stats_dplus_order_idx`;--> statement-breakpoint
DROP INDEX `course_stats_departement_price_idx`;--> statement-breakpoint
DROP INDEX `course_stats_departement_dplus_idx`;--> statement-breakpoint
DROP INDEX `course_stats_next_date_idx`;--> statement-breakpoint
DROP INDEX `course_stats_departement_next_date_idx`;--> statement-breakpoint
ALTER TABLE `course_stats` ADD `terms` text;--> statement-breakpoint
CREATE INDEX `course_stats_price_order_idx` ON `course_stats` (`min_price_cents`,`first_date`,`course_id`,`course_search_id`,`en_ligne`,`has_meals`,`max_distance`,`min_distance`,`max_dplus`,`min_dplus`,`types`,`last_date`,`terms`,`course_created_at`);--> statement-breakpoint
CREATE INDEX `course_stats_dplus_order_idx` ON `course_stats` ("max_dplus" DESC,`first_date`,`course_id`,`course_search_id`,`en_ligne`,`has_meals`,`max_distance`,`min_distance`,`min_dplus`,`types`,`last_date`,`terms`,`min_price_cents`,`course_created_at`);--> statement-breakpoint
CREATE INDEX `course_stats_departement_price_idx` ON `course_stats` (`departement`,`min_price_cents`,`first_date`,`course_id`,`course_search_id`,`en_ligne`,`has_meals`,`max_distance`,`min_distance`,`max_dplus`,`min_dplus`,`types`,`last_date`,`terms`,`course_created_at`);--> statement-breakpoint
CREATE INDEX `course_stats_departement_dplus_idx` ON `course_stats` (`departement`,"max_dplus" DESC,`first_date`,`course_id`,`course_search_id`,`en_ligne`,`has_meals`,`max_distance`,`min_distance`,`min_dplus`,`types`,`last_date`,`terms`,`min_price_cents`,`course_created_at`);--> statement-breakpoint
CREATE INDEX `course_stats_next_date_idx` ON `course_stats` (`next_date`,"course_created_at" DESC,`course_id`,`course_search_id`,`en_ligne`,`has_meals`,`max_distance`,`min_distance`,`max_dplus`,`min_dplus`,`types`,`last_date`,`terms`,`min_price_cents`,`first_date`);--> statement-breakpoint
CREATE INDEX `course_stats_departement_next_date_idx` ON `course_stats` (`departement`,`next_date`,"course_created_at" DESC,`course_id`,`course_search_id`,`en_ligne`,`has_meals`,`max_distance`,`min_distance`,`max_dplus`,`min_dplus`,`types`,`last_date`,`terms`,`min_price_cents`,`first_date`);