-- formats.course_search_id is a copy of its event's course_search_ids.id (the event's rowid in courses_fts), so
-- that a text search walking the date order (formats_next_date_idx, formats_departement_next_date_idx) checks each
-- format against the text index's matches from the walked index alone, without looking up its event
-- (docs/decisions/0163-catalogue-one-walk-and-text-plans.md). Kept by the triggers below; the application never
-- writes it. An event's search id never changes (course_search_ids keeps one row per event, made when the event is).
UPDATE formats SET course_search_id = (SELECT m.id FROM course_search_ids m WHERE m.course_id = formats.course_id);
--> statement-breakpoint
CREATE TRIGGER `formats_course_search_id_insert` AFTER INSERT ON `formats`
BEGIN
  UPDATE formats SET course_search_id = (SELECT m.id FROM course_search_ids m WHERE m.course_id = NEW.course_id) WHERE id = NEW.id;
END;
--> statement-breakpoint
CREATE TRIGGER `formats_course_search_id_move` AFTER UPDATE OF course_id, course_search_id ON `formats`
WHEN NEW.course_search_id IS NOT (SELECT m.id FROM course_search_ids m WHERE m.course_id = NEW.course_id)
BEGIN
  UPDATE formats SET course_search_id = (SELECT m.id FROM course_search_ids m WHERE m.course_id = NEW.course_id) WHERE id = NEW.id;
END;
--> statement-breakpoint
CREATE TRIGGER `course_search_ids_format_copies` AFTER INSERT ON `course_search_ids`
BEGIN
  UPDATE formats SET course_search_id = NEW.id WHERE course_id = NEW.course_id;
END;
