CREATE INDEX drivers_company_id_idx ON drivers (company_id);
CREATE INDEX drivers_shipping_company_id_idx ON drivers (shipping_company_id);
DROP INDEX drivers_company_id_id_idx;
DROP INDEX drivers_shipping_company_id_id_idx;
