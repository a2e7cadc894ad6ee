-- Customers, their credentials and sessions.

CREATE TABLE customers (
    id            TEXT PRIMARY KEY,
    email         TEXT NOT NULL UNIQUE,   -- stored lower-case
    password_hash TEXT,                   -- argon2 PHC string; NULL for guests
    first_name    TEXT NOT NULL,
    last_name     TEXT NOT NULL,
    phone         TEXT NOT NULL,
    roles         TEXT NOT NULL,          -- comma separated: customer, editor, admin
    verified_at   BIGINT,
    created_at    BIGINT NOT NULL
);

-- Only a hash of the session token is stored, so a leaked table does not
-- hand out sessions.
CREATE TABLE sessions (
    token_hash  TEXT PRIMARY KEY,
    customer_id TEXT NOT NULL REFERENCES customers (id),
    expires_at  BIGINT NOT NULL,
    created_at  BIGINT NOT NULL
);
