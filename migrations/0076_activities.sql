CREATE TABLE `activites` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`source` text NOT NULL,
	`source_id` text NOT NULL,
	`name` text NOT NULL,
	`sport` text NOT NULL,
	`started_at` text NOT NULL,
	`distance_m` integer NOT NULL,
	`elevation_gain_m` integer NOT NULL,
	`moving_time_s` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `activites_source_uq` ON `activites` (`user_id`,`source`,`source_id`);--> statement-breakpoint
CREATE INDEX `activites_user_started_idx` ON `activites` (`user_id`,`started_at`);--> statement-breakpoint
CREATE TABLE `connexions_activite` (
	`user_id` text NOT NULL,
	`provider` text NOT NULL,
	`athlete_id` text NOT NULL,
	`access_token` text NOT NULL,
	`refresh_token` text NOT NULL,
	`expires_at` text NOT NULL,
	`scope` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	PRIMARY KEY(`user_id`, `provider`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `connexions_activite_athlete_uq` ON `connexions_activite` (`provider`,`athlete_id`);