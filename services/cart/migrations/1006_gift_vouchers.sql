-- Gift vouchers. A paid order's voucher lines get one code per unit, worth
-- the unit's price; a later basket spends it, line by line, until nothing
-- is left. What an order took is recorded, so a cancelled order gives it
-- back, and `balance >= 0` holds whatever runs at once.
CREATE TABLE gift_vouchers (
    code         TEXT PRIMARY KEY,          -- GV-XXXX-XXXX-XXXX, read out or typed by the guest
    order_token  TEXT NOT NULL REFERENCES orders (token),
    line_id      BIGINT NOT NULL,           -- the order's voucher line
    unit         BIGINT NOT NULL,           -- 1..quantity of that line
    value        BIGINT NOT NULL,           -- minor units, PLN
    balance      BIGINT NOT NULL CHECK (balance >= 0),
    expires_at   BIGINT NOT NULL,           -- Unix ms
    created_at   BIGINT NOT NULL,
    UNIQUE (order_token, line_id, unit)
);

CREATE TABLE voucher_redemptions (
    order_token  TEXT NOT NULL REFERENCES orders (token),
    code         TEXT NOT NULL REFERENCES gift_vouchers (code),
    amount       BIGINT NOT NULL,
    returned_at  BIGINT,                    -- the order was cancelled: given back
    PRIMARY KEY (order_token, code)
);

-- A provider's notification names its own transaction (PayPal's order id).
CREATE UNIQUE INDEX payments_by_provider_ref ON payments (provider, provider_ref);
