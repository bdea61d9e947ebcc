-- formats.course_departement and course_stats.departement are copies of their event's courses.departement, so
-- that a /courses list filtered by department walks only that department's part of an index in the page's order
-- (formats_departement_next_date_idx, course_stats_departement_price_idx, course_stats_departement_dplus_idx)
-- instead of the whole catalogue's (docs/decisions/0162-catalogue-walks-by-department.md). Kept by the triggers
-- below; the application never writes them.
UPDATE formats SET course_departement = (SELECT c.departement FROM courses c WHERE c.id = formats.course_id);
--> statement-breakpoint
UPDATE course_stats SET departement = (SELECT c.departement FROM courses c WHERE c.id = course_stats.course_id);
--> statement-breakpoint
CREATE TRIGGER `formats_course_departement_insert` AFTER INSERT ON `formats`
BEGIN
  UPDATE formats SET course_departement = (SELECT c.departement FROM courses c WHERE c.id = NEW.course_id) WHERE id = NEW.id;
END;
--> statement-breakpoint
CREATE TRIGGER `formats_course_departement_move` AFTER UPDATE OF course_id, course_departement ON `formats`
WHEN NEW.course_departement IS NOT (SELECT c.departement FROM courses c WHERE c.id = NEW.course_id)
BEGIN
  UPDATE formats SET course_departement = (SELECT c.departement FROM courses c WHERE c.id = NEW.course_id) WHERE id = NEW.id;
END;
--> statement-breakpoint
CREATE TRIGGER `course_stats_departement_insert` AFTER INSERT ON `course_stats`
BEGIN
  UPDATE course_stats SET departement = (SELECT c.departement FROM courses c WHERE c.id = NEW.course_id) WHERE course_id = NEW.course_id;
END;
--> statement-breakpoint
CREATE TRIGGER `course_stats_departement_change` AFTER UPDATE OF departement ON `course_stats`
WHEN NEW.departement IS NOT (SELECT c.departement FROM courses c WHERE c.id = NEW.course_id)
BEGIN
  UPDATE course_stats SET departement = (SELECT c.departement FROM courses c WHERE c.id = NEW.course_id) WHERE course_id = NEW.course_id;
END;
--> statement-breakpoint
CREATE TRIGGER `courses_departement_copies` AFTER UPDATE OF departement ON `courses`
BEGIN
  UPDATE formats SET course_departement = NEW.departement WHERE course_id = NEW.id;
  UPDATE course_stats SET departement = NEW.departement WHERE course_id = NEW.id;
END;
