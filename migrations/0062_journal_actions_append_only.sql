-- The journal of organiser and admin actions (decision 0212) is a record: rows are added, never changed or removed.
CREATE TRIGGER `journal_actions_no_update` BEFORE UPDATE ON `journal_actions`
BEGIN
  SELECT RAISE(ABORT, 'journal des actions : ajout seulement');
END;
--> statement-breakpoint
CREATE TRIGGER `journal_actions_no_delete` BEFORE DELETE ON `journal_actions`
BEGIN
  SELECT RAISE(ABORT, 'journal des actions : ajout seulement');
END;
