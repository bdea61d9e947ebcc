-- course_stats.next_date: the event's first valid format date on or after the catalogue's day (catalogue_jour, one
-- row), so that /courses in date order walks events by their next date (course_stats_next_date_idx) instead of
-- formats, each checked for being its event's next one; course_created_at and en_ligne: copies of the event's, for
-- the same walk's order and filter (docs/decisions/0172-catalogue-walks-events-by-next-date.md). The day starts at the
-- migration's (UTC: never after the application's Paris today); the cron moves it to today
-- (app/services/maintenance.server.ts). The application never writes these columns.
-- The next date's rule is written once, in the first trigger below: any write of the column is replaced by the
-- formats' first date from the day. The other triggers, the back-fill and the cron's renewal write null to the rows
-- to count again.
INSERT INTO catalogue_jour (id, jour) VALUES (1, date('now'));
--> statement-breakpoint
CREATE TRIGGER `course_stats_next_date_write` AFTER UPDATE OF next_date ON `course_stats`
WHEN NEW.next_date IS NOT (SELECT min(fn.date) FROM formats fn WHERE fn.course_id = NEW.course_id AND fn.date >= coalesce((SELECT j.jour FROM catalogue_jour j WHERE j.id = 1), '') AND fn.date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]')
BEGIN
  UPDATE course_stats SET next_date = (SELECT min(fn.date) FROM formats fn WHERE fn.course_id = NEW.course_id AND fn.date >= coalesce((SELECT j.jour FROM catalogue_jour j WHERE j.id = 1), '') AND fn.date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]')
  WHERE course_id = NEW.course_id;
END;
--> statement-breakpoint
UPDATE course_stats SET
  next_date = NULL,
  course_created_at = (SELECT c.created_at FROM courses c WHERE c.id = course_stats.course_id),
  en_ligne = coalesce((SELECT c.en_ligne FROM courses c WHERE c.id = course_stats.course_id), 0);
--> statement-breakpoint
CREATE TRIGGER `course_stats_next_date_insert` AFTER INSERT ON `course_stats`
BEGIN
  UPDATE course_stats SET
    next_date = NULL,
    course_created_at = (SELECT c.created_at FROM courses c WHERE c.id = NEW.course_id),
    en_ligne = coalesce((SELECT c.en_ligne FROM courses c WHERE c.id = NEW.course_id), 0)
  WHERE course_id = NEW.course_id;
END;
--> statement-breakpoint
CREATE TRIGGER `courses_stats_copies` AFTER UPDATE OF created_at, en_ligne ON `courses`
BEGIN
  UPDATE course_stats SET course_created_at = NEW.created_at, en_ligne = NEW.en_ligne WHERE course_id = NEW.id;
END;
--> statement-breakpoint
CREATE TRIGGER `formats_next_date_insert` AFTER INSERT ON `formats`
BEGIN
  UPDATE course_stats SET next_date = NULL WHERE course_id = NEW.course_id;
END;
--> statement-breakpoint
CREATE TRIGGER `formats_next_date_delete` AFTER DELETE ON `formats`
BEGIN
  UPDATE course_stats SET next_date = NULL WHERE course_id = OLD.course_id;
END;
--> statement-breakpoint
CREATE TRIGGER `formats_next_date_update` AFTER UPDATE OF course_id, date ON `formats`
BEGIN
  UPDATE course_stats SET next_date = NULL WHERE course_id IN (OLD.course_id, NEW.course_id);
END;
