-- Searches that stay fast as the years pile up (issue 28).
--
-- Every "contains" search of a list compares folded text: patio_fold(column) LIKE
-- patio_fold(pattern), where patio_fold drops accents (unaccent) and case, so 'joao' finds
-- 'JOÃO' and 'ABC' finds 'abc'. Documents and plates are stored unmasked (digits, upper-case
-- letters and digits) and the searches strip the typed mask, so '529.982.247-25' and
-- '52998224725' find the same rows. Trigram GIN indexes on the folded expressions let a
-- search read the few matching rows instead of the whole table; btree indexes lead with the
-- company or shipping company each list is scoped to and end with the list's order.

CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS unaccent;

-- unaccent() is STABLE (its dictionary could change), so it cannot appear in an index. This
-- wrapper names the dictionary and is declared IMMUTABLE, the usual way to index it: the
-- unaccent rules file is part of the installed extension and does not change under us. If it
-- ever does, REINDEX the *_fold_trgm_idx indexes. Schema-qualified, so that an index rebuild
-- with an empty search_path (pg_restore) still finds it.
CREATE FUNCTION patio_fold(text) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS $$ SELECT pg_catalog.lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$;

-- Drivers: name (folded) and CPF (digits); lists ordered by name within a company or a
-- shipping company (the administrator's view by name alone).
CREATE INDEX drivers_name_fold_trgm_idx ON drivers USING gin (patio_fold(name) gin_trgm_ops);
DROP INDEX drivers_name_trgm_idx;
CREATE INDEX drivers_name_id_idx ON drivers (name, id);
CREATE INDEX drivers_company_name_idx ON drivers (company_id, name, id);
CREATE INDEX drivers_shipping_company_name_idx ON drivers (shipping_company_id, name, id);

-- Trucks: plate (already trigram-indexed, stored upper-case unmasked), renavam; lists
-- ordered by plate within a company or shipping company.
CREATE INDEX trucks_renavam_trgm_idx ON trucks USING gin (renavam gin_trgm_ops);
CREATE INDEX trucks_company_plate_idx ON trucks (company_id, license_plate, id);
CREATE INDEX trucks_shipping_company_plate_idx ON trucks (shipping_company_id, license_plate, id);
CREATE INDEX truck_models_name_fold_trgm_idx ON truck_models USING gin (patio_fold(name) gin_trgm_ops);

-- Customers and carriers: name (folded), CNPJ (as stored: digits, or masked in old imports),
-- code; lists ordered by code.
CREATE INDEX customers_name_fold_trgm_idx ON customers USING gin (patio_fold(name) gin_trgm_ops);
CREATE INDEX customers_cnpj_trgm_idx ON customers USING gin (cnpj gin_trgm_ops);
CREATE INDEX customers_code_idx ON customers (code, id);
CREATE INDEX shipping_companies_name_fold_trgm_idx
    ON shipping_companies USING gin (patio_fold(name) gin_trgm_ops);
CREATE INDEX shipping_companies_cnpj_trgm_idx ON shipping_companies USING gin (cnpj gin_trgm_ops);
CREATE INDEX shipping_companies_code_idx ON shipping_companies (code, id);

-- Orders: code (folded: codes carry letters); the customer's name goes through the customers'
-- index; lists newest first within a company (orders_company_created_at_idx) or overall.
CREATE INDEX orders_code_fold_trgm_idx ON orders USING gin (patio_fold(code) gin_trgm_ops);
CREATE INDEX orders_created_at_idx ON orders (created_at DESC, id DESC);
DROP INDEX orders_company_created_at_idx;
CREATE INDEX orders_company_created_at_idx ON orders (company_id, created_at DESC, id DESC);

-- Products: name (folded), NCM code; ordered by code.
CREATE INDEX products_name_fold_trgm_idx ON products USING gin (patio_fold(name) gin_trgm_ops);
CREATE INDEX products_ncmcode_trgm_idx ON products USING gin (ncmcode gin_trgm_ops);
CREATE INDEX products_code_idx ON products (code, id);

-- Users: name and e-mail (folded); ordered by name.
CREATE INDEX users_name_fold_trgm_idx ON users USING gin (patio_fold(name) gin_trgm_ops);
CREATE INDEX users_email_fold_trgm_idx ON users USING gin (patio_fold(email) gin_trgm_ops);
CREATE INDEX users_name_id_idx ON users (name, id);

-- The loading history: finished loadings of a period, newest first, of a company or of all.
-- The included columns let the page's count and tonnes sum read the index alone.
CREATE INDEX schedulings_history_company_idx
    ON schedulings (company_id, (COALESCE(exped_date, updated_at)) DESC, id DESC)
    INCLUDE (exped_date, updated_at, qty_transported) WHERE status;
CREATE INDEX schedulings_history_idx
    ON schedulings ((COALESCE(exped_date, updated_at)) DESC, id DESC)
    INCLUDE (exped_date, updated_at, qty_transported) WHERE status;
-- ANALYZE gathers no figures for a partial index's expression: without these the planner
-- takes a period for a third of all loadings and may read the table instead of the index.
CREATE STATISTICS schedulings_history_day_stats ON (COALESCE(exped_date, updated_at)) FROM schedulings;

-- Pending rescues of every company (the administrator's list), newest first.
CREATE INDEX queue_restores_pending_idx ON queue_restores (created_at DESC, id DESC) WHERE NOT status;

-- The yard's missing list: a company's faults closed since a day.
CREATE INDEX queue_entries_company_missing_idx ON queue_entries (company_id, closed_at)
    WHERE status IN ('faulty', 'tolerance_dropped');

-- Staff logs: newest first with ties by id (the grid's order), and the retention job's walk
-- by age (the same index, read backwards). The outbox's retention walks its created_at.
-- The log screen's text search reads the title (HTML of escaped values), folded once when
-- the row is written: a search's candidates from the trigram index are checked against the
-- stored text (about 0.3 us a row) rather than folding each title again (3 to 8 us), which
-- over a million rows is the difference between tens and hundreds of milliseconds.
ALTER TABLE staff_logs ADD COLUMN title_fold text GENERATED ALWAYS AS (patio_fold(title)) STORED;
CREATE INDEX staff_logs_title_fold_trgm_idx ON staff_logs USING gin (title_fold gin_trgm_ops);
DROP INDEX staff_logs_created_at_idx;
CREATE INDEX staff_logs_created_at_idx ON staff_logs (created_at DESC, id DESC);
CREATE INDEX driver_logs_created_at_idx ON driver_logs (created_at, id);
CREATE INDEX outbox_created_at_idx ON outbox (created_at, id);
