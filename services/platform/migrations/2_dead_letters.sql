-- Bounded retries for outbox rows the bus refuses, and the dead letters:
-- events given up on after their last attempt, kept with their error.

-- A refused row waits until next_attempt_at (Unix ms) before it is tried
-- again, so it does not hold up the rows behind it; last_error says why.
ALTER TABLE outbox ADD COLUMN next_attempt_at BIGINT NOT NULL DEFAULT 0;
ALTER TABLE outbox ADD COLUMN last_error TEXT;

-- Parked by a consumer (its durable name) or by the relay (<service>-relay).
CREATE TABLE dead_letters (
    id         TEXT PRIMARY KEY,            -- UUIDv7 of the parking
    consumer   TEXT NOT NULL,
    event_id   TEXT,                        -- NULL when the event came without one
    subject    TEXT NOT NULL,
    payload    BYTEA NOT NULL,
    headers    TEXT NOT NULL,               -- JSON object
    attempts   BIGINT NOT NULL,
    error      TEXT NOT NULL,
    parked_at  BIGINT NOT NULL
);
CREATE UNIQUE INDEX dead_letters_event ON dead_letters (consumer, event_id);
