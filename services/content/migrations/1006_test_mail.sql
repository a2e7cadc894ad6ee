-- A test e-mail the back office sends (services/content/README.md, "Mail"):
-- kept in the queue like any other, marked so its page can list the last ones.
ALTER TABLE outgoing_mail ADD COLUMN kind TEXT NOT NULL DEFAULT '';
CREATE INDEX outgoing_mail_by_kind ON outgoing_mail (kind, created_at);
