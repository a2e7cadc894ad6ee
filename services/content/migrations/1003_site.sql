-- The newsletter's unsubscribe link, questions about products, and the
-- poll's votes (one per visitor).
ALTER TABLE newsletter_subscribers ADD COLUMN unsubscribe_token TEXT;
CREATE UNIQUE INDEX newsletter_unsubscribe_token ON newsletter_subscribers (unsubscribe_token);

CREATE TABLE product_questions (
    id           TEXT PRIMARY KEY,
    product_code TEXT NOT NULL,
    customer     TEXT NOT NULL,
    email        TEXT NOT NULL,
    phone        TEXT NOT NULL,
    message      TEXT NOT NULL,
    locale       TEXT NOT NULL,
    created_at   BIGINT NOT NULL
);

CREATE TABLE poll_votes (
    poll         TEXT NOT NULL,
    visitor      TEXT NOT NULL,            -- the gateway's visitor cookie
    option_code  TEXT NOT NULL,
    created_at   BIGINT NOT NULL,
    PRIMARY KEY (poll, visitor)
);
