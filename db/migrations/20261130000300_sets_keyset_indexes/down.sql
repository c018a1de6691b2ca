DROP INDEX queue_entries_closed_at_idx;
DROP INDEX trucks_license_plate_trgm_idx;
DROP INDEX drivers_cpf_trgm_idx;
DROP INDEX drivers_name_trgm_idx;
DROP EXTENSION IF EXISTS pg_trgm;
CREATE INDEX drivers_company_id_idx ON drivers (company_id);
CREATE INDEX drivers_shipping_company_id_idx ON drivers (shipping_company_id);
DROP INDEX drivers_company_id_id_idx;
DROP INDEX drivers_shipping_company_id_id_idx;
