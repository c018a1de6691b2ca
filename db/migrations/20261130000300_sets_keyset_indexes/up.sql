-- The sets list (GET /api/driver/groups) pages by key: `WHERE id > from_id ORDER BY id LIMIT n`.
-- An administrator's view walks the primary key; a company's (Usuario, dispatch roles, the
-- administrator's unit filter) and a shipping company's (Transportadora, the shipping-company
-- filter) walk these two in id order from the key, so page 300 costs what page 1 does. They
-- replace the one-column indexes they begin with (same leading column, nothing is lost).
CREATE INDEX drivers_company_id_id_idx ON drivers (company_id, id);
CREATE INDEX drivers_shipping_company_id_id_idx ON drivers (shipping_company_id, id);
DROP INDEX drivers_company_id_idx;
DROP INDEX drivers_shipping_company_id_idx;
