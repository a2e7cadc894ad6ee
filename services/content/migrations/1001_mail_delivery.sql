-- Delivery of the queued e-mails: an HTML part beside the text, attempts
-- with a growing pause, a lease while one sender has the row, the last
-- error, and whether the body holds a secret link (cleared once sent).
ALTER TABLE outgoing_mail ADD COLUMN html TEXT;
ALTER TABLE outgoing_mail ADD COLUMN attempts BIGINT NOT NULL DEFAULT 0;
ALTER TABLE outgoing_mail ADD COLUMN next_attempt_at BIGINT NOT NULL DEFAULT 0;
ALTER TABLE outgoing_mail ADD COLUMN claimed_until BIGINT NOT NULL DEFAULT 0;
ALTER TABLE outgoing_mail ADD COLUMN last_error TEXT;
ALTER TABLE outgoing_mail ADD COLUMN sensitive BIGINT NOT NULL DEFAULT 0;
CREATE INDEX outgoing_mail_due ON outgoing_mail (sent_at, next_attempt_at);
