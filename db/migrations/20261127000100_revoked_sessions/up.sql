-- Session tokens ended by a sign-out before their expiry (issue 9): every instance reads an
-- account's rows with the account (domain::auth::Actor::still_holds). A row is useless after
-- the token's expiry and is deleted by the next sign-out.
CREATE TABLE revoked_sessions (
    token_id   text PRIMARY KEY,
    kind       text NOT NULL CHECK (kind IN ('staff', 'driver')),
    account_id bigint NOT NULL,
    expires_at timestamptz NOT NULL
);
CREATE INDEX revoked_sessions_account ON revoked_sessions (kind, account_id);
CREATE INDEX revoked_sessions_expiry ON revoked_sessions (expires_at);
