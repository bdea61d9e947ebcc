ALTER TABLE `paiements` ADD `platform_fee_at_payment_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Payments recorded before: the fee when they were paid was the default commission (5 %) of the amount, capped so that
-- the net never started negative, as openLedger computed it (app/domain/money.ts).
UPDATE `paiements` SET `platform_fee_at_payment_cents` = max(0, min(CAST(round(`amount_total_cents` * 5 / 100.0) AS INTEGER), `amount_total_cents` - `fee_total_cents`));
