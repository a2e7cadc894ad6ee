-- Single-use links sent by e-mail (verification, password reset): each
-- token is kept only as a hash, with its purpose and its end.
CREATE TABLE account_tokens (
    token_hash  TEXT PRIMARY KEY,
    customer_id TEXT NOT NULL REFERENCES customers (id),
    purpose     TEXT NOT NULL,          -- verify | reset
    expires_at  BIGINT NOT NULL,
    used_at     BIGINT,
    created_at  BIGINT NOT NULL
);
