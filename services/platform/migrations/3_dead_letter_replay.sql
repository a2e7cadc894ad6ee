-- An operator asks for a parked event to be handled again (the service's
-- `dead-letters replay` command sets this); the consumer that parked it
-- takes it on its next round, runs its handler once, and deletes the row on
-- success or keeps it, with the new error, on failure.
ALTER TABLE dead_letters ADD COLUMN replay_requested_at BIGINT;
