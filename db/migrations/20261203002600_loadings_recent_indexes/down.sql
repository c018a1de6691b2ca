DROP INDEX IF EXISTS schedulings_shipping_recent_idx;
DROP INDEX IF EXISTS schedulings_company_recent_idx;
