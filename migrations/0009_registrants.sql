-- Organiser registrants list and CSV export: rows of one format in registration order (created_at, id),
-- read a page at a time (OFFSET) and streamed with keyset pagination ((created_at, id) > last seen).
CREATE INDEX `inscriptions_format_created_idx` ON `inscriptions` (`format_id`,`created_at`,`id`);
