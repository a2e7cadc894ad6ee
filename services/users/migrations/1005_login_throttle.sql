-- Failed logins counted per e-mail and client ("pair:<email>|<client>")
-- and per client ("client:<client>"), in a fixed window, so that guessing
-- an address's password from one client does not lock its owner out
-- everywhere. `email` is the pair's address ("" for a client's counter),
-- so a password reset forgets its address's counters.
CREATE TABLE login_throttle (
    key          TEXT PRIMARY KEY,
    email        TEXT NOT NULL,
    failures     BIGINT NOT NULL,
    window_start BIGINT NOT NULL
);
CREATE INDEX login_throttle_by_email ON login_throttle (email);
DROP TABLE login_failures;
