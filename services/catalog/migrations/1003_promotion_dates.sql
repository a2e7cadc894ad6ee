-- A promotion may run between dates (services/catalog/README.md, "Prices
-- and promotions"): `price` is the promotional price and `original_price`
-- the regular one while today is within promotion_from..promotion_to
-- (each YYYY-MM-DD, inclusive; NULL: open); outside them the product sells
-- at its original price, shown without a struck price.
ALTER TABLE products ADD COLUMN promotion_from TEXT;
ALTER TABLE products ADD COLUMN promotion_to TEXT;
