-- Pictures uploaded in the back office (services/catalog/README.md, "The
-- back office"): each in two sizes, the product page's and the listing's,
-- under paths named by a random id; a product with any shows them in their
-- order instead of its seed picture.
CREATE TABLE product_pictures (
    product_code TEXT NOT NULL REFERENCES products (code),
    position     BIGINT NOT NULL,
    page_path    TEXT NOT NULL UNIQUE,  -- /pictures/<code>/<id>-page.jpg
    listing_path TEXT NOT NULL UNIQUE,
    created_at   BIGINT NOT NULL,       -- Unix ms
    PRIMARY KEY (product_code, position)
);
