-- The J+1 payout's day never moves earlier (issue 40, docs/decisions/0196-a-paid-format-date-only-moves-later.md).
-- Until now a change of formats.date copied date + 1 day into every payment of the format (0013): an organiser who
-- saved yesterday's date after runners paid had the whole net sent by the next cron, then put the date back. The
-- payout day is now the later of the one announced (at the payment, or by a postponement since) and the new date + 1:
-- a postponement moves it later, a date moved earlier (or removed, or not a date) leaves it where it was. The event
-- form refuses such a move already (app/domain/format-dates.ts); this holds even when the application forgets.
DROP TRIGGER IF EXISTS `paiements_payout_due_format_date`;
--> statement-breakpoint
CREATE TRIGGER `paiements_payout_due_format_date` AFTER UPDATE OF date ON `formats`
WHEN NEW.date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]' AND date(NEW.date, '+1 day') IS NOT NULL
BEGIN
  UPDATE paiements SET payout_due_on = date(NEW.date, '+1 day')
  WHERE format_id = NEW.id AND (payout_due_on IS NULL OR payout_due_on < date(NEW.date, '+1 day'));
END;
