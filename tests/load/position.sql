-- pgbench ceiling of GET /api/queue/position/driver/{driverId} (make bench): the query of
-- DRIVER_POSITION_SQL (adapters/postgres/src/repos/queue_reads.rs), $1 = :driver, $2 = now().
\set driver 105000
SELECT q.id, q.company_id, q.status, q.position, q.forecast_at, q.date, q.in_tolerance,
       q.truck_id, t.license_plate, (q.scheduling_id IS NULL) AS freelancer,
       COALESCE((COALESCE(q.closed_at, q.attended_at)
                    AT TIME ZONE COALESCE(st.time_zone, 'America/Sao_Paulo'))::date
                = (now() AT TIME ZONE COALESCE(st.time_zone, 'America/Sao_Paulo'))::date,
                FALSE) AS closed_today
  FROM queue_entries q
  JOIN trucks t ON t.id = q.truck_id
  LEFT JOIN settings st ON st.company_id = q.company_id
 WHERE q.driver_id = :driver
 ORDER BY (q.status IN ('waiting', 'loading')) DESC, q.id DESC
 LIMIT 1;
