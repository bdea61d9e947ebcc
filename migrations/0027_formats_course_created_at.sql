-- formats.course_created_at is a copy of its event's courses.created_at, so that the /courses date order (next
-- date, newest event first, event id) is one index of formats (formats_next_date_idx, migration 0023) read in
-- order, and never a sort of every format of a day (docs/decisions/0160-catalogue-bounded-work.md). Kept by the
-- triggers below; the application never writes it.
UPDATE formats SET course_created_at = (SELECT c.created_at FROM courses c WHERE c.id = formats.course_id);
--> statement-breakpoint
CREATE TRIGGER `formats_course_created_at_insert` AFTER INSERT ON `formats`
BEGIN
  UPDATE formats SET course_created_at = (SELECT c.created_at FROM courses c WHERE c.id = NEW.course_id) WHERE id = NEW.id;
END;
--> statement-breakpoint
CREATE TRIGGER `formats_course_created_at_move` AFTER UPDATE OF course_id, course_created_at ON `formats`
WHEN NEW.course_created_at IS NOT (SELECT c.created_at FROM courses c WHERE c.id = NEW.course_id)
BEGIN
  UPDATE formats SET course_created_at = (SELECT c.created_at FROM courses c WHERE c.id = NEW.course_id) WHERE id = NEW.id;
END;
--> statement-breakpoint
CREATE TRIGGER `formats_course_created_at_course` AFTER UPDATE OF created_at ON `courses`
BEGIN
  UPDATE formats SET course_created_at = NEW.created_at WHERE course_id = NEW.id;
END;
