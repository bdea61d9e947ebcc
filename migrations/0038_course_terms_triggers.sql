-- course_terms holds each event's distinct terms as the text index's tokenizer makes them
-- (docs/decisions/0167-catalogue-terms-checked-per-row.md). The terms come from FTS5 itself: a trigger writes the
-- event's text into a one-row scratch index with the same tokenizer, reads its terms through an fts5vocab table
-- and empties it ('delete-all', a contentless table keeps nothing else). No tokenizer is written twice.
CREATE VIRTUAL TABLE `course_terms_scratch` USING fts5(nom, lieu, departement, tokenize = 'unicode61 remove_diacritics 2', content = '');
--> statement-breakpoint
CREATE VIRTUAL TABLE `course_terms_scratch_vocab` USING fts5vocab(course_terms_scratch, row);
--> statement-breakpoint
-- Back-fill: every (event, term) the text index already holds, read once through its own instance table.
CREATE VIRTUAL TABLE `course_terms_backfill` USING fts5vocab(courses_fts, instance);
--> statement-breakpoint
INSERT OR IGNORE INTO course_terms (course_search_id, term) SELECT doc, term FROM course_terms_backfill ORDER BY doc, term;
--> statement-breakpoint
DROP TABLE `course_terms_backfill`;
--> statement-breakpoint
-- An event's search key made (by the trigger of 0017 on a new event): its terms made from the event's text. This
-- trigger is on the key, not on the event's insert, so that it never makes a key itself: an insert into courses
-- with its own conflict clause (OR REPLACE, OR ABORT) applies that clause to every statement of its triggers, and
-- two triggers making the same key would then conflict. A key reused after a deletion starts from no terms.
CREATE TRIGGER `course_terms_insert` AFTER INSERT ON `course_search_ids`
BEGIN
  DELETE FROM course_terms WHERE course_search_id = NEW.id;
  INSERT INTO course_terms_scratch (rowid, nom, lieu, departement)
    SELECT 1, c.nom, c.lieu, c.departement FROM courses c WHERE c.id = NEW.course_id;
  INSERT OR IGNORE INTO course_terms (course_search_id, term) SELECT NEW.id, term FROM course_terms_scratch_vocab;
  INSERT INTO course_terms_scratch (course_terms_scratch) VALUES ('delete-all');
END;
--> statement-breakpoint
-- An event's text changed: its terms made again.
CREATE TRIGGER `course_terms_update` AFTER UPDATE OF nom, lieu, departement ON `courses`
BEGIN
  DELETE FROM course_terms WHERE course_search_id = (SELECT id FROM course_search_ids WHERE course_id = NEW.id);
  INSERT INTO course_terms_scratch (rowid, nom, lieu, departement) VALUES (1, NEW.nom, NEW.lieu, NEW.departement);
  INSERT OR IGNORE INTO course_terms (course_search_id, term)
    SELECT (SELECT id FROM course_search_ids WHERE course_id = NEW.id), term FROM course_terms_scratch_vocab;
  INSERT INTO course_terms_scratch (course_terms_scratch) VALUES ('delete-all');
END;
--> statement-breakpoint
-- An event deleted: its search key goes (0017), and its terms with it.
CREATE TRIGGER `course_terms_delete` AFTER DELETE ON `course_search_ids`
BEGIN
  DELETE FROM course_terms WHERE course_search_id = OLD.id;
END;
