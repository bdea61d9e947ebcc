-- The registration lifecycle knows one more status (issue 22, docs/decisions/0170-bib-transfer.md): 'transferee',
-- a registration whose place (and bib) was handed to another runner through a paid bib transfer. The triggers of
-- migration 0015 that refuse unknown statuses are recreated with it; nothing else changes.
DROP TRIGGER IF EXISTS `inscriptions_statut_known_insert`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `inscriptions_statut_known_update`;
--> statement-breakpoint
CREATE TRIGGER `inscriptions_statut_known_insert` BEFORE INSERT ON `inscriptions`
WHEN NEW.statut NOT IN ('en_attente', 'validee', 'refusee', 'annulee', 'remboursee_partiellement', 'remboursee_totalement', 'transferee')
BEGIN
  SELECT RAISE(ABORT, 'statut inconnu');
END;
--> statement-breakpoint
CREATE TRIGGER `inscriptions_statut_known_update` BEFORE UPDATE OF statut ON `inscriptions`
WHEN NEW.statut NOT IN ('en_attente', 'validee', 'refusee', 'annulee', 'remboursee_partiellement', 'remboursee_totalement', 'transferee')
BEGIN
  SELECT RAISE(ABORT, 'statut inconnu');
END;
--> statement-breakpoint
-- The status of a transfer offer is one of four.
CREATE TRIGGER `cessions_statut_known` BEFORE UPDATE OF statut ON `cessions`
WHEN NEW.statut NOT IN ('ouverte', 'payee', 'retiree', 'expiree')
BEGIN
  SELECT RAISE(ABORT, 'statut de cession inconnu');
END;
