-- Failed sign-ins (issue 9 item 8), shared by every instance: one row per failure and key
-- (`a:<account>`, `ip:<address>`, `d:<account>:<device>`). Rows older than the window are
-- deleted as new failures arrive.
CREATE TABLE login_failures (
    key       text NOT NULL,
    failed_at timestamptz NOT NULL
);
CREATE INDEX login_failures_key_time ON login_failures (key, failed_at);
CREATE INDEX login_failures_time ON login_failures (failed_at);
