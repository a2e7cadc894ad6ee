-- The terms an order was placed under (services/cart/README.md, "Settings"):
-- the advance payment's share and the cancellation policy, so a later change
-- of the settings never changes what a guest agreed to. NULL for orders
-- placed before they were kept: the settings in force apply to those.
ALTER TABLE orders ADD COLUMN deposit_percent BIGINT;
ALTER TABLE orders ADD COLUMN cancellation_free_days BIGINT;
ALTER TABLE orders ADD COLUMN cancellation_fee_percent BIGINT;
