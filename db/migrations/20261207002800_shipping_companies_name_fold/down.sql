CREATE INDEX shipping_companies_company_name_fold_trgm_idx
    ON shipping_companies USING gin (company_id, patio_fold(name) gin_trgm_ops);
DROP INDEX shipping_companies_company_name_fold_col_trgm_idx;
ALTER TABLE shipping_companies DROP COLUMN name_fold;
