-- A payment's claim stamps its order in the same transaction, and the
-- hold-expiry cancellation updates the order only when no claim was
-- stamped since: both write the same row, so the row lock orders them and
-- an order is never cancelled under a payment being taken.
ALTER TABLE orders ADD COLUMN payment_claimed_at BIGINT NOT NULL DEFAULT 0;
-- What of a payment is due back when part of it stays spent: an order that
-- lost its nights keeps the gift vouchers it issued, so that part is not
-- returned. NULL: the whole amount.
ALTER TABLE payments ADD COLUMN due_back BIGINT;
