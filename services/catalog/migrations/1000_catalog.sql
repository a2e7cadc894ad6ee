-- Catalog: products of every type with their translations, taxons,
-- associations and exchange rates. Amounts are integer minor units.

CREATE TABLE taxons (
    code     TEXT PRIMARY KEY,
    parent   TEXT,
    position BIGINT NOT NULL
);

CREATE TABLE taxon_translations (
    taxon_code TEXT NOT NULL REFERENCES taxons (code),
    locale     TEXT NOT NULL,
    name       TEXT NOT NULL,
    slug       TEXT NOT NULL,
    PRIMARY KEY (taxon_code, locale)
);

CREATE TABLE products (
    id               BIGINT PRIMARY KEY,
    code             TEXT NOT NULL UNIQUE,
    type             TEXT NOT NULL,
    position         BIGINT NOT NULL,
    price            BIGINT NOT NULL,
    original_price   BIGINT,               -- set only while a promotion runs
    currency         TEXT NOT NULL,
    num_nights       BIGINT NOT NULL,
    duration_minutes BIGINT,
    age_restricted   BIGINT NOT NULL,      -- 0 or 1
    available_from   TEXT,                 -- YYYY-MM-DD
    available_to     TEXT,
    created_at       TEXT NOT NULL,        -- YYYY-MM-DD
    main_taxon       TEXT,
    image            TEXT,
    details          TEXT NOT NULL         -- JSON: package treatments, room facts, voucher values
);
CREATE INDEX products_by_type ON products (type, position);

CREATE TABLE product_translations (
    product_code TEXT NOT NULL REFERENCES products (code),
    locale       TEXT NOT NULL,
    name         TEXT NOT NULL,
    slug         TEXT NOT NULL,
    description  TEXT NOT NULL,
    PRIMARY KEY (product_code, locale)
);

CREATE TABLE product_taxons (
    product_code TEXT NOT NULL REFERENCES products (code),
    taxon_code   TEXT NOT NULL REFERENCES taxons (code),
    position     BIGINT NOT NULL,
    PRIMARY KEY (product_code, taxon_code)
);

CREATE TABLE product_associations (
    product_code TEXT NOT NULL REFERENCES products (code),
    related_code TEXT NOT NULL REFERENCES products (code),
    position     BIGINT NOT NULL,
    PRIMARY KEY (product_code, related_code)
);

-- Units of the base currency (PLN) per unit of another currency, in
-- millionths, so conversion stays in integers.
CREATE TABLE exchange_rates (
    currency  TEXT PRIMARY KEY,
    rate_ppm  BIGINT NOT NULL
);
