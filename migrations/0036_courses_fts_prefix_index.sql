-- The text index keeps prefix indexes of 1, 2 and 3 characters (docs/decisions/0166-text-index-prefix-indexes.md).
-- Every typed word is a prefix term ('de' → "de"*); without a prefix index FTS5 merges the lists of every term
-- that starts with it before it can return a row, so a short common word ('de', 'l', 'a') read the whole
-- catalogue's list on every search. FTS5 options cannot be altered: the table is made again, with the same
-- tokenizer, columns and rowids (course_search_ids.id), and filled from the events. The triggers of 0017 name
-- the table and keep it as before.
DROP TABLE `courses_fts`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `courses_fts` USING fts5(nom, lieu, departement, tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3');
--> statement-breakpoint
INSERT INTO courses_fts (rowid, nom, lieu, departement)
SELECT m.id, c.nom, c.lieu, c.departement FROM course_search_ids m JOIN courses c ON c.id = m.course_id;
