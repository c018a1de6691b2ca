CREATE INDEX customers_company_name_fold_trgm_idx
    ON customers USING gin (company_id, patio_fold(name) gin_trgm_ops);
DROP INDEX customers_company_name_fold_col_trgm_idx;
ALTER TABLE customers DROP COLUMN name_fold;
