-- Failed logins per e-mail address (registered or not, so the limit tells
-- nobody who is registered), counted in a fixed window.
CREATE TABLE login_failures (
    email        TEXT PRIMARY KEY,
    failures     BIGINT NOT NULL,
    window_start BIGINT NOT NULL
);
