CREATE TABLE `admins` (
	`user_id` text PRIMARY KEY NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `auth_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `auth_tokens_token_hash_unique` ON `auth_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `auth_tokens_user_idx` ON `auth_tokens` (`user_id`,`kind`);--> statement-breakpoint
CREATE TABLE `chat_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`course_id` text NOT NULL,
	`parent_id` text,
	`user_id` text NOT NULL,
	`nom` text,
	`prenom` text,
	`message` text NOT NULL,
	`is_hidden` integer DEFAULT false NOT NULL,
	`flagged` integer DEFAULT false NOT NULL,
	`flagged_reason` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `chat_messages_course_idx` ON `chat_messages` (`course_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `chat_messages_parent_idx` ON `chat_messages` (`parent_id`);--> statement-breakpoint
CREATE TABLE `courses` (
	`id` text PRIMARY KEY NOT NULL,
	`nom` text NOT NULL,
	`presentation` text,
	`lieu` text NOT NULL,
	`departement` text NOT NULL,
	`code_postal` text NOT NULL,
	`lat` real,
	`lng` real,
	`image_url` text,
	`organisateur_id` text NOT NULL,
	`en_ligne` integer DEFAULT false NOT NULL,
	`slug` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`organisateur_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `courses_slug_unique` ON `courses` (`slug`);--> statement-breakpoint
CREATE INDEX `courses_en_ligne_created_idx` ON `courses` (`en_ligne`,`created_at`);--> statement-breakpoint
CREATE INDEX `courses_organisateur_idx` ON `courses` (`organisateur_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `courses_departement_idx` ON `courses` (`departement`);--> statement-breakpoint
CREATE TABLE `fichiers` (
	`key` text PRIMARY KEY NOT NULL,
	`owner_id` text NOT NULL,
	`kind` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`original_name` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `fichiers_owner_idx` ON `fichiers` (`owner_id`);--> statement-breakpoint
CREATE TABLE `formats` (
	`id` text PRIMARY KEY NOT NULL,
	`course_id` text NOT NULL,
	`nom` text DEFAULT 'Format sans nom' NOT NULL,
	`image_url` text,
	`date` text,
	`heure_depart` text,
	`presentation_parcours` text,
	`gpx_url` text,
	`type_epreuve` text DEFAULT 'trail' NOT NULL,
	`distance_km` real,
	`denivele_dplus` integer,
	`denivele_dmoins` integer,
	`adresse_depart` text,
	`adresse_arrivee` text,
	`prix_cents` integer DEFAULT 0 NOT NULL,
	`stock_repas` integer DEFAULT 0 NOT NULL,
	`prix_repas_cents` integer DEFAULT 0 NOT NULL,
	`prix_total_inscription_cents` integer DEFAULT 0 NOT NULL,
	`ravitaillements` text,
	`remise_dossards` text,
	`dotation` text,
	`reglement_pdf_url` text,
	`nb_max_coureurs` integer,
	`age_minimum` integer,
	`hebergements` text,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `formats_course_idx` ON `formats` (`course_id`,`date`);--> statement-breakpoint
CREATE INDEX `formats_date_idx` ON `formats` (`date`,`heure_depart`);--> statement-breakpoint
CREATE TABLE `inscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`course_id` text NOT NULL,
	`format_id` text NOT NULL,
	`coureur_id` text,
	`statut` text DEFAULT 'en_attente' NOT NULL,
	`paiement_trace_id` text NOT NULL,
	`nom` text,
	`prenom` text,
	`email` text,
	`genre` text,
	`date_naissance` text,
	`nationalite` text,
	`telephone` text,
	`adresse` text,
	`adresse_complement` text,
	`code_postal` text,
	`ville` text,
	`pays` text,
	`apparaitre_resultats` integer DEFAULT true NOT NULL,
	`club` text,
	`justificatif_type` text,
	`numero_licence` text,
	`pps_identifier` text,
	`contact_urgence_nom` text,
	`contact_urgence_telephone` text,
	`nombre_repas` integer DEFAULT 0 NOT NULL,
	`prix_total_repas_cents` integer DEFAULT 0 NOT NULL,
	`prix_total_coureur_cents` integer DEFAULT 0 NOT NULL,
	`dossard` integer,
	`hold_expires_at` text,
	`checkout_session_id` text,
	`cancel_reason` text,
	`cancelled_at` text,
	`added_by_organiser` integer DEFAULT false NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`format_id`) REFERENCES `formats`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`coureur_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `inscriptions_paiement_trace_id_unique` ON `inscriptions` (`paiement_trace_id`);--> statement-breakpoint
CREATE INDEX `inscriptions_format_statut_idx` ON `inscriptions` (`format_id`,`statut`,`hold_expires_at`);--> statement-breakpoint
CREATE INDEX `inscriptions_coureur_idx` ON `inscriptions` (`coureur_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `inscriptions_course_idx` ON `inscriptions` (`course_id`);--> statement-breakpoint
CREATE INDEX `inscriptions_created_idx` ON `inscriptions` (`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `inscriptions_format_dossard_uq` ON `inscriptions` (`format_id`,`dossard`);--> statement-breakpoint
CREATE INDEX `inscriptions_checkout_idx` ON `inscriptions` (`checkout_session_id`);--> statement-breakpoint
CREATE TABLE `local_payment_objects` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`data` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `local_payment_objects_kind_idx` ON `local_payment_objects` (`kind`);--> statement-breakpoint
CREATE TABLE `login_attempts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`ip` text NOT NULL,
	`success` integer DEFAULT false NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `login_attempts_email_idx` ON `login_attempts` (`email`,`created_at`);--> statement-breakpoint
CREATE INDEX `login_attempts_ip_idx` ON `login_attempts` (`ip`,`created_at`);--> statement-breakpoint
CREATE TABLE `mail_outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`to_email` text NOT NULL,
	`subject` text NOT NULL,
	`html` text NOT NULL,
	`text` text NOT NULL,
	`kind` text,
	`dedupe_key` text,
	`status` text DEFAULT 'queued' NOT NULL,
	`provider_message_id` text,
	`error` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`sent_at` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mail_outbox_dedupe_key_unique` ON `mail_outbox` (`dedupe_key`);--> statement-breakpoint
CREATE INDEX `mail_outbox_created_idx` ON `mail_outbox` (`created_at`);--> statement-breakpoint
CREATE TABLE `paiements` (
	`id` text PRIMARY KEY NOT NULL,
	`inscription_id` text NOT NULL,
	`course_id` text NOT NULL,
	`format_id` text,
	`organisateur_id` text,
	`destination_account_id` text,
	`checkout_session_id` text,
	`payment_intent_id` text,
	`charge_id` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`currency` text DEFAULT 'eur' NOT NULL,
	`amount_total_cents` integer DEFAULT 0 NOT NULL,
	`fee_total_cents` integer DEFAULT 0 NOT NULL,
	`platform_fee_cents` integer DEFAULT 0 NOT NULL,
	`transferred_total_cents` integer DEFAULT 0 NOT NULL,
	`refunded_cents` integer DEFAULT 0 NOT NULL,
	`net_remaining_cents` integer DEFAULT 0 NOT NULL,
	`receipt_url` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`inscription_id`) REFERENCES `inscriptions`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`format_id`) REFERENCES `formats`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`organisateur_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `paiements_checkout_session_id_unique` ON `paiements` (`checkout_session_id`);--> statement-breakpoint
CREATE INDEX `paiements_inscription_idx` ON `paiements` (`inscription_id`);--> statement-breakpoint
CREATE INDEX `paiements_course_idx` ON `paiements` (`course_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `paiements_created_idx` ON `paiements` (`created_at`);--> statement-breakpoint
CREATE INDEX `paiements_charge_idx` ON `paiements` (`charge_id`);--> statement-breakpoint
CREATE TABLE `profils_coureurs` (
	`id` text PRIMARY KEY NOT NULL,
	`nom` text,
	`prenom` text,
	`email` text,
	`genre` text,
	`date_naissance` text,
	`nationalite` text,
	`telephone` text,
	`adresse` text,
	`adresse_complement` text,
	`code_postal` text,
	`ville` text,
	`pays` text,
	`apparaitre_resultats` integer DEFAULT true NOT NULL,
	`club` text,
	`justificatif_type` text,
	`numero_licence` text,
	`pps_identifier` text,
	`contact_urgence_nom` text,
	`contact_urgence_telephone` text,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `profils_utilisateurs` (
	`user_id` text PRIMARY KEY NOT NULL,
	`nom` text,
	`prenom` text,
	`email` text,
	`genre` text,
	`date_naissance` text,
	`nationalite` text,
	`telephone` text,
	`adresse` text,
	`adresse_complement` text,
	`code_postal` text,
	`ville` text,
	`pays` text,
	`apparaitre_resultats` integer DEFAULT true NOT NULL,
	`club` text,
	`justificatif_type` text,
	`numero_licence` text,
	`pps_identifier` text,
	`contact_urgence_nom` text,
	`contact_urgence_telephone` text,
	`organisation_nom` text,
	`site_web` text,
	`stripe_account_id` text,
	`stripe_charges_enabled` integer DEFAULT false NOT NULL,
	`stripe_payouts_enabled` integer DEFAULT false NOT NULL,
	`stripe_details_submitted` integer DEFAULT false NOT NULL,
	`stripe_requirements_due` text,
	`conditions_acceptees` integer DEFAULT false NOT NULL,
	`conditions_acceptees_at` text,
	`conditions_version` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `remboursements` (
	`id` text PRIMARY KEY NOT NULL,
	`paiement_id` text NOT NULL,
	`inscription_id` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`transfer_reversal_cents` integer DEFAULT 0 NOT NULL,
	`percent` integer,
	`reason` text,
	`provider_refund_id` text,
	`idempotency_key` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`paiement_id`) REFERENCES `paiements`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`inscription_id`) REFERENCES `inscriptions`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `remboursements_idempotency_key_unique` ON `remboursements` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `remboursements_paiement_idx` ON `remboursements` (`paiement_id`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`expires_at` text NOT NULL,
	`revoked_at` text,
	`user_agent` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `transferts` (
	`id` text PRIMARY KEY NOT NULL,
	`paiement_id` text NOT NULL,
	`destination_account_id` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`reversed_cents` integer DEFAULT 0 NOT NULL,
	`kind` text DEFAULT 'solde' NOT NULL,
	`provider_transfer_id` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`created_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`paiement_id`) REFERENCES `paiements`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `transferts_paiement_idx` ON `transferts` (`paiement_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`email_confirmed_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE TABLE `webhook_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`processed_at` text
);
