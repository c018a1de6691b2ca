CREATE INDEX drivers_name_fold_trgm_idx ON drivers USING gin (patio_fold(name) gin_trgm_ops);
DROP INDEX drivers_name_fold_col_trgm_idx;
ALTER TABLE drivers DROP COLUMN name_fold;
DROP INDEX staff_logs_company_operation_created_at_idx;
