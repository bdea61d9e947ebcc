ALTER TABLE `inscriptions` ADD `checkout_claim` text;--> statement-breakpoint
ALTER TABLE `inscriptions` ADD `checkout_claim_at` text;