-- When a staff user's password last changed: sessions issued before it no longer stand
-- (domain::auth::Actor::still_holds). NULL: not changed since the account was created.
ALTER TABLE users ADD COLUMN password_changed_at timestamptz;
