-- /courses sorted by price or by elevation gain walks course_stats in that order and stops after the page's rows
-- (app/db/catalogue.server.ts, docs/decisions/0025-catalogue-pages-read-in-index-order.md).
CREATE INDEX `course_stats_min_price_idx` ON `course_stats` (`min_price_cents`);--> statement-breakpoint
CREATE INDEX `course_stats_max_dplus_idx` ON `course_stats` (`max_dplus`);
