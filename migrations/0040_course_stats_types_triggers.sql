-- course_stats.types: the distinct types of the event's formats, sorted, joined by commas ('rando,trail'; null
-- without formats), so that the type filter of /courses checks it on the event's summary instead of seeking the
-- event's formats, and the cards read it from there (docs/decisions/0169-catalogue-types-in-the-summary.md). Kept by
-- the triggers below, whichever of the event's summary and formats is written first; the application never writes it.
UPDATE course_stats SET types = (SELECT group_concat(t.type_epreuve) FROM (SELECT DISTINCT ft.type_epreuve FROM formats ft WHERE ft.course_id = course_stats.course_id ORDER BY ft.type_epreuve) t);
--> statement-breakpoint
CREATE TRIGGER `course_stats_types_insert` AFTER INSERT ON `course_stats`
BEGIN
  UPDATE course_stats SET types = (SELECT group_concat(t.type_epreuve) FROM (SELECT DISTINCT ft.type_epreuve FROM formats ft WHERE ft.course_id = NEW.course_id ORDER BY ft.type_epreuve) t) WHERE course_id = NEW.course_id;
END;
--> statement-breakpoint
CREATE TRIGGER `formats_types_insert` AFTER INSERT ON `formats`
BEGIN
  UPDATE course_stats SET types = (SELECT group_concat(t.type_epreuve) FROM (SELECT DISTINCT ft.type_epreuve FROM formats ft WHERE ft.course_id = NEW.course_id ORDER BY ft.type_epreuve) t) WHERE course_id = NEW.course_id;
END;
--> statement-breakpoint
CREATE TRIGGER `formats_types_delete` AFTER DELETE ON `formats`
BEGIN
  UPDATE course_stats SET types = (SELECT group_concat(t.type_epreuve) FROM (SELECT DISTINCT ft.type_epreuve FROM formats ft WHERE ft.course_id = OLD.course_id ORDER BY ft.type_epreuve) t) WHERE course_id = OLD.course_id;
END;
--> statement-breakpoint
CREATE TRIGGER `formats_types_update` AFTER UPDATE OF course_id, type_epreuve ON `formats`
BEGIN
  UPDATE course_stats SET types = (SELECT group_concat(t.type_epreuve) FROM (SELECT DISTINCT ft.type_epreuve FROM formats ft WHERE ft.course_id = OLD.course_id ORDER BY ft.type_epreuve) t) WHERE course_id = OLD.course_id;
  UPDATE course_stats SET types = (SELECT group_concat(t.type_epreuve) FROM (SELECT DISTINCT ft.type_epreuve FROM formats ft WHERE ft.course_id = NEW.course_id ORDER BY ft.type_epreuve) t) WHERE course_id = NEW.course_id;
END;
