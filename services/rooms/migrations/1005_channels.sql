-- Booking portals' calendars (iCal) per room type. A channel imports the
-- portal's calendar, each of its bookings taking one unit of its nights
-- (`inventory.external`, counted like bookings by every sale), and exports
-- the nights it may not sell at /ical/{export_token}.ics.
ALTER TABLE inventory ADD COLUMN external BIGINT NOT NULL DEFAULT 0;

CREATE TABLE channels (
    id                TEXT PRIMARY KEY,
    name              TEXT NOT NULL,
    room_code         TEXT NOT NULL REFERENCES room_types (code),
    units             BIGINT NOT NULL,
    import_url        TEXT NOT NULL,          -- '' = export only
    export_token      TEXT NOT NULL UNIQUE,
    etag              TEXT NOT NULL DEFAULT '',   -- the portal's, of the last calendar applied
    etag_day          TEXT NOT NULL DEFAULT '',   -- the day it was applied on (the window it was cut to)
    last_sync_at      BIGINT NOT NULL DEFAULT 0,  -- Unix ms of the last try, 0 = never
    last_success_at   BIGINT NOT NULL DEFAULT 0,
    last_error        TEXT NOT NULL DEFAULT '',
    lease_until       BIGINT NOT NULL DEFAULT 0,  -- an import under way in some replica until then
    updated_at        BIGINT NOT NULL,
    updated_by        TEXT NOT NULL
);

-- The bookings a channel's calendar holds, from the day they were read on.
CREATE TABLE channel_bookings (
    channel_id        TEXT NOT NULL REFERENCES channels (id),
    uid               TEXT NOT NULL,
    summary           TEXT NOT NULL,
    arrival           TEXT NOT NULL,          -- YYYY-MM-DD, its first night
    departure         TEXT NOT NULL,          -- YYYY-MM-DD, the morning it leaves
    conflict_nights   TEXT NOT NULL DEFAULT '',   -- nights over-sold with it, comma-separated
    PRIMARY KEY (channel_id, uid)
);
