-- Basket lines. A line's id counts up within its cart (1, 2, 3, ...) and is
-- taken while the cart's row is locked, so parallel changes to one cart
-- queue instead of losing each other. A package attached to a stay points
-- at the reservation line. Prices are not stored: they are read from the
-- catalog and the rooms service every time the cart is shown.

ALTER TABLE carts ADD COLUMN last_item_id BIGINT NOT NULL DEFAULT 0;

-- The first cut's item table never held a line.
DROP TABLE cart_items;

CREATE TABLE cart_items (
    cart_token TEXT NOT NULL REFERENCES carts (token) ON DELETE CASCADE,
    id         BIGINT NOT NULL,
    parent_id  BIGINT,                 -- the reservation a package belongs to
    kind       TEXT NOT NULL,          -- reservation | package | treatment | product | voucher
    code       TEXT NOT NULL,          -- the catalog product (the room for a reservation)
    quantity   BIGINT NOT NULL,        -- units, or a package's persons
    details    TEXT NOT NULL,          -- JSON: the stay and guests, chosen treatments, a voucher's price option
    PRIMARY KEY (cart_token, id)
);
