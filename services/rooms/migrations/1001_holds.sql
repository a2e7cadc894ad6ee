-- Holds and bookings of orders. A hold takes `held` units of every night of
-- its lines; Confirm moves them to `booked`; Release or expiry gives them back.

CREATE TABLE holds (
    order_id   TEXT PRIMARY KEY,       -- one hold per order: Reserve is idempotent
    status     TEXT NOT NULL,          -- held | confirmed | released | expired
    total      BIGINT NOT NULL,        -- price of all lines, PLN minor units
    expires_at BIGINT NOT NULL,        -- Unix ms; only meaningful while held
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX holds_expiring ON holds (expires_at) WHERE status = 'held';

CREATE TABLE hold_nights (
    order_id  TEXT NOT NULL REFERENCES holds (order_id),
    room_code TEXT NOT NULL,
    night     TEXT NOT NULL,
    quantity  BIGINT NOT NULL,
    PRIMARY KEY (order_id, room_code, night)
);
