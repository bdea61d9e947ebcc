-- The justificatif's check (docs/decisions/0150-justificatifs.md) in the database:
-- 1. a decision is 'valide' or 'refuse' (or none);
-- 2. a decision stands for the content it was made on: when the runner (or the organiser) changes the justificatif's
--    type, number, PPS expiry or document, the decision is cleared and the justificatif is to check again, whoever
--    wrote the change. The retention purge, which removes the document and records when (justificatif_document_purge_at),
--    keeps the decision.
CREATE TRIGGER `inscriptions_justificatif_decision_known` BEFORE UPDATE OF justificatif_decision ON `inscriptions`
WHEN NEW.justificatif_decision IS NOT NULL AND NEW.justificatif_decision NOT IN ('valide', 'refuse')
BEGIN
  SELECT RAISE(ABORT, 'décision de justificatif inconnue');
END;
--> statement-breakpoint
CREATE TRIGGER `inscriptions_justificatif_change` AFTER UPDATE OF justificatif_type, numero_licence, pps_identifier, pps_expiration, justificatif_document_id ON `inscriptions`
WHEN NEW.justificatif_decision IS NOT NULL
  AND NEW.justificatif_document_purge_at IS OLD.justificatif_document_purge_at
  AND (NEW.justificatif_type IS NOT OLD.justificatif_type
    OR NEW.numero_licence IS NOT OLD.numero_licence
    OR NEW.pps_identifier IS NOT OLD.pps_identifier
    OR NEW.pps_expiration IS NOT OLD.pps_expiration
    OR NEW.justificatif_document_id IS NOT OLD.justificatif_document_id)
BEGIN
  UPDATE inscriptions SET justificatif_decision = NULL, justificatif_motif = NULL, justificatif_commentaire = NULL,
    justificatif_decision_par = NULL, justificatif_decision_at = NULL
  WHERE id = NEW.id;
END;
