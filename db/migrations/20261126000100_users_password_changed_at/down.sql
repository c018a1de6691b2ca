ALTER TABLE users DROP COLUMN password_changed_at;
