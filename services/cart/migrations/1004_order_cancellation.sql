-- An unpaid order is cancelled when the rooms service lets its hold expire.
ALTER TABLE orders ADD COLUMN cancelled_at BIGINT;
