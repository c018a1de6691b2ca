-- Issue 28 (search-e), measured on the bench's three years (docs/decisions.md).

-- A company's log filtered by operation: the company's index walked its 90 days (8,300 rows)
-- filtering the operation, 125 ms when none matched. With both keys first it reads the
-- matching rows only.
CREATE INDEX staff_logs_company_operation_created_at_idx
    ON staff_logs (company_id, operation_type, created_at DESC, id DESC);

-- Drivers' folded names stored: the trigram index's candidates are rechecked, and folding a
-- name (unaccent) costs ~6 us. A rescue search for "joão" rechecked 2,500 drivers (15 ms of
-- an 18 ms query); the stored column is compared as it is.
ALTER TABLE drivers ADD COLUMN name_fold text GENERATED ALWAYS AS (patio_fold(name)) STORED;
CREATE INDEX drivers_name_fold_col_trgm_idx ON drivers USING gin (name_fold gin_trgm_ops);
DROP INDEX drivers_name_fold_trgm_idx;
