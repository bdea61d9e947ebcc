-- An organiser's debt covered by another of their payments (decision 0184) is a fact of the books: the rows of
-- `compensations` are added, never changed or removed.
CREATE TRIGGER `compensations_no_update` BEFORE UPDATE ON `compensations`
BEGIN
  SELECT RAISE(ABORT, 'compensations : ajout seulement');
END;
--> statement-breakpoint
CREATE TRIGGER `compensations_no_delete` BEFORE DELETE ON `compensations`
BEGIN
  SELECT RAISE(ABORT, 'compensations : ajout seulement');
END;
