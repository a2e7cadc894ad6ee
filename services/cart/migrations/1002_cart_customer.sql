-- A cart opened by a logged-in customer is theirs: GET /visitor/cart finds
-- it again on another device or after the browser forgot its token.
ALTER TABLE carts ADD COLUMN customer_id TEXT;
CREATE INDEX carts_by_customer ON carts (customer_id, updated_at);
