-- The formats' copies of their event's creation time, department and text-index rowid (migrations 0027, 0031, 0033)
-- served the walk of formats in date order, which walks events since 0042 (docs/decisions/0172): their triggers go
-- here, the columns in the next migration (SQLite drops a column only when no trigger names it). The department's
-- copy on course_stats stays, kept by the same trigger on courses as before, without its formats part.
DROP TRIGGER IF EXISTS `formats_course_created_at_insert`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `formats_course_created_at_move`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `formats_course_created_at_course`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `formats_course_departement_insert`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `formats_course_departement_move`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `formats_course_search_id_insert`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `formats_course_search_id_move`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `course_search_ids_format_copies`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `courses_departement_copies`;
--> statement-breakpoint
CREATE TRIGGER `courses_departement_copies` AFTER UPDATE OF departement ON `courses`
BEGIN
  UPDATE course_stats SET departement = NEW.departement WHERE course_id = NEW.id;
END;
