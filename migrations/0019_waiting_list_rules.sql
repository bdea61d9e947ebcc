-- The waiting list follows its offers (issue 20): an offer is a registration (inscriptions.liste_attente_id) whose
-- status only the lifecycle changes (app/services/lifecycle.server.ts); this trigger keeps the entry in step in the
-- same statement, so an entry can never say 'offre' for a registration that was paid or ended.
-- Paid: 'acceptee'. Given up by its runner ('Libérer ma place' on the checkout page) while the entry still held the
-- offer: 'retiree'; ended unpaid otherwise: 'offre_expiree'. An entry the runner left or the organiser removed
-- keeps that status. docs/decisions/0131-waiting-list.md
CREATE TRIGGER `liste_attente_follows_offer` AFTER UPDATE OF statut ON `inscriptions`
WHEN NEW.liste_attente_id IS NOT NULL AND NEW.statut IS NOT OLD.statut
BEGIN
  UPDATE liste_attente SET
    statut = CASE
      WHEN NEW.statut = 'validee' THEN 'acceptee'
      WHEN NEW.statut = 'en_attente' THEN statut
      WHEN statut = 'offre' AND NEW.last_event IN ('abandoned', 'offer_withdrawn') THEN 'retiree'
      WHEN statut = 'offre' THEN 'offre_expiree'
      ELSE statut END,
    ended_at = CASE
      WHEN NEW.statut = 'validee' OR (NEW.statut <> 'en_attente' AND statut = 'offre') THEN NEW.updated_at
      ELSE ended_at END,
    updated_at = NEW.updated_at
  WHERE id = NEW.liste_attente_id AND inscription_id = NEW.id;
END;
