-- Text search of /courses (spec section 5: nom, lieu, departement), ignoring case and accents: an FTS5 index
-- whose unicode61 tokenizer folds case and removes diacritics ('crete' and 'CRÊTES' find 'Trail des Crêtes').
-- Rows are keyed on course_search_ids.id (an INTEGER PRIMARY KEY, 0016), not on courses' implicit rowid, which
-- VACUUM may renumber since courses.id is a TEXT primary key. Kept by the triggers below; the application only
-- reads it (app/db/catalogue.server.ts). docs/decisions/0111-accent-insensitive-search.md
CREATE VIRTUAL TABLE `courses_fts` USING fts5(nom, lieu, departement, tokenize = 'unicode61 remove_diacritics 2');
--> statement-breakpoint
INSERT INTO course_search_ids (course_id) SELECT id FROM courses ORDER BY created_at, id;
--> statement-breakpoint
INSERT INTO courses_fts (rowid, nom, lieu, departement)
SELECT m.id, c.nom, c.lieu, c.departement FROM course_search_ids m JOIN courses c ON c.id = m.course_id;
--> statement-breakpoint
CREATE TRIGGER `courses_search_insert` AFTER INSERT ON `courses`
BEGIN
  INSERT OR IGNORE INTO course_search_ids (course_id) VALUES (NEW.id);
  DELETE FROM courses_fts WHERE rowid = (SELECT id FROM course_search_ids WHERE course_id = NEW.id);
  INSERT INTO courses_fts (rowid, nom, lieu, departement)
    SELECT id, NEW.nom, NEW.lieu, NEW.departement FROM course_search_ids WHERE course_id = NEW.id;
END;
--> statement-breakpoint
CREATE TRIGGER `courses_search_update` AFTER UPDATE OF nom, lieu, departement ON `courses`
BEGIN
  UPDATE courses_fts SET nom = NEW.nom, lieu = NEW.lieu, departement = NEW.departement
    WHERE rowid = (SELECT id FROM course_search_ids WHERE course_id = NEW.id);
END;
--> statement-breakpoint
CREATE TRIGGER `courses_search_delete` AFTER DELETE ON `courses`
BEGIN
  DELETE FROM courses_fts WHERE rowid = (SELECT id FROM course_search_ids WHERE course_id = OLD.id);
  DELETE FROM course_search_ids WHERE course_id = OLD.id;
END;
