-- Caps on what unpaid orders hold (services/cart/README.md, "Caps"): each
-- order keeps the room-nights its stays hold and a digest of the client
-- that placed it; completion sums a guest e-mail's and a client's unpaid
-- room-nights after taking a lock row for each in `booking_limits`.
ALTER TABLE orders ADD COLUMN room_nights BIGINT NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN client TEXT NOT NULL DEFAULT '';
CREATE INDEX orders_by_client ON orders (client);
CREATE TABLE booking_limits (
    key        TEXT PRIMARY KEY,
    touched_at BIGINT NOT NULL
);

-- Why an order was cancelled: hold_expired (unpaid in time; a late payment
-- may revive it while its nights are free) or nights_sold (paid after its
-- nights went to someone else: its money is due back).
ALTER TABLE orders ADD COLUMN cancel_reason TEXT NOT NULL DEFAULT '';
UPDATE orders SET cancel_reason = 'hold_expired' WHERE state = 'cancelled';
