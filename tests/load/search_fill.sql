-- Years of yard data, bulk-inserted with generate_series (issue 28): shared by the search
-- benchmark (tests/load/search_bench.sh, three years of ten companies) and the plan test
-- (adapters/postgres/tests/search_plans.rs, a smaller share). The caller first creates
--   CREATE TEMP TABLE fill_scale (companies, shipping, customers, products, users, orders,
--                                 drivers, trucks, loadings, entries, staff_logs,
--                                 driver_logs, outbox, days)   -- all integers
-- Existing companies (the demo's) are used first, then new ones are added up to
-- `companies`; every other row is spread evenly over them, its time over the last `days`
-- days (row 1 the newest). Names carry accents as people type them, half of the shipping
-- companies' and customers' documents are stored masked as old imports left them.

-- Companies, their settings and queue states.
INSERT INTO companies (name, company, cnpj, uf, city, street, district, zip_code)
SELECT 'Armazém Carga ' || g, 'Armazéns Carga ' || g || ' Ltda', lpad((11000000000000 + g)::text, 14, '0'),
       'MT', 'Rondonópolis', 'Rua A', 'Centro', '78700-000'
  FROM fill_scale f CROSS JOIN generate_series(1, GREATEST(f.companies - (SELECT count(*) FROM companies), 0)) g;
INSERT INTO settings (company_id) SELECT id FROM companies ON CONFLICT DO NOTHING;
INSERT INTO queue_states (company_id) SELECT id FROM companies ON CONFLICT DO NOTHING;
CREATE TEMP TABLE fill_companies AS
SELECT id, (row_number() OVER (ORDER BY id) - 1)::int AS k FROM companies ORDER BY id
 LIMIT (SELECT companies FROM fill_scale);
CREATE TEMP TABLE fill_names AS
SELECT (ARRAY['JOÃO', 'JOSÉ', 'ANTÔNIO', 'MARIA', 'FRANCISCO', 'CARLOS', 'PAULO', 'PEDRO', 'LUCAS',
              'LUÍS', 'MARCOS', 'GABRIEL', 'RAFAEL', 'DANIEL', 'MARCELO', 'BRUNO', 'CONCEIÇÃO',
              'FELIPE', 'RAIMUNDO', 'SEBASTIÃO'])[1 + i % 20] AS first,
       (ARRAY['SILVA', 'SANTOS', 'OLIVEIRA', 'SOUZA', 'RODRIGUES', 'FERREIRA', 'ALVES', 'PEREIRA',
              'LIMA', 'GOMES', 'RIBEIRO', 'CARVALHO', 'ARAÚJO', 'MELO', 'BARBOSA', 'CASTRO',
              'GONÇALVES', 'ROCHA', 'DIAS', 'MOREIRA'])[1 + (i / 20) % 20] AS middle,
       (ARRAY['BRAGA', 'CORRÊA', 'MACHADO', 'NUNES', 'PIRES', 'TEIXEIRA', 'MENDES', 'FREITAS',
              'CARDOSO', 'MONTEIRO', 'CAVALCANTI', 'ASSUNÇÃO', 'VIEIRA', 'BATISTA', 'ROMÃO',
              'FALCÃO', 'BRANDÃO', 'TAVARES', 'FONSECA', 'SIMÕES'])[1 + (i / 400) % 20] AS last,
       i
  FROM generate_series(0, 7999) i;

-- Shipping companies (code 1 is the demo's where it exists), customers, products.
-- A CNPJ as they look: an eight-digit root spread over the range (a multiplicative hash of
-- the row), branch 0001, two check digits (not computed: nothing validates them here). Real
-- roots share few trigrams; numbers counted up from one constant would share nearly all.
CREATE FUNCTION pg_temp.fill_cnpj(i bigint, m bigint) RETURNS bigint LANGUAGE sql IMMUTABLE
    AS $$ SELECT (i * m % 99999989) * 1000000 + 100 + i % 97 $$;
INSERT INTO shipping_companies (company_id, code, name, cnpj, is_enabled)
SELECT c.id, 100 + g, 'Transportes ' || n.middle || ' ' || n.last || ' ' || g,
       CASE WHEN g % 2 = 0 THEN lpad(d.n::text, 14, '0')
            ELSE to_char(d.n, 'FM00"."000"."000"/"0000"-"00') END,
       TRUE
  FROM fill_scale f CROSS JOIN fill_companies c CROSS JOIN generate_series(1, f.shipping / f.companies) g
  CROSS JOIN LATERAL (SELECT pg_temp.fill_cnpj(c.k * 1000 + g, 479001599) AS n) d
  JOIN fill_names n ON n.i = g * 7 % 8000;
CREATE TEMP TABLE fill_shipping AS
SELECT s.id, c.k, (row_number() OVER (PARTITION BY c.k ORDER BY s.id) - 1)::int AS j
  FROM shipping_companies s JOIN fill_companies c ON c.id = s.company_id;
CREATE INDEX ON fill_shipping (k, j);
INSERT INTO customers (company_id, code, name, company, cnpj)
SELECT c.id, g, 'Fazenda ' || n.first || ' ' || n.last || ' ' || g, 'Agro ' || n.middle || ' Ltda',
       CASE WHEN g % 2 = 0 THEN lpad(d.n::text, 14, '0')
            ELSE to_char(d.n, 'FM00"."000"."000"/"0000"-"00') END
  FROM fill_scale f CROSS JOIN fill_companies c CROSS JOIN generate_series(1, f.customers / f.companies) g
  CROSS JOIN LATERAL (SELECT pg_temp.fill_cnpj(c.k * 1000000 + g, 39916801) AS n) d
  JOIN fill_names n ON n.i = g * 13 % 8000;
INSERT INTO products (company_id, code, name, group_type, ncmcode)
SELECT c.id, g,
       (ARRAY['Soja em grão', 'Milho', 'Farelo de soja', 'Açúcar cristal', 'Algodão em pluma',
              'Fertilizante NPK', 'Calcário', 'Trigo', 'Sorgo', 'Café']) [1 + g % 10] || ' ' || g,
       g % 2, lpad((12010000 + g)::text, 8, '0')
  FROM fill_scale f CROSS JOIN fill_companies c CROSS JOIN generate_series(1, f.products / f.companies) g;
INSERT INTO users (name, email, password_hash, role, company_id, shipping_company_id, use_terms)
SELECT initcap(n.first) || ' ' || initcap(n.last) || ' ' || g, 'usuario' || g || '@carga' || c.k || '.local', '-',
       CASE WHEN g % 3 = 0 THEN 'Transportadora' ELSE 'Usuario' END, c.id,
       CASE WHEN g % 3 = 0 THEN s.id END, TRUE
  FROM fill_scale f CROSS JOIN fill_companies c CROSS JOIN generate_series(1, f.users / f.companies) g
  JOIN fill_names n ON n.i = g * 17 % 8000
  JOIN fill_shipping s ON s.k = c.k AND s.j = 0;

-- The truck catalogue.
INSERT INTO truck_brands (name)
SELECT b FROM unnest(ARRAY['Scânia Carga', 'Mercedes Carga', 'Iveco Carga', 'Volks Carga']) b
    ON CONFLICT DO NOTHING;
INSERT INTO truck_models (truck_brand_id, name)
SELECT b.id, b.name || ' ' || g FROM truck_brands b, generate_series(1, 5) g
 WHERE b.name LIKE '% Carga';
CREATE TEMP TABLE fill_models AS
SELECT id, (row_number() OVER (ORDER BY id) - 1)::int AS j FROM truck_models;

-- Orders (open to one shipping company each), drivers, trucks.
INSERT INTO orders (company_id, code, customer_id, status, created_at, updated_at)
SELECT c.id, 'PV' || lpad(g::text, 7, '0'), cu.id, CASE WHEN g % 4 = 0 THEN 50 ELSE 100 END,
       now() - make_interval(secs => g::float8 / f.orders * f.days * 86400),
       now() - make_interval(secs => g::float8 / f.orders * f.days * 86400)
  FROM fill_scale f CROSS JOIN generate_series(1, f.orders) g
  JOIN fill_companies c ON c.k = g % (SELECT companies FROM fill_scale)
  JOIN customers cu ON cu.company_id = c.id
                   AND cu.code = 1 + (g / (SELECT companies FROM fill_scale)) % ((SELECT customers / companies FROM fill_scale));
INSERT INTO order_shipping_companies (order_id, shipping_company_id)
SELECT o.id, s.id
  FROM orders o JOIN fill_companies c ON c.id = o.company_id
  JOIN fill_shipping s ON s.k = c.k
                      AND s.j = o.id % ((SELECT shipping / companies FROM fill_scale));
INSERT INTO drivers (company_id, shipping_company_id, name, cpf, birth_date, is_enabled, use_terms)
SELECT c.id, s.id, n.first || ' ' || n.middle || ' ' || n.last || ' ' || g,
       lpad((10000000000 + g::bigint * 97)::text, 11, '0'), DATE '1960-01-01' + g % 15000,
       g % 50 <> 0, TRUE
  FROM fill_scale f CROSS JOIN generate_series(1, f.drivers) g
  JOIN fill_companies c ON c.k = g % (SELECT companies FROM fill_scale)
  JOIN fill_names n ON n.i = g % 8000
  LEFT JOIN fill_shipping s ON s.k = c.k AND (g / 10) % 2 = 0
                           AND s.j = (g / 20) % ((SELECT shipping / companies FROM fill_scale));
CREATE TEMP TABLE fill_orders AS
SELECT id, company_id, (row_number() OVER (PARTITION BY company_id ORDER BY id) - 1)::int AS j
  FROM orders;
CREATE INDEX ON fill_orders (company_id, j);
CREATE TEMP TABLE fill_drivers AS
SELECT id, company_id, shipping_company_id, (row_number() OVER (ORDER BY id) - 1)::int AS j
  FROM drivers WHERE cpf <> '52998224725';
CREATE UNIQUE INDEX ON fill_drivers (j);
-- Plates: three letters (the row's number in base 26), a digit, a letter, two digits.
INSERT INTO trucks (company_id, shipping_company_id, driver_id, vehicle_model_id, license_plate,
                    renavam, implement_type, shaft_quantity, gross_capacity, net_capacity)
SELECT d.company_id, d.shipping_company_id, d.id, m.id,
       chr(65 + (g / 676) % 26) || chr(65 + (g / 26) % 26) || chr(65 + g % 26)
         || (g / 17576) % 10 || chr(65 + (g / 7) % 26) || lpad((g % 100)::text, 2, '0'),
       lpad((40000000000 + g::bigint * 31)::text, 11, '0'), 'BITRUCK', 4, 29, 19
  FROM fill_scale f CROSS JOIN generate_series(1, f.trucks) g
  JOIN fill_drivers d ON d.j = g % (SELECT count(*) FROM fill_drivers)
  JOIN fill_models m ON m.j = g % (SELECT count(*) FROM fill_models);
CREATE TEMP TABLE fill_trucks AS
SELECT id, driver_id, (row_number() OVER (ORDER BY id) - 1)::int AS j FROM trucks
 WHERE license_plate <> 'DEM0A12' AND driver_id IS NOT NULL;
CREATE UNIQUE INDEX ON fill_trucks (j);

-- Loadings, finished but the newest few hundred, each with its closed queue entry.
INSERT INTO schedulings (company_id, order_id, truck_id, driver_id, shipping_company_id,
                         qty_ordered, qty_transported, exped_initial_date, exped_date, status,
                         created_at, updated_at)
SELECT o.company_id, o.id, t.id, t.driver_id, d.shipping_company_id, 30, 29.5,
       at - interval '40 minutes', CASE WHEN g > 300 THEN at END, g > 300, at - interval '1 day', at
  FROM fill_scale f CROSS JOIN generate_series(1, f.loadings) g
  CROSS JOIN LATERAL (SELECT now() - make_interval(secs => g::float8 / f.loadings * f.days * 86400) AS at) a
  JOIN fill_trucks t ON t.j = g % (SELECT count(*) FROM fill_trucks)
  JOIN drivers d ON d.id = t.driver_id
  JOIN fill_orders o ON o.company_id = d.company_id
                    AND o.j = g % ((SELECT orders / companies FROM fill_scale));
INSERT INTO queue_entries (company_id, driver_id, truck_id, scheduling_id, status, joined_at,
                           position, date, attended, attended_at, expedition, closed_at)
SELECT s.company_id, s.driver_id, s.truck_id, s.id,
       CASE WHEN s.id % 20 = 0 THEN 'faulty' WHEN s.id % 20 = 1 THEN 'left' ELSE 'attended' END,
       s.created_at, 0, s.updated_at::date, s.id % 20 > 1,
       CASE WHEN s.id % 20 > 1 THEN s.updated_at END, s.exped_initial_date, s.updated_at
  FROM schedulings s
 WHERE s.status
 ORDER BY s.id
 LIMIT (SELECT entries FROM fill_scale);
INSERT INTO dropout_logs (company_id, driver_id, truck_id, queue_entry_id, closed_at, date, ip, device)
SELECT q.company_id, q.driver_id, q.truck_id, q.id, q.closed_at, q.date, '10.0.0.1', 'Android'
  FROM queue_entries q WHERE q.status = 'left';
INSERT INTO queue_restores (company_id, order_id, queue_entry_id, driver_id, truck_id,
                            qty_transported, status, created_at, restored_at)
SELECT q.company_id, s.order_id, q.id, q.driver_id, q.truck_id, 29.5, q.id % 3 <> 0,
       q.closed_at + interval '1 hour', CASE WHEN q.id % 3 <> 0 THEN q.closed_at + interval '2 hours' END
  FROM queue_entries q JOIN schedulings s ON s.id = q.scheduling_id
 WHERE q.status = 'faulty' AND q.id % 10 = 0;

-- Logs and mail. The staff log is partitioned by month: the retention job would have created
-- each month's partition as the years went by.
SELECT patio_staff_log_partitions((now() - make_interval(days => f.days + 1))::date, now()::date)
  FROM fill_scale f;
INSERT INTO staff_logs (operation_type, object_type, company_id, user_id, title, details, ip, created_at)
SELECT (ARRAY['CREATE', 'UPDATE', 'DELETE', 'LOGIN'])[1 + g % 4],
       (ARRAY['DRIVER', 'TRUCK', 'ORDER', 'CUSTOMER', 'USER'])[1 + (g / 4) % 5], c.id, u.id,
       'Usuário <b>' || u.name || '</b> alterou o motorista <b>' || n.first || ' ' || n.last || '</b>',
       jsonb_build_array(jsonb_build_object('key', 'Nome', 'value', n.first || ' ' || n.last)),
       '10.0.0.' || g % 250, now() - make_interval(secs => g::float8 / f.staff_logs * f.days * 86400)
  FROM fill_scale f CROSS JOIN generate_series(1, f.staff_logs) g
  JOIN fill_companies c ON c.k = g % (SELECT companies FROM fill_scale)
  JOIN fill_names n ON n.i = g % 8000
  JOIN LATERAL (SELECT id, name FROM users WHERE company_id = c.id ORDER BY id LIMIT 1) u ON TRUE;
INSERT INTO driver_logs (driver_id, company_id, operation_type, data, created_at)
SELECT d.id, d.company_id, (ARRAY['LOGIN', 'IN_QUEUE', 'OUT_QUEUE', 'CHECK_IN', 'CHECK_OUT'])[1 + g % 5],
       '{"truck": {"licensePlate": "ABC1D23"}}'::jsonb,
       now() - make_interval(secs => g::float8 / f.driver_logs * f.days * 86400)
  FROM fill_scale f CROSS JOIN generate_series(1, f.driver_logs) g
  JOIN fill_drivers d ON d.j = g % (SELECT count(*) FROM fill_drivers);
INSERT INTO outbox (company_id, kind, recipient, recipient_name, subject, text_body, html_body,
                    status, attempts, created_at)
SELECT c.id, 'daily_report', 'usuario@carga' || c.k || '.local', 'Usuário', 'Relatório diário',
       'Carregamentos do dia', '<p>Carregamentos do dia</p>', 'logged', 1,
       now() - make_interval(secs => g::float8 / f.outbox * f.days * 86400)
  FROM fill_scale f CROSS JOIN generate_series(1, f.outbox) g
  JOIN fill_companies c ON c.k = g % (SELECT companies FROM fill_scale);

DROP TABLE fill_companies, fill_names, fill_orders, fill_shipping, fill_models, fill_drivers, fill_trucks;
