CREATE INDEX customers_name_fold_trgm_idx ON customers USING gin (patio_fold(name) gin_trgm_ops);
DROP INDEX customers_company_name_fold_trgm_idx;
CREATE INDEX shipping_companies_name_fold_trgm_idx ON shipping_companies USING gin (patio_fold(name) gin_trgm_ops);
DROP INDEX shipping_companies_company_name_fold_trgm_idx;
DROP EXTENSION IF EXISTS btree_gin;
