DROP INDEX staff_logs_title_joined_trgm_idx;
CREATE INDEX staff_logs_title_fold_trgm_idx ON staff_logs USING gin (title_fold gin_trgm_ops);
