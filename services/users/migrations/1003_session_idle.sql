-- Sessions also end after a while unused: the last time one was seen, kept
-- to the hour.
ALTER TABLE sessions ADD COLUMN last_seen_at BIGINT NOT NULL DEFAULT 0;
UPDATE sessions SET last_seen_at = created_at;
