-- Platform tables present in every service's database. Portable SQL: it runs
-- unchanged on SQLite and PostgreSQL. Timestamps are Unix milliseconds.

-- Events written in the same transaction as the change they describe; the
-- relay publishes them and stamps published_at.
CREATE TABLE outbox (
    id           TEXT PRIMARY KEY,          -- UUIDv7: sorts by creation time
    subject      TEXT NOT NULL,
    payload      BYTEA NOT NULL,
    headers      TEXT NOT NULL,             -- JSON object, e.g. traceparent
    created_at   BIGINT NOT NULL,
    published_at BIGINT,
    attempts     BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX outbox_pending ON outbox (id) WHERE published_at IS NULL;

-- Event ids a consumer has handled, so a redelivered event changes nothing.
CREATE TABLE processed_events (
    consumer     TEXT NOT NULL,
    event_id     TEXT NOT NULL,
    processed_at BIGINT NOT NULL,
    PRIMARY KEY (consumer, event_id)
);
