-- The settings the guesthouse's administrators change that the content
-- service owns (services/content/README.md, "The guesthouse's details"):
-- one row per section (`guesthouse`) holding its values as JSON, and every
-- change kept with who made it and when. A section without a row has its
-- first values (the demo guesthouse's).
CREATE TABLE settings (
    section     TEXT PRIMARY KEY,
    body        TEXT NOT NULL,
    updated_at  BIGINT NOT NULL,       -- Unix ms
    updated_by  TEXT NOT NULL
);
CREATE TABLE settings_history (
    section     TEXT NOT NULL,
    at          BIGINT NOT NULL,       -- Unix ms
    staff       TEXT NOT NULL,
    body        TEXT NOT NULL
);
CREATE INDEX settings_history_by_section ON settings_history (section, at);
