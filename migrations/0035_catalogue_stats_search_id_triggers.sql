-- course_stats.course_search_id is a copy of its event's course_search_ids.id (the event's rowid in courses_fts),
-- so that a text search walking the price or elevation order (course_stats_*_idx) checks each event against the
-- text index's matches from the walked index entry alone, without looking up its search row
-- (docs/decisions/0164-catalogue-stats-walks-carry-the-text-rowid.md). Kept by the triggers below, whichever of an
-- event's two rows (its stats, its search row) is made first; the application never writes it.
UPDATE course_stats SET course_search_id = (SELECT m.id FROM course_search_ids m WHERE m.course_id = course_stats.course_id);
--> statement-breakpoint
CREATE TRIGGER `course_stats_search_id_insert` AFTER INSERT ON `course_stats`
BEGIN
  UPDATE course_stats SET course_search_id = (SELECT m.id FROM course_search_ids m WHERE m.course_id = NEW.course_id)
    WHERE course_id = NEW.course_id;
END;
--> statement-breakpoint
CREATE TRIGGER `course_stats_search_id_write` AFTER UPDATE OF course_id, course_search_id ON `course_stats`
WHEN NEW.course_search_id IS NOT (SELECT m.id FROM course_search_ids m WHERE m.course_id = NEW.course_id)
BEGIN
  UPDATE course_stats SET course_search_id = (SELECT m.id FROM course_search_ids m WHERE m.course_id = NEW.course_id)
    WHERE course_id = NEW.course_id;
END;
--> statement-breakpoint
CREATE TRIGGER `course_search_ids_stats_copy` AFTER INSERT ON `course_search_ids`
BEGIN
  UPDATE course_stats SET course_search_id = NEW.id WHERE course_id = NEW.course_id;
END;
