CREATE TABLE `plans_entrainement` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`format_id` text,
	`course_nom` text NOT NULL,
	`date_course` text NOT NULL,
	`distance_km` real NOT NULL,
	`dplus_m` integer DEFAULT 0 NOT NULL,
	`objectif_sec` integer,
	`allure_seuil_sec` integer,
	`parametres` text NOT NULL,
	`jeton_calendrier` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `plans_entrainement_user_id_unique` ON `plans_entrainement` (`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `plans_entrainement_jeton_calendrier_unique` ON `plans_entrainement` (`jeton_calendrier`);--> statement-breakpoint
CREATE TABLE `seances_plan` (
	`id` text PRIMARY KEY NOT NULL,
	`plan_id` text NOT NULL,
	`user_id` text NOT NULL,
	`date` text NOT NULL,
	`semaine` integer NOT NULL,
	`phase` text NOT NULL,
	`type` text NOT NULL,
	`seance` text NOT NULL,
	FOREIGN KEY (`plan_id`) REFERENCES `plans_entrainement`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `seances_plan_user_date_idx` ON `seances_plan` (`user_id`,`date`);--> statement-breakpoint
CREATE INDEX `seances_plan_plan_idx` ON `seances_plan` (`plan_id`);