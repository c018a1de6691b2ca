-- Issue 28 (search-h): shipping companies' folded names stored, as drivers' (20261205002801)
-- and customers' (20261206002810). The administrator's search for "transportes araújo" walked
-- the list's order and folded each name it passed (unaccent, ~2-6 us): 341 folds for the 8 of
-- the first page, 0.5 of the page's 0.6 ms; the stored column is compared as it is.
ALTER TABLE shipping_companies
    ADD COLUMN name_fold text GENERATED ALWAYS AS (patio_fold(name)) STORED;
CREATE INDEX shipping_companies_company_name_fold_col_trgm_idx
    ON shipping_companies USING gin (company_id, name_fold gin_trgm_ops);
DROP INDEX shipping_companies_company_name_fold_trgm_idx;
