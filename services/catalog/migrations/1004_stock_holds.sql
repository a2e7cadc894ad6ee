-- Stock an order took (services/catalog/README.md, "Stock"): taken at the
-- checkout before the order is placed, all of an order's lines or none,
-- once per order and product. `expires_at` is when it goes back unless the
-- order's `cart.order.placed` keeps it (then 0); `cart.order.cancelled`
-- gives back what an order kept. `stock_moves` (keyed by event, not by
-- order) is no longer written; what it holds stays as history.
CREATE TABLE stock_holds (
    order_id     TEXT NOT NULL,
    product_code TEXT NOT NULL,
    quantity     BIGINT NOT NULL,
    expires_at   BIGINT NOT NULL,      -- Unix ms; 0: kept by its placed order
    PRIMARY KEY (order_id, product_code)
);
CREATE INDEX stock_holds_expiring ON stock_holds (expires_at);
