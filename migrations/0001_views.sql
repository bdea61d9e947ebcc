-- Views for the chat and the admin screens (spec section 3). Money in integer cents.
CREATE VIEW `chat_roots_with_counts` AS
SELECT r.id AS id,
       r.course_id AS course_id,
       (SELECT count(*) FROM chat_messages c WHERE c.parent_id = r.id) AS replies_count
FROM chat_messages r
WHERE r.parent_id IS NULL;
--> statement-breakpoint
CREATE VIEW `admin_inscriptions_v` AS
SELECT i.id AS inscription_id,
       i.created_at AS created_at,
       i.statut AS statut,
       c.nom AS course_nom,
       f.nom AS format_nom,
       f.date AS format_date,
       i.nom AS coureur_nom,
       i.prenom AS coureur_prenom,
       i.email AS coureur_email,
       i.dossard AS dossard,
       i.nombre_repas AS nombre_repas,
       (i.prix_total_coureur_cents - i.prix_total_repas_cents) AS prix_inscription_cents,
       i.prix_total_repas_cents AS prix_total_repas_cents,
       i.prix_total_coureur_cents AS prix_total_coureur_cents,
       i.prix_total_coureur_cents AS montant_total_cents,
       i.course_id AS course_id,
       i.format_id AS format_id
FROM inscriptions i
JOIN formats f ON f.id = i.format_id
JOIN courses c ON c.id = i.course_id;
--> statement-breakpoint
CREATE VIEW `admin_courses_kpis_v` AS
SELECT c.id AS course_id,
       c.nom AS course_nom,
       (SELECT count(*) FROM inscriptions i WHERE i.course_id = c.id) AS total_inscriptions,
       (SELECT count(*) FROM inscriptions i WHERE i.course_id = c.id AND i.statut = 'validee') AS inscriptions_validees,
       (SELECT coalesce(sum(p.amount_total_cents), 0) FROM paiements p
          WHERE p.course_id = c.id AND p.status IN ('succeeded', 'refunded')) AS ca_brut_cents
FROM courses c;
--> statement-breakpoint
CREATE VIEW `admin_stats_v` AS
SELECT (SELECT count(*) FROM courses) AS nb_courses,
       (SELECT count(*) FROM formats) AS nb_formats,
       (SELECT count(*) FROM inscriptions) AS nb_inscriptions,
       (SELECT count(DISTINCT organisateur_id) FROM courses) AS nb_organisateurs,
       (SELECT coalesce(sum(amount_total_cents), 0) FROM paiements WHERE status IN ('succeeded', 'refunded')) AS ca_brut_cents;
--> statement-breakpoint
CREATE VIEW `admin_paiements_v` AS
SELECT p.id AS id,
       p.created_at AS created_at,
       p.status AS status,
       p.course_id AS course_id,
       c.nom AS course_nom,
       f.nom AS format_nom,
       f.date AS format_date,
       i.email AS coureur_email,
       i.nom AS coureur_nom,
       i.prenom AS coureur_prenom,
       p.destination_account_id AS destination_account_id,
       p.charge_id AS charge_id,
       p.amount_total_cents AS amount_total_cents,
       p.fee_total_cents AS fee_total_cents,
       p.transferred_total_cents AS transferred_total_cents,
       p.platform_fee_cents AS platform_fee_cents,
       p.refunded_cents AS refunded_cents,
       p.net_remaining_cents AS net_remaining_cents
FROM paiements p
JOIN inscriptions i ON i.id = p.inscription_id
JOIN courses c ON c.id = p.course_id
LEFT JOIN formats f ON f.id = p.format_id;
