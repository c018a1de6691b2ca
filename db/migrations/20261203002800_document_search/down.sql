DROP INDEX companies_cnpj_plain_trgm_idx;
DROP INDEX shipping_companies_cnpj_plain_trgm_idx;
DROP INDEX customers_cnpj_plain_trgm_idx;
ALTER TABLE companies DROP COLUMN cnpj_plain;
ALTER TABLE shipping_companies DROP COLUMN cnpj_plain;
ALTER TABLE customers DROP COLUMN cnpj_plain;
CREATE INDEX shipping_companies_cnpj_trgm_idx ON shipping_companies USING gin (cnpj gin_trgm_ops);
CREATE INDEX customers_cnpj_trgm_idx ON customers USING gin (cnpj gin_trgm_ops);
DROP FUNCTION patio_document(text);
