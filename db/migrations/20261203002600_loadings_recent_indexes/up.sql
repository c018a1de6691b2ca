-- The integration v1's list of a scope's loadings, newest first (issue 26): a company's and a
-- carrier's pages walk these indexes instead of reading and sorting every loading of theirs.
CREATE INDEX IF NOT EXISTS schedulings_company_recent_idx ON schedulings (company_id, id DESC);
CREATE INDEX IF NOT EXISTS schedulings_shipping_recent_idx
    ON schedulings (shipping_company_id, company_id, id DESC);
