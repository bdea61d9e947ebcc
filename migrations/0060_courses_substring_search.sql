-- Text search finds a typed word inside words ('lanques' finds 'Calanques': spec section 5 asks for a substring
-- match), case and accents folded (docs/decisions/0211-catalogue-substring-search.md). A second FTS5 index with
-- the trigram tokenizer holds the same three columns under the same rowids (course_search_ids.id) as courses_fts,
-- which keeps answering the words of one or two characters (a trigram index cannot look them up). Kept by
-- triggers on the event's search key (made and removed by the triggers of 0017), as course_terms is (0038), so
-- that no trigger depends on the order in which SQLite runs two triggers of one statement.
CREATE VIRTUAL TABLE `courses_trigram` USING fts5(nom, lieu, departement, tokenize = 'trigram remove_diacritics 1');
--> statement-breakpoint
INSERT INTO courses_trigram (rowid, nom, lieu, departement)
SELECT m.id, c.nom, c.lieu, c.departement FROM course_search_ids m JOIN courses c ON c.id = m.course_id;
--> statement-breakpoint
CREATE TRIGGER `courses_trigram_insert` AFTER INSERT ON `course_search_ids`
BEGIN
  DELETE FROM courses_trigram WHERE rowid = NEW.id;
  INSERT INTO courses_trigram (rowid, nom, lieu, departement)
    SELECT NEW.id, c.nom, c.lieu, c.departement FROM courses c WHERE c.id = NEW.course_id;
END;
--> statement-breakpoint
CREATE TRIGGER `courses_trigram_update` AFTER UPDATE OF nom, lieu, departement ON `courses`
BEGIN
  UPDATE courses_trigram SET nom = NEW.nom, lieu = NEW.lieu, departement = NEW.departement
    WHERE rowid = (SELECT id FROM course_search_ids WHERE course_id = NEW.id);
END;
--> statement-breakpoint
CREATE TRIGGER `courses_trigram_delete` AFTER DELETE ON `course_search_ids`
BEGIN
  DELETE FROM courses_trigram WHERE rowid = OLD.id;
END;
