-- The registration lifecycle's rules in the database (docs/decisions/0130-registration-lifecycle.md):
-- 1. cancel_reason holds codes, no longer French sentences (existing rows converted);
-- 2. an unknown status is refused (triggers: SQLite cannot add a CHECK to an existing table without rebuilding it,
--    and a rebuild on D1 would cascade into the tables that reference inscriptions);
-- 3. a status changes only with a new transition_seq, which only app/services/lifecycle.server.ts writes;
-- 4. every change (and every new registration) is appended to inscriptions_historique, which refuses updates and
--    deletes.

UPDATE inscriptions SET cancel_reason = CASE
    WHEN cancel_reason = 'Paiement non finalisé : session de paiement expirée.' THEN 'hold_expired'
    WHEN cancel_reason = 'Paiement refusé par la banque.' THEN 'payment_failed'
    WHEN cancel_reason = 'Paiement non créé.' THEN 'checkout_failed'
    WHEN cancel_reason = 'Paiement abandonné par le coureur : place libérée.' THEN 'abandoned'
    WHEN cancel_reason = 'Paiement reçu après l''expiration de la réservation, format complet : remboursé intégralement.' THEN 'late_payment_refunded'
    WHEN EXISTS (SELECT 1 FROM annulations a WHERE a.inscription_id = inscriptions.id AND a.demandee_par = 'organisateur') THEN 'organiser_cancelled'
    WHEN EXISTS (SELECT 1 FROM annulations a WHERE a.inscription_id = inscriptions.id) THEN 'runner_cancelled'
    ELSE 'status_set'
  END
WHERE cancel_reason IS NOT NULL;
--> statement-breakpoint
INSERT INTO inscriptions_historique (inscription_id, created_at, event, actor, from_statut, to_statut, amount_cents)
SELECT id, updated_at, 'imported', NULL, NULL, statut, NULL FROM inscriptions;
--> statement-breakpoint
CREATE TRIGGER `inscriptions_statut_known_insert` BEFORE INSERT ON `inscriptions`
WHEN NEW.statut NOT IN ('en_attente', 'validee', 'refusee', 'annulee', 'remboursee_partiellement', 'remboursee_totalement')
BEGIN
  SELECT RAISE(ABORT, 'statut inconnu');
END;
--> statement-breakpoint
CREATE TRIGGER `inscriptions_statut_known_update` BEFORE UPDATE OF statut ON `inscriptions`
WHEN NEW.statut NOT IN ('en_attente', 'validee', 'refusee', 'annulee', 'remboursee_partiellement', 'remboursee_totalement')
BEGIN
  SELECT RAISE(ABORT, 'statut inconnu');
END;
--> statement-breakpoint
CREATE TRIGGER `inscriptions_statut_owner` BEFORE UPDATE OF statut ON `inscriptions`
WHEN NEW.statut IS NOT OLD.statut AND NEW.transition_seq IS OLD.transition_seq
BEGIN
  SELECT RAISE(ABORT, 'statut modifié hors du cycle de vie des inscriptions');
END;
--> statement-breakpoint
CREATE TRIGGER `inscriptions_historique_created` AFTER INSERT ON `inscriptions`
BEGIN
  INSERT INTO inscriptions_historique (inscription_id, created_at, event, actor, actor_id, from_statut, to_statut, amount_cents)
  VALUES (NEW.id, NEW.created_at, NEW.last_event, NEW.last_actor, NEW.last_actor_id, NULL, NEW.statut, NEW.last_amount_cents);
END;
--> statement-breakpoint
CREATE TRIGGER `inscriptions_historique_transition` AFTER UPDATE OF transition_seq ON `inscriptions`
WHEN NEW.transition_seq IS NOT OLD.transition_seq
BEGIN
  INSERT INTO inscriptions_historique (inscription_id, created_at, event, actor, actor_id, from_statut, to_statut, amount_cents)
  VALUES (NEW.id, NEW.updated_at, NEW.last_event, NEW.last_actor, NEW.last_actor_id, OLD.statut, NEW.statut, NEW.last_amount_cents);
END;
--> statement-breakpoint
CREATE TRIGGER `inscriptions_historique_no_update` BEFORE UPDATE ON `inscriptions_historique`
BEGIN
  SELECT RAISE(ABORT, 'historique des inscriptions : ajout seulement');
END;
--> statement-breakpoint
CREATE TRIGGER `inscriptions_historique_no_delete` BEFORE DELETE ON `inscriptions_historique`
BEGIN
  SELECT RAISE(ABORT, 'historique des inscriptions : ajout seulement');
END;
