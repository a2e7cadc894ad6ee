-- Counts the cart's committed changes, so a checkout step can write its
-- change in one statement when no other change came between.
ALTER TABLE carts ADD COLUMN version BIGINT NOT NULL DEFAULT 0;
