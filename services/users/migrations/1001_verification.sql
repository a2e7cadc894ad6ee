-- E-mail verification: a single-use token per request, kept only as a hash,
-- valid for a day.
CREATE TABLE verification_tokens (
    token_hash  TEXT PRIMARY KEY,
    customer_id TEXT NOT NULL REFERENCES customers (id),
    expires_at  BIGINT NOT NULL,
    used_at     BIGINT,
    created_at  BIGINT NOT NULL
);
