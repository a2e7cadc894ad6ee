-- What the front desk finds and lists orders by (services/cart/README.md,
-- "The front desk"): the guest's name and phone, the first arrival and the
-- last departure of its stays (YYYY-MM-DD, '' without a stay), and one
-- lowercased text a search matches. Orders placed before are filled in at
-- start from their summary.
ALTER TABLE orders ADD COLUMN guest_name TEXT NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN phone TEXT NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN arrival TEXT NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN departure TEXT NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN search_text TEXT NOT NULL DEFAULT '';
CREATE INDEX orders_by_arrival ON orders (arrival);
CREATE INDEX orders_by_departure ON orders (departure);
CREATE INDEX orders_by_created ON orders (created_at);
