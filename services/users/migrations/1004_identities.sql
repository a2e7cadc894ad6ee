-- Accounts at OpenID Connect providers linked to customers: one customer
-- per (provider, subject); a customer may have several.
CREATE TABLE identities (
    provider    TEXT NOT NULL,
    subject     TEXT NOT NULL,
    customer_id TEXT NOT NULL REFERENCES customers (id),
    created_at  BIGINT NOT NULL,
    PRIMARY KEY (provider, subject)
);
CREATE INDEX identities_customer ON identities (customer_id);
