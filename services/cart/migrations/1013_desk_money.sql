-- The front desk's money and changes (services/cart/README.md, "The front
-- desk"). A payment the staff record carries the client's idempotency key
-- and who recorded it; a wrong record is never edited but reversed by
-- another (a negative amount naming it, one reversal per record). An
-- order's version moves with every change the front desk makes, so two
-- receptionists changing one order cannot both win; each change is kept in
-- its history, with who made it.
ALTER TABLE payments ADD COLUMN staff TEXT;
ALTER TABLE payments ADD COLUMN idempotency_key TEXT;
ALTER TABLE payments ADD COLUMN reverses TEXT;
CREATE UNIQUE INDEX payments_by_key ON payments (order_token, idempotency_key);
CREATE UNIQUE INDEX payments_reversal ON payments (reverses);
ALTER TABLE orders ADD COLUMN version BIGINT NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN cancellation_fee BIGINT NOT NULL DEFAULT 0;
CREATE TABLE order_history (
    order_token TEXT NOT NULL REFERENCES orders (token),
    version     BIGINT NOT NULL,          -- the order's version the change made
    at          BIGINT NOT NULL,          -- Unix ms
    action      TEXT NOT NULL,            -- payment_recorded | payment_reversed | cancelled | cancelled_by_guest
    staff    TEXT NOT NULL,            -- '' for the guest
    amount      BIGINT NOT NULL DEFAULT 0,
    note        TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (order_token, version)
);
