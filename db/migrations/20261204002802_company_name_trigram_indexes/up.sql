-- A company's search of its customers' or carriers' names (issue 28): the trigram index held
-- the names of every company, so "fazenda joão" found the 1,000 of ten companies and folded
-- each again to keep the company's 100 (12-14 ms on the bench, 12x the first page). With the
-- company as the index's first column (btree_gin), the index returns the company's matches
-- only (1 ms). A search across companies (the administrator) uses the name column alone, as
-- efficiently: a GIN index serves any subset of its columns.
CREATE EXTENSION IF NOT EXISTS btree_gin;
CREATE INDEX customers_company_name_fold_trgm_idx
    ON customers USING gin (company_id, patio_fold(name) gin_trgm_ops);
DROP INDEX customers_name_fold_trgm_idx;
CREATE INDEX shipping_companies_company_name_fold_trgm_idx
    ON shipping_companies USING gin (company_id, patio_fold(name) gin_trgm_ops);
DROP INDEX shipping_companies_name_fold_trgm_idx;
