-- resultats.anonyme (decision 0217): a published result's runner chose not to appear — any 'no' among the
-- registration's choice (inscriptions.apparaitre_resultats), their runner profile's and their account profile's
-- (the SQL twin of isAnonymous, app/domain/results.ts; the publish batch writes the same expression, `anonymousOf`
-- in app/db/results.server.ts). These triggers keep it when a choice changes, in the statement that changes it,
-- whoever writes the choice (the registration store, the profile pages, an erasure).
-- Back-fill of the results published before the flag existed.
UPDATE resultats SET anonyme = coalesce((SELECT coalesce(i.apparaitre_resultats, 1) = 0 OR coalesce(pc.apparaitre_resultats, 1) = 0
      OR coalesce(pu.apparaitre_resultats, 1) = 0
    FROM inscriptions i LEFT JOIN profils_coureurs pc ON pc.id = i.coureur_id
      LEFT JOIN profils_utilisateurs pu ON pu.user_id = i.coureur_id
    WHERE i.id = resultats.inscription_id), 0) WHERE inscription_id IS NOT NULL;
--> statement-breakpoint
-- Back-fill of the category ranks (rank within the category, equal ranks share it).
UPDATE resultats SET rang_categorie = w.rc
FROM (SELECT id, rank() OVER (PARTITION BY format_id, categorie ORDER BY classement) AS rc FROM resultats
      WHERE categorie IS NOT NULL AND classement IS NOT NULL) w
WHERE resultats.id = w.id;
--> statement-breakpoint
-- The registration's own choice, or its runner (an anonymised registration loses its account).
CREATE TRIGGER `resultats_anonyme_inscription` AFTER UPDATE OF apparaitre_resultats, coureur_id ON `inscriptions`
WHEN OLD.apparaitre_resultats IS NOT NEW.apparaitre_resultats OR OLD.coureur_id IS NOT NEW.coureur_id
BEGIN
  UPDATE resultats SET anonyme = coalesce((SELECT coalesce(i.apparaitre_resultats, 1) = 0 OR coalesce(pc.apparaitre_resultats, 1) = 0
      OR coalesce(pu.apparaitre_resultats, 1) = 0
    FROM inscriptions i LEFT JOIN profils_coureurs pc ON pc.id = i.coureur_id
      LEFT JOIN profils_utilisateurs pu ON pu.user_id = i.coureur_id
    WHERE i.id = resultats.inscription_id), 0)
  WHERE inscription_id = NEW.id;
END;
--> statement-breakpoint
-- The runner's choice in profils_coureurs: every result of their registrations.
CREATE TRIGGER `resultats_anonyme_coureur_insert` AFTER INSERT ON `profils_coureurs`
WHEN NEW.apparaitre_resultats = 0
BEGIN
  UPDATE resultats SET anonyme = coalesce((SELECT coalesce(i.apparaitre_resultats, 1) = 0 OR coalesce(pc.apparaitre_resultats, 1) = 0
      OR coalesce(pu.apparaitre_resultats, 1) = 0
    FROM inscriptions i LEFT JOIN profils_coureurs pc ON pc.id = i.coureur_id
      LEFT JOIN profils_utilisateurs pu ON pu.user_id = i.coureur_id
    WHERE i.id = resultats.inscription_id), 0)
  WHERE inscription_id IS NOT NULL AND inscription_id IN (SELECT id FROM inscriptions WHERE coureur_id = NEW.id);
END;
--> statement-breakpoint
CREATE TRIGGER `resultats_anonyme_coureur_update` AFTER UPDATE OF apparaitre_resultats ON `profils_coureurs`
WHEN OLD.apparaitre_resultats IS NOT NEW.apparaitre_resultats
BEGIN
  UPDATE resultats SET anonyme = coalesce((SELECT coalesce(i.apparaitre_resultats, 1) = 0 OR coalesce(pc.apparaitre_resultats, 1) = 0
      OR coalesce(pu.apparaitre_resultats, 1) = 0
    FROM inscriptions i LEFT JOIN profils_coureurs pc ON pc.id = i.coureur_id
      LEFT JOIN profils_utilisateurs pu ON pu.user_id = i.coureur_id
    WHERE i.id = resultats.inscription_id), 0)
  WHERE inscription_id IS NOT NULL AND inscription_id IN (SELECT id FROM inscriptions WHERE coureur_id = NEW.id);
END;
--> statement-breakpoint
CREATE TRIGGER `resultats_anonyme_coureur_delete` AFTER DELETE ON `profils_coureurs`
WHEN OLD.apparaitre_resultats = 0
BEGIN
  UPDATE resultats SET anonyme = coalesce((SELECT coalesce(i.apparaitre_resultats, 1) = 0 OR coalesce(pc.apparaitre_resultats, 1) = 0
      OR coalesce(pu.apparaitre_resultats, 1) = 0
    FROM inscriptions i LEFT JOIN profils_coureurs pc ON pc.id = i.coureur_id
      LEFT JOIN profils_utilisateurs pu ON pu.user_id = i.coureur_id
    WHERE i.id = resultats.inscription_id), 0)
  WHERE inscription_id IS NOT NULL AND inscription_id IN (SELECT id FROM inscriptions WHERE coureur_id = OLD.id);
END;
--> statement-breakpoint
-- The runner's choice in profils_utilisateurs: every result of their registrations.
CREATE TRIGGER `resultats_anonyme_utilisateur_insert` AFTER INSERT ON `profils_utilisateurs`
WHEN NEW.apparaitre_resultats = 0
BEGIN
  UPDATE resultats SET anonyme = coalesce((SELECT coalesce(i.apparaitre_resultats, 1) = 0 OR coalesce(pc.apparaitre_resultats, 1) = 0
      OR coalesce(pu.apparaitre_resultats, 1) = 0
    FROM inscriptions i LEFT JOIN profils_coureurs pc ON pc.id = i.coureur_id
      LEFT JOIN profils_utilisateurs pu ON pu.user_id = i.coureur_id
    WHERE i.id = resultats.inscription_id), 0)
  WHERE inscription_id IS NOT NULL AND inscription_id IN (SELECT id FROM inscriptions WHERE coureur_id = NEW.user_id);
END;
--> statement-breakpoint
CREATE TRIGGER `resultats_anonyme_utilisateur_update` AFTER UPDATE OF apparaitre_resultats ON `profils_utilisateurs`
WHEN OLD.apparaitre_resultats IS NOT NEW.apparaitre_resultats
BEGIN
  UPDATE resultats SET anonyme = coalesce((SELECT coalesce(i.apparaitre_resultats, 1) = 0 OR coalesce(pc.apparaitre_resultats, 1) = 0
      OR coalesce(pu.apparaitre_resultats, 1) = 0
    FROM inscriptions i LEFT JOIN profils_coureurs pc ON pc.id = i.coureur_id
      LEFT JOIN profils_utilisateurs pu ON pu.user_id = i.coureur_id
    WHERE i.id = resultats.inscription_id), 0)
  WHERE inscription_id IS NOT NULL AND inscription_id IN (SELECT id FROM inscriptions WHERE coureur_id = NEW.user_id);
END;
--> statement-breakpoint
CREATE TRIGGER `resultats_anonyme_utilisateur_delete` AFTER DELETE ON `profils_utilisateurs`
WHEN OLD.apparaitre_resultats = 0
BEGIN
  UPDATE resultats SET anonyme = coalesce((SELECT coalesce(i.apparaitre_resultats, 1) = 0 OR coalesce(pc.apparaitre_resultats, 1) = 0
      OR coalesce(pu.apparaitre_resultats, 1) = 0
    FROM inscriptions i LEFT JOIN profils_coureurs pc ON pc.id = i.coureur_id
      LEFT JOIN profils_utilisateurs pu ON pu.user_id = i.coureur_id
    WHERE i.id = resultats.inscription_id), 0)
  WHERE inscription_id IS NOT NULL AND inscription_id IN (SELECT id FROM inscriptions WHERE coureur_id = OLD.user_id);
END;
