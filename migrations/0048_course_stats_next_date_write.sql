-- A write of course_stats.next_date other than the triggers' is undone: the summary's next date is then the formats'
-- first valid date on or after the catalogue's day, whoever writes it. The cron's renewal writes null to the rows
-- whose next date went by, and this trigger counts them again (docs/decisions/0172-catalogue-walks-events-by-next-date.md):
-- the rule is written once, in the triggers.
CREATE TRIGGER `course_stats_next_date_write` AFTER UPDATE OF next_date ON `course_stats`
WHEN NEW.next_date IS NOT (SELECT min(fn.date) FROM formats fn WHERE fn.course_id = NEW.course_id AND fn.date >= coalesce((SELECT j.jour FROM catalogue_jour j WHERE j.id = 1), '') AND fn.date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]')
BEGIN
  UPDATE course_stats SET next_date = (SELECT min(fn.date) FROM formats fn WHERE fn.course_id = NEW.course_id AND fn.date >= coalesce((SELECT j.jour FROM catalogue_jour j WHERE j.id = 1), '') AND fn.date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]')
  WHERE course_id = NEW.course_id;
END;
