-- Newsletter subscribers and the e-mails waiting to be delivered.

CREATE TABLE newsletter_subscribers (
    email              TEXT PRIMARY KEY,   -- stored lower-case
    locale             TEXT NOT NULL,
    status             TEXT NOT NULL,      -- pending | confirmed
    confirmation_token TEXT NOT NULL UNIQUE,
    created_at         BIGINT NOT NULL,
    confirmed_at       BIGINT
);

-- Every e-mail the platform sends, written by event consumers; a delivery
-- worker sends pending rows and stamps sent_at.
CREATE TABLE outgoing_mail (
    id         TEXT PRIMARY KEY,           -- the event id that caused it
    recipient  TEXT NOT NULL,
    subject    TEXT NOT NULL,
    body       TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    sent_at    BIGINT
);
