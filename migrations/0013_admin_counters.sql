-- Admin counters (docs/decisions/0120-admin-money-screens.md): the dashboard, /admin/courses and the totals of
-- /admin/inscriptions read these rows instead of counting every registration and payment on each request.
-- Kept by triggers, never written by the application. Scopes: '*' = the platform, 'c:<course id>' = one event.
-- Gross revenue (ca_brut) counts payments whose status is succeeded or refunded, as admin_stats_v did.
-- Days are UTC (SQLite has no time zones); registrations count on the day they become validated.

-- ---------------------------------------------------------------- backfill from what exists
INSERT INTO admin_totaux (portee, cle, n) SELECT '*', 'courses', count(*) FROM courses;
--> statement-breakpoint
INSERT INTO admin_totaux (portee, cle, n) SELECT '*', 'formats', count(*) FROM formats;
--> statement-breakpoint
INSERT INTO admin_totaux (portee, cle, n) SELECT '*', 'organisateurs', count(DISTINCT organisateur_id) FROM courses;
--> statement-breakpoint
INSERT INTO admin_totaux (portee, cle, n) SELECT '*', 'inscriptions', count(*) FROM inscriptions;
--> statement-breakpoint
INSERT INTO admin_totaux (portee, cle, n) SELECT '*', 'inscriptions:' || statut, count(*) FROM inscriptions GROUP BY statut;
--> statement-breakpoint
INSERT INTO admin_totaux (portee, cle, n) SELECT 'c:' || course_id, 'inscriptions', count(*) FROM inscriptions GROUP BY course_id;
--> statement-breakpoint
INSERT INTO admin_totaux (portee, cle, n)
SELECT 'c:' || course_id, 'inscriptions:' || statut, count(*) FROM inscriptions GROUP BY course_id, statut;
--> statement-breakpoint
INSERT INTO admin_totaux (portee, cle, n)
SELECT '*', 'ca_brut_cents', coalesce(sum(amount_total_cents), 0) FROM paiements WHERE status IN ('succeeded', 'refunded');
--> statement-breakpoint
INSERT INTO admin_totaux (portee, cle, n)
SELECT 'c:' || course_id, 'ca_brut_cents', sum(amount_total_cents) FROM paiements WHERE status IN ('succeeded', 'refunded') GROUP BY course_id;
--> statement-breakpoint
INSERT INTO admin_jours (portee, jour, inscriptions, ca_brut_cents)
SELECT portee, jour, sum(inscriptions), sum(ca_brut_cents) FROM (
  SELECT '*' AS portee, substr(created_at, 1, 10) AS jour, count(*) AS inscriptions, 0 AS ca_brut_cents FROM inscriptions WHERE statut = 'validee' GROUP BY 2
  UNION ALL
  SELECT 'c:' || course_id, substr(created_at, 1, 10), count(*), 0 FROM inscriptions WHERE statut = 'validee' GROUP BY 1, 2
  UNION ALL
  SELECT '*', substr(created_at, 1, 10), 0, sum(amount_total_cents) FROM paiements WHERE status IN ('succeeded', 'refunded') GROUP BY 2
  UNION ALL
  SELECT 'c:' || course_id, substr(created_at, 1, 10), 0, sum(amount_total_cents) FROM paiements WHERE status IN ('succeeded', 'refunded') GROUP BY 1, 2
) GROUP BY portee, jour;
--> statement-breakpoint
UPDATE paiements SET payout_due_on = (
  SELECT date(f.date, '+1 day') FROM formats f
  WHERE f.id = paiements.format_id AND f.date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'
);
--> statement-breakpoint

-- ---------------------------------------------------------------- events and formats
CREATE TRIGGER `admin_totaux_course_insert` AFTER INSERT ON `courses`
BEGIN
  INSERT INTO admin_totaux (portee, cle, n) VALUES ('*', 'courses', 1) ON CONFLICT (portee, cle) DO UPDATE SET n = n + excluded.n;
  INSERT INTO admin_totaux (portee, cle, n)
    SELECT '*', 'organisateurs', 1 WHERE (SELECT count(*) FROM courses WHERE organisateur_id = NEW.organisateur_id) = 1
    ON CONFLICT (portee, cle) DO UPDATE SET n = n + excluded.n;
END;
--> statement-breakpoint
CREATE TRIGGER `admin_totaux_course_delete` AFTER DELETE ON `courses`
BEGIN
  INSERT INTO admin_totaux (portee, cle, n) VALUES ('*', 'courses', -1) ON CONFLICT (portee, cle) DO UPDATE SET n = n + excluded.n;
  INSERT INTO admin_totaux (portee, cle, n)
    SELECT '*', 'organisateurs', -1 WHERE NOT EXISTS (SELECT 1 FROM courses WHERE organisateur_id = OLD.organisateur_id)
    ON CONFLICT (portee, cle) DO UPDATE SET n = n + excluded.n;
  DELETE FROM admin_totaux WHERE portee = 'c:' || OLD.id;
  DELETE FROM admin_jours WHERE portee = 'c:' || OLD.id;
END;
--> statement-breakpoint
CREATE TRIGGER `admin_totaux_format_insert` AFTER INSERT ON `formats`
BEGIN
  INSERT INTO admin_totaux (portee, cle, n) VALUES ('*', 'formats', 1) ON CONFLICT (portee, cle) DO UPDATE SET n = n + excluded.n;
END;
--> statement-breakpoint
CREATE TRIGGER `admin_totaux_format_delete` AFTER DELETE ON `formats`
BEGIN
  INSERT INTO admin_totaux (portee, cle, n) VALUES ('*', 'formats', -1) ON CONFLICT (portee, cle) DO UPDATE SET n = n + excluded.n;
END;
--> statement-breakpoint
-- A format's new date moves the J+1 payout of its payments.
CREATE TRIGGER `paiements_payout_due_format_date` AFTER UPDATE OF date ON `formats`
BEGIN
  UPDATE paiements SET payout_due_on = CASE WHEN NEW.date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]' THEN date(NEW.date, '+1 day') END
  WHERE format_id = NEW.id;
END;
--> statement-breakpoint

-- ---------------------------------------------------------------- registrations
CREATE TRIGGER `admin_totaux_inscription_insert` AFTER INSERT ON `inscriptions`
BEGIN
  INSERT INTO admin_totaux (portee, cle, n) VALUES
    ('*', 'inscriptions', 1), ('*', 'inscriptions:' || NEW.statut, 1),
    ('c:' || NEW.course_id, 'inscriptions', 1), ('c:' || NEW.course_id, 'inscriptions:' || NEW.statut, 1)
  ON CONFLICT (portee, cle) DO UPDATE SET n = n + excluded.n;
  INSERT INTO admin_jours (portee, jour, inscriptions)
    SELECT p, substr(NEW.created_at, 1, 10), 1 FROM (SELECT '*' AS p UNION ALL SELECT 'c:' || NEW.course_id) WHERE NEW.statut = 'validee'
  ON CONFLICT (portee, jour) DO UPDATE SET inscriptions = inscriptions + excluded.inscriptions;
END;
--> statement-breakpoint
CREATE TRIGGER `admin_totaux_inscription_delete` AFTER DELETE ON `inscriptions`
BEGIN
  INSERT INTO admin_totaux (portee, cle, n) VALUES
    ('*', 'inscriptions', -1), ('*', 'inscriptions:' || OLD.statut, -1),
    ('c:' || OLD.course_id, 'inscriptions', -1), ('c:' || OLD.course_id, 'inscriptions:' || OLD.statut, -1)
  ON CONFLICT (portee, cle) DO UPDATE SET n = n + excluded.n;
END;
--> statement-breakpoint
CREATE TRIGGER `admin_totaux_inscription_update` AFTER UPDATE OF statut, course_id ON `inscriptions`
WHEN OLD.statut IS NOT NEW.statut OR OLD.course_id IS NOT NEW.course_id
BEGIN
  INSERT INTO admin_totaux (portee, cle, n) VALUES
    ('*', 'inscriptions:' || OLD.statut, -1), ('*', 'inscriptions:' || NEW.statut, 1),
    ('c:' || OLD.course_id, 'inscriptions', -1), ('c:' || OLD.course_id, 'inscriptions:' || OLD.statut, -1),
    ('c:' || NEW.course_id, 'inscriptions', 1), ('c:' || NEW.course_id, 'inscriptions:' || NEW.statut, 1)
  ON CONFLICT (portee, cle) DO UPDATE SET n = n + excluded.n;
  INSERT INTO admin_jours (portee, jour, inscriptions)
    SELECT p, strftime('%Y-%m-%d', 'now'), 1 FROM (SELECT '*' AS p UNION ALL SELECT 'c:' || NEW.course_id)
    WHERE NEW.statut = 'validee' AND OLD.statut IS NOT 'validee'
  ON CONFLICT (portee, jour) DO UPDATE SET inscriptions = inscriptions + excluded.inscriptions;
END;
--> statement-breakpoint

-- ---------------------------------------------------------------- payments
CREATE TRIGGER `admin_totaux_paiement_insert` AFTER INSERT ON `paiements`
BEGIN
  UPDATE paiements SET payout_due_on = (
    SELECT date(f.date, '+1 day') FROM formats f
    WHERE f.id = NEW.format_id AND f.date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'
  ) WHERE id = NEW.id;
  INSERT INTO admin_totaux (portee, cle, n)
    SELECT p, 'ca_brut_cents', NEW.amount_total_cents FROM (SELECT '*' AS p UNION ALL SELECT 'c:' || NEW.course_id)
    WHERE NEW.status IN ('succeeded', 'refunded')
  ON CONFLICT (portee, cle) DO UPDATE SET n = n + excluded.n;
  INSERT INTO admin_jours (portee, jour, ca_brut_cents)
    SELECT p, substr(NEW.created_at, 1, 10), NEW.amount_total_cents FROM (SELECT '*' AS p UNION ALL SELECT 'c:' || NEW.course_id)
    WHERE NEW.status IN ('succeeded', 'refunded')
  ON CONFLICT (portee, jour) DO UPDATE SET ca_brut_cents = ca_brut_cents + excluded.ca_brut_cents;
END;
--> statement-breakpoint
CREATE TRIGGER `admin_totaux_paiement_update` AFTER UPDATE OF status, amount_total_cents ON `paiements`
WHEN (CASE WHEN NEW.status IN ('succeeded', 'refunded') THEN NEW.amount_total_cents ELSE 0 END)
  <> (CASE WHEN OLD.status IN ('succeeded', 'refunded') THEN OLD.amount_total_cents ELSE 0 END)
BEGIN
  INSERT INTO admin_totaux (portee, cle, n)
    SELECT p, 'ca_brut_cents',
      (CASE WHEN NEW.status IN ('succeeded', 'refunded') THEN NEW.amount_total_cents ELSE 0 END)
      - (CASE WHEN OLD.status IN ('succeeded', 'refunded') THEN OLD.amount_total_cents ELSE 0 END)
    FROM (SELECT '*' AS p UNION ALL SELECT 'c:' || NEW.course_id) WHERE 1
  ON CONFLICT (portee, cle) DO UPDATE SET n = n + excluded.n;
  INSERT INTO admin_jours (portee, jour, ca_brut_cents)
    SELECT p, strftime('%Y-%m-%d', 'now'),
      (CASE WHEN NEW.status IN ('succeeded', 'refunded') THEN NEW.amount_total_cents ELSE 0 END)
      - (CASE WHEN OLD.status IN ('succeeded', 'refunded') THEN OLD.amount_total_cents ELSE 0 END)
    FROM (SELECT '*' AS p UNION ALL SELECT 'c:' || NEW.course_id) WHERE 1
  ON CONFLICT (portee, jour) DO UPDATE SET ca_brut_cents = ca_brut_cents + excluded.ca_brut_cents;
END;
--> statement-breakpoint
CREATE TRIGGER `admin_totaux_paiement_delete` AFTER DELETE ON `paiements`
WHEN OLD.status IN ('succeeded', 'refunded')
BEGIN
  INSERT INTO admin_totaux (portee, cle, n)
    SELECT p, 'ca_brut_cents', -OLD.amount_total_cents FROM (SELECT '*' AS p UNION ALL SELECT 'c:' || OLD.course_id) WHERE 1
  ON CONFLICT (portee, cle) DO UPDATE SET n = n + excluded.n;
END;
--> statement-breakpoint

-- ---------------------------------------------------------------- the spec's views, read from the counters
DROP VIEW `admin_stats_v`;
--> statement-breakpoint
CREATE VIEW `admin_stats_v` AS
SELECT coalesce((SELECT n FROM admin_totaux WHERE portee = '*' AND cle = 'courses'), 0) AS nb_courses,
       coalesce((SELECT n FROM admin_totaux WHERE portee = '*' AND cle = 'formats'), 0) AS nb_formats,
       coalesce((SELECT n FROM admin_totaux WHERE portee = '*' AND cle = 'inscriptions'), 0) AS nb_inscriptions,
       coalesce((SELECT n FROM admin_totaux WHERE portee = '*' AND cle = 'organisateurs'), 0) AS nb_organisateurs,
       coalesce((SELECT n FROM admin_totaux WHERE portee = '*' AND cle = 'ca_brut_cents'), 0) AS ca_brut_cents;
--> statement-breakpoint
DROP VIEW `admin_courses_kpis_v`;
--> statement-breakpoint
CREATE VIEW `admin_courses_kpis_v` AS
SELECT c.id AS course_id,
       c.nom AS course_nom,
       coalesce((SELECT n FROM admin_totaux WHERE portee = 'c:' || c.id AND cle = 'inscriptions'), 0) AS total_inscriptions,
       coalesce((SELECT n FROM admin_totaux WHERE portee = 'c:' || c.id AND cle = 'inscriptions:validee'), 0) AS inscriptions_validees,
       coalesce((SELECT n FROM admin_totaux WHERE portee = 'c:' || c.id AND cle = 'ca_brut_cents'), 0) AS ca_brut_cents
FROM courses c;
