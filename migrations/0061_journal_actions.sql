CREATE TABLE `journal_actions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`course_id` text,
	`course_nom` text,
	`acteur_id` text NOT NULL,
	`acteur_email` text NOT NULL,
	`acteur_role` text NOT NULL,
	`action` text NOT NULL,
	`objet` text,
	`changements` text,
	`jour` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `journal_actions_course_idx` ON `journal_actions` (`course_id`,`id`);--> statement-breakpoint
CREATE INDEX `journal_actions_jour_idx` ON `journal_actions` (`jour`,`id`);