-- Issue 28 (search-f): customers' folded names stored, as drivers' (20261205002801). A trigram
-- index's candidates are rechecked, and folding a name (unaccent) costs ~6 us: a company's
-- search for "fazenda joão" rechecked its 100 to 1,000 candidates with the fold (the custom
-- plan of the first runs, 5.5 ms on the bench); the stored column is compared as it is.
ALTER TABLE customers ADD COLUMN name_fold text GENERATED ALWAYS AS (patio_fold(name)) STORED;
CREATE INDEX customers_company_name_fold_col_trgm_idx
    ON customers USING gin (company_id, name_fold gin_trgm_ops);
DROP INDEX customers_company_name_fold_trgm_idx;
