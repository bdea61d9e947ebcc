-- Catalogue: one summary row per event, kept up to date by triggers on formats, so that the /courses list
-- filters and sorts on distance, elevation, price, meals and dates without aggregating every format on
-- every request (docs/decisions/0020-catalogue-summary-table.md). Dates are YYYY-MM-DD; malformed or
-- missing dates are left out of date logic. The trigger bodies use INSERT OR IGNORE + UPDATE, not INSERT OR
-- REPLACE: an outer INSERT OR IGNORE would override the trigger's conflict policy.
CREATE TABLE `course_stats` (
	`course_id` text PRIMARY KEY NOT NULL,
	`nb_formats` integer DEFAULT 0 NOT NULL,
	`min_distance` real,
	`max_distance` real,
	`min_dplus` integer,
	`max_dplus` integer,
	`min_price_cents` integer,
	`has_meals` integer DEFAULT 0 NOT NULL,
	`first_date` text,
	`last_date` text
);
--> statement-breakpoint
CREATE INDEX `course_stats_first_date_idx` ON `course_stats` (`first_date`);--> statement-breakpoint
INSERT INTO course_stats (course_id, nb_formats, min_distance, max_distance, min_dplus, max_dplus, min_price_cents, has_meals, first_date, last_date)
SELECT c.id, count(f.id), min(f.distance_km), max(f.distance_km), min(f.denivele_dplus), max(f.denivele_dplus), min(f.prix_cents),
       coalesce(max(f.stock_repas > 0), 0),
       min(CASE WHEN f.date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]' THEN f.date END),
       max(CASE WHEN f.date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]' THEN f.date END)
FROM courses c LEFT JOIN formats f ON f.course_id = c.id
GROUP BY c.id;
--> statement-breakpoint
CREATE TRIGGER `course_stats_course_insert` AFTER INSERT ON `courses`
BEGIN
  INSERT OR IGNORE INTO course_stats (course_id) VALUES (NEW.id);
END;
--> statement-breakpoint
CREATE TRIGGER `course_stats_course_delete` AFTER DELETE ON `courses`
BEGIN
  DELETE FROM course_stats WHERE course_id = OLD.id;
END;
--> statement-breakpoint
CREATE TRIGGER `course_stats_format_insert` AFTER INSERT ON `formats`
BEGIN
  INSERT OR IGNORE INTO course_stats (course_id) SELECT id FROM courses WHERE id = NEW.course_id;
  UPDATE course_stats SET (nb_formats, min_distance, max_distance, min_dplus, max_dplus, min_price_cents, has_meals, first_date, last_date) = (
    SELECT count(f.id), min(f.distance_km), max(f.distance_km), min(f.denivele_dplus), max(f.denivele_dplus), min(f.prix_cents),
           coalesce(max(f.stock_repas > 0), 0),
           min(CASE WHEN f.date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]' THEN f.date END),
           max(CASE WHEN f.date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]' THEN f.date END)
    FROM formats f WHERE f.course_id = NEW.course_id)
  WHERE course_id = NEW.course_id;
END;
--> statement-breakpoint
CREATE TRIGGER `course_stats_format_delete` AFTER DELETE ON `formats`
BEGIN
  INSERT OR IGNORE INTO course_stats (course_id) SELECT id FROM courses WHERE id = OLD.course_id;
  UPDATE course_stats SET (nb_formats, min_distance, max_distance, min_dplus, max_dplus, min_price_cents, has_meals, first_date, last_date) = (
    SELECT count(f.id), min(f.distance_km), max(f.distance_km), min(f.denivele_dplus), max(f.denivele_dplus), min(f.prix_cents),
           coalesce(max(f.stock_repas > 0), 0),
           min(CASE WHEN f.date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]' THEN f.date END),
           max(CASE WHEN f.date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]' THEN f.date END)
    FROM formats f WHERE f.course_id = OLD.course_id)
  WHERE course_id = OLD.course_id;
END;
--> statement-breakpoint
CREATE TRIGGER `course_stats_format_update` AFTER UPDATE OF course_id, date, distance_km, denivele_dplus, prix_cents, stock_repas ON `formats`
BEGIN
  INSERT OR IGNORE INTO course_stats (course_id) SELECT id FROM courses WHERE id = OLD.course_id;
  UPDATE course_stats SET (nb_formats, min_distance, max_distance, min_dplus, max_dplus, min_price_cents, has_meals, first_date, last_date) = (
    SELECT count(f.id), min(f.distance_km), max(f.distance_km), min(f.denivele_dplus), max(f.denivele_dplus), min(f.prix_cents),
           coalesce(max(f.stock_repas > 0), 0),
           min(CASE WHEN f.date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]' THEN f.date END),
           max(CASE WHEN f.date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]' THEN f.date END)
    FROM formats f WHERE f.course_id = OLD.course_id)
  WHERE course_id = OLD.course_id;
  INSERT OR IGNORE INTO course_stats (course_id) SELECT id FROM courses WHERE id = NEW.course_id;
  UPDATE course_stats SET (nb_formats, min_distance, max_distance, min_dplus, max_dplus, min_price_cents, has_meals, first_date, last_date) = (
    SELECT count(f.id), min(f.distance_km), max(f.distance_km), min(f.denivele_dplus), max(f.denivele_dplus), min(f.prix_cents),
           coalesce(max(f.stock_repas > 0), 0),
           min(CASE WHEN f.date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]' THEN f.date END),
           max(CASE WHEN f.date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]' THEN f.date END)
    FROM formats f WHERE f.course_id = NEW.course_id)
  WHERE course_id = NEW.course_id;
END;
