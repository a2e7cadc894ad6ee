-- Online payments of orders. A payment is one attempt at the provider (a
-- guest may start again); the first notification that checks out marks it
-- and its order paid, once.
CREATE TABLE payments (
    session_id   TEXT PRIMARY KEY,         -- ours, sent to the provider
    order_token  TEXT NOT NULL REFERENCES orders (token),
    provider     TEXT NOT NULL,            -- przelewy24
    amount       BIGINT NOT NULL,          -- minor units, PLN: what this attempt takes
    state        TEXT NOT NULL,            -- started | paid | refused
    provider_ref TEXT,                     -- the provider's transaction id
    created_at   BIGINT NOT NULL,
    paid_at      BIGINT
);
CREATE INDEX payments_by_order ON payments (order_token);
