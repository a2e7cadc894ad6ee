-- The order an e-mail is about (its booking code; '' for the rest): the
-- front desk sees the e-mails each booking sent and whether they left.
ALTER TABLE outgoing_mail ADD COLUMN booking_code TEXT NOT NULL DEFAULT '';
CREATE INDEX outgoing_mail_booking ON outgoing_mail (booking_code, created_at) WHERE booking_code <> '';
