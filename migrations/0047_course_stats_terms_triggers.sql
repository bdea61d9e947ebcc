-- course_stats.terms: the event's terms (course_terms, as the text index's tokenizer makes them), sorted, each after
-- a space, with a space at the end (' cretes rando vosges '), null without any, so that a walk of a catalogue order
-- checks a typed word as a prefix of one of them from its index entry, without a seek per walked event
-- (docs/decisions/0174-catalogue-terms-in-the-walked-index.md). The application never writes it.
-- The rule is written once, in the first trigger below: any write of the column is replaced by the event's terms. The
-- other triggers (a summary made, an event's terms written) and the back-fill write null to the rows to count again.
CREATE TRIGGER `course_stats_terms_write` AFTER UPDATE OF terms ON `course_stats`
WHEN NEW.terms IS NOT (SELECT group_concat(' ' || t.term, '') || ' ' FROM (SELECT ct.term FROM course_terms ct
    WHERE ct.course_search_id = (SELECT m.id FROM course_search_ids m WHERE m.course_id = NEW.course_id) ORDER BY ct.term) t)
BEGIN
  UPDATE course_stats SET terms = (SELECT group_concat(' ' || t.term, '') || ' ' FROM (SELECT ct.term FROM course_terms ct
    WHERE ct.course_search_id = (SELECT m.id FROM course_search_ids m WHERE m.course_id = NEW.course_id) ORDER BY ct.term) t)
  WHERE course_id = NEW.course_id;
END;
--> statement-breakpoint
UPDATE course_stats SET terms = NULL;
--> statement-breakpoint
CREATE TRIGGER `course_stats_terms_insert` AFTER INSERT ON `course_stats`
BEGIN
  UPDATE course_stats SET terms = NULL WHERE course_id = NEW.course_id;
END;
--> statement-breakpoint
CREATE TRIGGER `course_terms_stats_insert` AFTER INSERT ON `course_terms`
BEGIN
  UPDATE course_stats SET terms = NULL WHERE course_id = (SELECT m.course_id FROM course_search_ids m WHERE m.id = NEW.course_search_id);
END;
--> statement-breakpoint
CREATE TRIGGER `course_terms_stats_delete` AFTER DELETE ON `course_terms`
BEGIN
  UPDATE course_stats SET terms = NULL WHERE course_id = (SELECT m.course_id FROM course_search_ids m WHERE m.id = OLD.course_search_id);
END;
