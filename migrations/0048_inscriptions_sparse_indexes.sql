DROP INDEX `inscriptions_course_idx`;--> statement-breakpoint
DROP INDEX `inscriptions_liste_attente_idx`;--> statement-breakpoint
DROP INDEX `inscriptions_cession_idx`;--> statement-breakpoint
DROP INDEX `inscriptions_justificatif_document_idx`;--> statement-breakpoint
DROP INDEX `inscriptions_format_dossard_uq`;--> statement-breakpoint
DROP INDEX `inscriptions_checkout_idx`;--> statement-breakpoint
CREATE INDEX `inscriptions_liste_attente_idx` ON `inscriptions` (`liste_attente_id`) WHERE "inscriptions"."liste_attente_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `inscriptions_cession_idx` ON `inscriptions` (`cession_id`) WHERE "inscriptions"."cession_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `inscriptions_justificatif_document_idx` ON `inscriptions` (`justificatif_document_id`) WHERE "inscriptions"."justificatif_document_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `inscriptions_format_dossard_uq` ON `inscriptions` (`format_id`,`dossard`) WHERE "inscriptions"."dossard" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `inscriptions_checkout_idx` ON `inscriptions` (`checkout_session_id`) WHERE "inscriptions"."checkout_session_id" IS NOT NULL;