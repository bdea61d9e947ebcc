CREATE TABLE `abonnements_checkouts` (
	`user_id` text PRIMARY KEY NOT NULL,
	`checkout_session_id` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
