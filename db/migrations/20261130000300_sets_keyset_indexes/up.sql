-- The sets list (GET /api/driver/groups) pages by key: `WHERE id > from_id ORDER BY id LIMIT n`.
-- An administrator's view walks the primary key; a company's (Usuario, dispatch roles, the
-- administrator's unit filter) and a shipping company's (Transportadora, the shipping-company
-- filter) walk these two in id order from the key, so page 300 costs what page 1 does. They
-- replace the one-column indexes they begin with (same leading column, nothing is lost).
CREATE INDEX drivers_company_id_id_idx ON drivers (company_id, id);
CREATE INDEX drivers_shipping_company_id_id_idx ON drivers (shipping_company_id, id);
DROP INDEX drivers_company_id_idx;
DROP INDEX drivers_shipping_company_id_idx;

-- Its searches match any part of a plate, a name or a CPF (`LIKE '%...%'`): trigram indexes
-- find the few matching rows of 50,000 instead of reading them all.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX drivers_name_trgm_idx ON drivers USING gin (name gin_trgm_ops);
CREATE INDEX drivers_cpf_trgm_idx ON drivers USING gin (cpf gin_trgm_ops);
CREATE INDEX trucks_license_plate_trgm_idx ON trucks USING gin (license_plate gin_trgm_ops);

-- Its queue-label filters start from the entries that can carry a label: the active ones
-- (queue_entries_one_active_per_driver) and the ones closed in the last days (this one).
CREATE INDEX queue_entries_closed_at_idx ON queue_entries (closed_at) WHERE closed_at IS NOT NULL;
