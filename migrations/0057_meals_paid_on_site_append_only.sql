-- Meals paid on site (decision 0185) are a fact of the organiser's takings: the rows are added, never changed.
CREATE TRIGGER `repas_sur_place_no_update` BEFORE UPDATE ON `repas_sur_place`
BEGIN
  SELECT RAISE(ABORT, 'repas payés sur place : ajout seulement');
END;
--> statement-breakpoint
CREATE TRIGGER `repas_sur_place_no_delete` BEFORE DELETE ON `repas_sur_place`
BEGIN
  SELECT RAISE(ABORT, 'repas payés sur place : ajout seulement');
END;
