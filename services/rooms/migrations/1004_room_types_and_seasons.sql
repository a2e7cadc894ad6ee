-- Room types and seasons managed in the back office
-- (services/rooms/README.md, "Room types and seasons"): the seasons every
-- room type's rates follow, loaded once from the demo data and then the
-- guesthouse's own; who changed a room type or the seasons last, and every
-- change kept whole.
CREATE TABLE seasons (
    name               TEXT PRIMARY KEY,
    from_day           TEXT NOT NULL,     -- MM-DD, inclusive
    to_day             TEXT NOT NULL,     -- MM-DD, inclusive; may wrap over the new year
    multiplier_percent BIGINT NOT NULL,
    position           BIGINT NOT NULL
);
-- What the demo data loaded once, so a deleted season never comes back.
CREATE TABLE seed_marks (
    name TEXT PRIMARY KEY
);
ALTER TABLE room_types ADD COLUMN updated_at BIGINT NOT NULL DEFAULT 0;
ALTER TABLE room_types ADD COLUMN updated_by TEXT NOT NULL DEFAULT '';
CREATE TABLE rate_changes (
    subject TEXT NOT NULL,                -- a room type's code, or 'seasons'
    at      BIGINT NOT NULL,              -- Unix ms
    staff   TEXT NOT NULL,
    body    TEXT NOT NULL                 -- the settings after the change, JSON
);
