-- One payment per order is taken at the provider at a time: the session
-- that holds its order's claim may verify (Przelewy24) or capture (PayPal)
-- its money; another session of the same order (a second tab) is then not
-- taken, so the provider returns that money. A claim goes when its
-- provider refuses the call for good; a retry of the same session keeps it.
CREATE TABLE payment_claims (
    order_token TEXT PRIMARY KEY REFERENCES orders (token),
    session_id  TEXT NOT NULL,
    claimed_at  BIGINT NOT NULL
);
