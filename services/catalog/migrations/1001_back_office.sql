-- The back office (services/catalog/README.md, "The back office"): a
-- product may be hidden from guests, counts its stock when it has one
-- (NULL: not counted), has search-engine texts per language, and keeps who
-- changed it last; every change is kept whole in `product_changes`. Stock
-- taken by an order is taken once per order event (`stock_moves`).
ALTER TABLE products ADD COLUMN published BIGINT NOT NULL DEFAULT 1;
ALTER TABLE products ADD COLUMN stock BIGINT;
ALTER TABLE products ADD COLUMN updated_at BIGINT NOT NULL DEFAULT 0;
ALTER TABLE products ADD COLUMN updated_by TEXT NOT NULL DEFAULT '';
ALTER TABLE product_translations ADD COLUMN meta_title TEXT NOT NULL DEFAULT '';
ALTER TABLE product_translations ADD COLUMN meta_description TEXT NOT NULL DEFAULT '';
CREATE UNIQUE INDEX product_slug_per_locale ON product_translations (locale, slug);
CREATE TABLE product_changes (
    product_code TEXT NOT NULL,
    at           BIGINT NOT NULL,      -- Unix ms
    staff        TEXT NOT NULL,
    body         TEXT NOT NULL         -- the product's fields after the change, JSON
);
CREATE INDEX product_changes_by_product ON product_changes (product_code, at);
CREATE TABLE stock_moves (
    event_id     TEXT NOT NULL,
    product_code TEXT NOT NULL,
    quantity     BIGINT NOT NULL,      -- taken (positive) or given back (negative)
    PRIMARY KEY (event_id, product_code)
);
