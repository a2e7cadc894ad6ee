-- Carts and their items. Amounts are integer minor units.

CREATE TABLE carts (
    token          TEXT PRIMARY KEY,   -- chosen by the client, unguessable
    channel        TEXT NOT NULL,
    locale         TEXT NOT NULL,
    currency       TEXT NOT NULL,
    checkout_state TEXT NOT NULL,
    created_at     BIGINT NOT NULL,
    updated_at     BIGINT NOT NULL
);

CREATE TABLE cart_items (
    id         BIGINT PRIMARY KEY,
    cart_token TEXT NOT NULL REFERENCES carts (token) ON DELETE CASCADE,
    type       TEXT NOT NULL,          -- reservation | package | treatment | product | voucher
    code       TEXT NOT NULL,
    quantity   BIGINT NOT NULL,
    unit_price BIGINT NOT NULL,
    details    TEXT NOT NULL           -- JSON: dates, guests, options
);
CREATE INDEX cart_items_by_cart ON cart_items (cart_token);
