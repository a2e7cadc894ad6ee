-- Money that came for an order that no longer awaited it (cancelled
-- meanwhile, or paid by another payment) is kept as a payment in state
-- `refund_due` until the staff give it back at the provider and mark it
-- `refunded` with the refund's reference. Payment states are now:
-- started | paid | refused | refund_due | refunded.
ALTER TABLE payments ADD COLUMN refund_reference TEXT;
-- The receipt (or card terminal's, or transfer's) reference of a payment
-- the staff took at the guesthouse. Not a provider's id: two orders' rests
-- may carry the same one ("cash").
ALTER TABLE payments ADD COLUMN receipt TEXT;
ALTER TABLE payments ADD COLUMN refunded_at BIGINT;
CREATE INDEX payments_by_state ON payments (state, paid_at);
