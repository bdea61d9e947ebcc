CREATE TABLE `codes_promo` (
	`id` text PRIMARY KEY NOT NULL,
	`course_id` text NOT NULL,
	`code` text NOT NULL,
	`type_remise` text NOT NULL,
	`valeur` integer NOT NULL,
	`format_ids` text,
	`utilisations_max` integer,
	`utilisations_max_par_coureur` integer,
	`valide_du` text,
	`valide_au` text,
	`emails` text,
	`club` text,
	`actif` integer DEFAULT true NOT NULL,
	`created_by` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `codes_promo_course_code_idx` ON `codes_promo` (`course_id`,`code`);--> statement-breakpoint
ALTER TABLE `inscriptions` ADD `code_promo_id` text;--> statement-breakpoint
ALTER TABLE `inscriptions` ADD `code_promo` text;--> statement-breakpoint
ALTER TABLE `inscriptions` ADD `remise_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `inscriptions_code_promo_idx` ON `inscriptions` (`code_promo_id`,`statut`) WHERE "inscriptions"."code_promo_id" IS NOT NULL;