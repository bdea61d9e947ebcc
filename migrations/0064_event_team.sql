CREATE TABLE `equipe_invitations` (
	`id` text PRIMARY KEY NOT NULL,
	`course_id` text NOT NULL,
	`email` text NOT NULL,
	`droit_epreuve` integer DEFAULT false NOT NULL,
	`droit_inscriptions` integer DEFAULT false NOT NULL,
	`droit_finances` integer DEFAULT false NOT NULL,
	`token_hash` text NOT NULL,
	`invited_by` text NOT NULL,
	`expires_at` text NOT NULL,
	`accepted_at` text,
	`accepted_by` text,
	`revoked_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `equipe_invitations_token_hash_unique` ON `equipe_invitations` (`token_hash`);--> statement-breakpoint
CREATE INDEX `equipe_invitations_course_idx` ON `equipe_invitations` (`course_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `equipe_membres` (
	`course_id` text NOT NULL,
	`user_id` text NOT NULL,
	`droit_epreuve` integer DEFAULT false NOT NULL,
	`droit_inscriptions` integer DEFAULT false NOT NULL,
	`droit_finances` integer DEFAULT false NOT NULL,
	`invitation_id` text,
	`added_at` text NOT NULL,
	PRIMARY KEY(`course_id`, `user_id`),
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `equipe_membres_user_idx` ON `equipe_membres` (`user_id`);