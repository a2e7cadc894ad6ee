-- Rooms: room types' occupancy rules and the inventory of every night.
-- Amounts are integer minor units (PLN).

CREATE TABLE room_types (
    code          TEXT PRIMARY KEY,   -- the catalog product code
    units         BIGINT NOT NULL,    -- physical rooms of this type
    occupancy     BIGINT NOT NULL,    -- standard number of sleepers
    max_occupancy BIGINT NOT NULL,    -- with the extra bed
    extra_bed     BIGINT NOT NULL,    -- 0 or 1
    min_stay      BIGINT NOT NULL,    -- nights
    base_rate     BIGINT NOT NULL,
    weekend_rate  BIGINT NOT NULL,
    position      BIGINT NOT NULL
);

-- One row per room type and night. A night can be sold while
-- units - booked - held > 0 and it is not closed.
CREATE TABLE inventory (
    room_code TEXT NOT NULL REFERENCES room_types (code),
    night     TEXT NOT NULL,          -- YYYY-MM-DD
    units     BIGINT NOT NULL,
    booked    BIGINT NOT NULL DEFAULT 0,
    held      BIGINT NOT NULL DEFAULT 0,
    closed    BIGINT NOT NULL DEFAULT 0,
    rate      BIGINT NOT NULL,        -- price of this night
    PRIMARY KEY (room_code, night),
    CHECK (booked >= 0 AND held >= 0 AND booked + held <= units)
);
CREATE INDEX inventory_by_night ON inventory (night, room_code);
