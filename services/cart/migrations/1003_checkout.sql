-- Checkout. What the steps saved lives on the cart (JSON: the guest's
-- details, the shipping method, the payment choice, the order id named
-- before the nights are reserved). An order is the completed cart, under
-- the same token, with the lines and totals as they were priced then.
ALTER TABLE carts ADD COLUMN checkout TEXT NOT NULL DEFAULT '{}';

CREATE TABLE orders (
    token           TEXT PRIMARY KEY,        -- the cart's token: /order/{token}/pay
    order_id        TEXT NOT NULL UNIQUE,    -- the rooms service's hold
    booking_code    TEXT NOT NULL UNIQUE,    -- read out by the guest: SPA-XXXX-XXXX
    idempotency_key TEXT UNIQUE,             -- the Idempotency-Key of the completing request
    customer_id     TEXT,
    email           TEXT NOT NULL,
    locale          TEXT NOT NULL,
    state           TEXT NOT NULL,           -- new | paid | cancelled
    payment_state   TEXT NOT NULL,           -- awaiting_payment | paid | cancelled
    payment_method  TEXT NOT NULL,           -- '' when nothing was to be paid
    total           BIGINT NOT NULL,         -- minor units, PLN
    vouchers        BIGINT NOT NULL,
    shipping        BIGINT NOT NULL,
    deposit         BIGINT NOT NULL,
    left_to_pay     BIGINT NOT NULL,
    due_now         BIGINT NOT NULL,         -- what the first payment takes
    hold_expires_at BIGINT NOT NULL,         -- Unix ms; 0 = no nights held
    summary         TEXT NOT NULL,           -- JSON: the priced lines and the guest's details
    created_at      BIGINT NOT NULL,
    paid_at         BIGINT
);
CREATE INDEX orders_by_customer ON orders (customer_id, created_at);
CREATE INDEX orders_by_email ON orders (email);
